/**
 * Start-up against a bare node (issue 27: an exact answer within 1.5x of `node -e 0`, `--version`
 * within 1.1x), the process time of each finished child as the operating system counts it
 * (bench/processTime.ts: nothing loaded into the child), interleaved with bare `node -e 0` runs
 * measured the same way, the ratios taken pair by pair. The commands are the installed bin's:
 * `node dist/cli/main.js ...`. `npm run bench:startup [-- --pairs N]`, and rows of `npm run bench`.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairedAgainstBare, pairedLine, type PairedRow } from './processTime.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export const STARTUP_COMMANDS = [
  { what: 'battle-odds --version', args: [CLI, '--version'], goal: 1.1 },
  {
    what: 'battle-odds odds landgrab --attackers 10 --defenders 10 (exact)',
    args: [CLI, 'odds', 'landgrab', '--attackers', '10', '--defenders', '10'],
    goal: 1.5,
  },
];

export function benchStartup(pairs: number): Array<PairedRow & { goal: number }> {
  const rows = pairedAgainstBare(STARTUP_COMMANDS, pairs);
  return rows.map((row, i) => ({ ...row, goal: STARTUP_COMMANDS[i].goal }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const at = process.argv.indexOf('--pairs');
  const pairs = at > 0 ? Number(process.argv[at + 1]) : 21;
  const load = os.loadavg()[0];
  for (const row of benchStartup(pairs))
    console.log(`${pairedLine(row)}; goal ${row.goal}x ${row.ratio.median <= row.goal ? 'ok' : 'MISSED'}`);
  console.log(`load average ${load.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after; ${os.cpus().length} cores`);
}
