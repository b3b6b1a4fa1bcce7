/**
 * `npm run bench:turn`: the LandGrab turn planner (issue 28) on boards of growing size, each planned by
 * the built command line in a child process (`plan landgrab --json`), so the time and the peak memory
 * are the operating system's for the whole program: CPU seconds (user + system) and peak resident
 * memory (process.resourceUsage().maxRSS of the child). The boards are one family: my k territories
 * facing k enemy ones along a front (each of mine touches the enemy territory before it and its own),
 * the enemy's making the continent East, 4 armies on each of mine, 3 on each enemy (2 on the last),
 * 2k reinforcements; k = 4 is issue 28's bench board (8 territories, 16 + 8 against 11). A board past
 * the exact planner's budget of states is answered by the sampled planner: its row says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand } from './processTime.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const LETTERS = 'ABCDEFGHIJKLMNOP';

export interface TurnBenchRow {
  territories: number;
  reinforcements: number;
  planner: string;
  placements: number;
  states: number;
  value: number;
  cpuSeconds: number;
  wallSeconds: number;
  peakMiB: number;
}

/** The front board with k territories a side (k = 4: the bench board of issue 28). */
export function frontBoard(k: number): Record<string, unknown> {
  const mine = Array.from({ length: k }, (_, i) => LETTERS[i]);
  const theirs = Array.from({ length: k }, (_, i) => LETTERS[k + i]);
  const adjacent: [string, string][] = [];
  mine.forEach((m, i) => {
    if (i > 0) adjacent.push([m, theirs[i - 1]]);
    adjacent.push([m, theirs[i]]);
  });
  for (let i = 0; i + 1 < k; i++) adjacent.push([theirs[i], theirs[i + 1]]);
  return {
    me: 'red',
    territories: [
      ...mine.map((name) => ({ name, owner: 'red', armies: 4 })),
      ...theirs.map((name, i) => ({ name, owner: 'blue', armies: i === k - 1 ? 2 : 3 })),
    ],
    adjacent,
    continents: [{ name: 'East', bonus: 5, territories: theirs }],
    reinforcements: 2 * k,
  };
}

export function benchTurn(sides: number[], extra: string[] = []): TurnBenchRow[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-turn-'));
  try {
    return sides.map((k) => {
      const file = path.join(dir, `front-${k}.json`);
      const board = frontBoard(k);
      writeFileSync(file, JSON.stringify(board));
      const args = [CLI, 'plan', 'landgrab', '--board', file, '--objective', 'continent:East', '--json', ...extra];
      const measured = measureCommand(args, { memory: true });
      const plan = JSON.parse(measured.stdout).battles[0].decisions.plan;
      return {
        territories: 2 * k,
        reinforcements: board.reinforcements as number,
        planner: plan.planner,
        placements: plan.placements,
        states: plan.states,
        value: plan.value,
        cpuSeconds: measured.cpuMs / 1000,
        wallSeconds: measured.wallMs / 1000,
        peakMiB: measured.maxRssKiB / 1024,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows as the README's table prints them. */
export function turnTable(rows: readonly TurnBenchRow[]): string {
  const head =
    '| territories | reinforcements | planner | placements | states | P(hold East) | CPU s | peak MiB |\n' +
    '|---:|---:|---|---:|---:|---:|---:|---:|';
  const lines = rows.map((r) => {
    const exact = r.planner === 'exact';
    const placements = exact ? r.placements.toLocaleString('en-US') : '-';
    const states = `${exact ? '' : 'over '}${r.states.toLocaleString('en-US')}`;
    const value = `${(r.value * 100).toFixed(2)}%${exact ? '' : ' (rollouts, not proved best)'}`;
    return (
      `| ${r.territories} | ${r.reinforcements} | ${r.planner} | ${placements} | ${states} | ${value} | ` +
      `${r.cpuSeconds.toFixed(1)} | ${Math.round(r.peakMiB)} |`
    );
  });
  return [head, ...lines].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const sides = process.argv.includes('--quick') ? [2, 3, 4] : [2, 3, 4, 5];
  const rows = benchTurn(sides);
  console.log(turnTable(rows));
}
