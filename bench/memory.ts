/**
 * A run's peak memory against its number of battles (issue 21: it grew ~85 KB a battle, and
 * 10,000 battles peaked at 1 GB; issue 31: the goal is 10,000 battles within 1.3x of 400). The
 * built CLI runs scenarios of 400, 2,000 and 10,000 LandGrab battles (exact answers, so the time is
 * the writing, not the sampling) into a temporary folder, with and without `--json` (its report
 * printed to stdout, which is not kept). The number that matters is the ratio of the largest run's
 * peak to the smallest's: flat is ~1. Charts are off by default (10,000 battles of charts take a
 * quarter of an hour); `--charts` measures 100 and 400 battles with charts instead.
 *
 * Each peak is the operating system's account of that run's own process (peakOfCommand): not
 * `process.resourceUsage().maxRSS` read inside the child, which on Linux counts what its parent held
 * when it forked (this bench's own heap: every row printed the same 238 MiB).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
/** GNU time: it forks the command from its own small process and reports the child's peak (%M, KiB). */
const GNU_TIME = '/usr/bin/time';

export interface MemoryRow {
  battles: number;
  charts: boolean;
  json: boolean;
  peakMiB: number;
  seconds: number;
  /** How the peak was measured. */
  by: string;
  /** report.json's size per battle, in bytes. */
  reportBytesPerBattle: number;
}

/** A scenario of `n` different LandGrab battles (with and without a fortress, 5-24 vs 3-17 armies). */
function scenario(n: number): unknown {
  const battles = Array.from({ length: n }, (_, i) => ({
    label: `battle ${i}`,
    attackers: 5 + (i % 20),
    defenders: 3 + (Math.floor(i / 20) % 15),
    fortress: i % 3 === 0,
  }));
  return { name: `memory-${n}`, system: 'landgrab', seed: 'memory', battles };
}

/**
 * The peak resident memory of `node <args>` in KiB, as the operating system counts that process
 * alone: GNU time's %M (wait4 of a child that GNU time forked, so nothing of this process is in it);
 * where there is no GNU time, the child's own high-water mark (VmHWM in /proc/self/status, the
 * peak of its own address space since exec), read as it exits.
 */
export function peakOfCommand(args: string[], dir: string): { kib: number; wallMs: number; by: string } {
  const started = performance.now();
  if (existsSync(GNU_TIME)) {
    const report = path.join(dir, 'time.txt');
    const r = spawnSync(GNU_TIME, ['-f', '%M', '-o', report, process.execPath, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bench: ${args.join(' ')} failed: ${r.stderr}`);
    const kib = Number(readFileSync(report, 'utf8').trim().split('\n').pop());
    return { kib, wallMs: performance.now() - started, by: '/usr/bin/time %M' };
  }
  const hook = path.join(dir, 'hwm.mjs');
  writeFileSync(
    hook,
    "import { readFileSync } from 'node:fs';\nprocess.on('exit', () => process.stderr.write(" +
      "`\\n@hwm ${/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]}\\n`));\n",
  );
  const r = spawnSync(process.execPath, ['--import', hook, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`bench: ${args.join(' ')} failed: ${r.stderr}`);
  const kib = Number(/@hwm (\d+)/.exec(r.stderr)?.[1]);
  if (!(kib > 0)) throw new Error('bench: no GNU time and no /proc/self/status: cannot measure a peak');
  return { kib, wallMs: performance.now() - started, by: 'VmHWM' };
}

export function benchMemory(sizes: number[], options: { charts?: boolean; json?: boolean } = {}): MemoryRow[] {
  const charts = Boolean(options.charts);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-memory-'));
  try {
    const rows: MemoryRow[] = [];
    for (const json of options.json === undefined ? [false, true] : [options.json])
      for (const n of sizes) {
        const file = path.join(dir, `memory-${n}.json`);
        writeFileSync(file, JSON.stringify(scenario(n)));
        const out = path.join(dir, 'out');
        const args = [CLI, 'run', file, '--out', out, '--brief', '--threads', '0'];
        const measured = peakOfCommand([...args, ...(charts ? [] : ['--no-charts']), ...(json ? ['--json'] : [])], dir);
        const reportBytes = statSync(path.join(out, `memory-${n}`, 'report.json')).size;
        rmSync(out, { recursive: true, force: true });
        rows.push({
          battles: n,
          charts,
          json,
          peakMiB: measured.kib / 1024,
          seconds: measured.wallMs / 1000,
          by: measured.by,
          reportBytesPerBattle: reportBytes / n,
        });
      }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The row's name: `10,000 battles`, `10,000 battles, --json`, `400 battles with charts`. */
export function memoryRowName(r: Pick<MemoryRow, 'battles' | 'charts' | 'json'>): string {
  return `${r.battles.toLocaleString('en-US')} battles${r.charts ? ' with charts' : ''}${r.json ? ', --json' : ''}`;
}

/** The largest run's peak over the smallest's, for the rows with and without --json apart. */
export function memoryRatios(
  rows: MemoryRow[],
): Array<{ json: boolean; first: MemoryRow; last: MemoryRow; ratio: number }> {
  return [false, true]
    .map((json) => rows.filter((r) => r.json === json))
    .filter((group) => group.length > 1)
    .map((group) => {
      const [first, last] = [group[0], group[group.length - 1]];
      return { json: first.json, first, last, ratio: last.peakMiB / first.peakMiB };
    });
}

/** The rows as the bench prints them, each group's ratio last. */
export function memoryLines(rows: MemoryRow[]): string[] {
  const lines = rows.map(
    (r) =>
      `${`peak memory, ${memoryRowName(r)}`.padEnd(48)}` +
      `${r.peakMiB.toFixed(0).padStart(6)} MiB  (${r.seconds.toFixed(1)} s; report.json ` +
      `${(r.reportBytesPerBattle / 1024).toFixed(1)} KiB a battle; ${r.by})`,
  );
  for (const { first, last, ratio, json } of memoryRatios(rows)) {
    const what = `  ratio ${last.battles.toLocaleString('en-US')} / ${first.battles.toLocaleString('en-US')} battles`;
    lines.push(
      `${`${what}${json ? ', --json' : ''}`.padEnd(48)}${ratio.toFixed(2).padStart(6)} x  ` +
        `(battles: ${last.battles / first.battles}x; goal: within 1.3x)`,
    );
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const charts = process.argv.includes('--charts');
  const rows = benchMemory(charts ? [100, 400] : [400, 2000, 10_000], { charts, json: charts ? false : undefined });
  for (const line of memoryLines(rows)) process.stdout.write(`${line}\n`);
}
