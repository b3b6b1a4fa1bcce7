/**
 * Estimates that hold: `run --dry-run` against the process time a run actually spends (user +
 * system CPU of the whole process, every thread), on every bundled scenario, on `npm start`'s run,
 * and on the runs issue 30 measured (three house rules on common random numbers sampled, Advanced
 * Civilization sampled, sweeps solved for a knob in every cell). Each row prints the estimate beside
 * what was measured and their ratio; the goal is within +-50% (a ratio from 0.5 to 1.5).
 * `npm run bench:estimate`, and rows of `npm run bench`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { measureCommand } from './processTime.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCENARIOS = path.join(ROOT, 'scenarios');

export interface EstimateRow {
  what: string;
  /** The dry run's expected computing (CPU) seconds, and wall-clock seconds. */
  estimateCpu: number;
  estimateWall: number;
  /** What the run spent: process time (CPU) and wall clock, in seconds. */
  measuredCpu: number;
  measuredWall: number;
  ratio: number;
  ok: boolean;
}

interface Case {
  what: string;
  args: string[];
}

/** The runs measured: every bundled scenario as `run` writes it, npm start's run, and issue 30's. */
export function estimateCases(quick = false): Case[] {
  const bundled = readdirSync(SCENARIOS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ what: `run ${f.replace(/\.json$/, '')}`, args: [path.join(SCENARIOS, f)] }));
  const scenario = (name: string) => path.join(SCENARIOS, `${name}.json`);
  const issue: Case[] = [
    { what: 'npm start (run scenarios --brief --no-png)', args: [SCENARIOS, '--brief', '--no-png'] },
    {
      what: 'house rules, 3 variants on common random numbers, --sample --trials 300000',
      args: [scenario('landgrab-fortress-house-rules'), '--sample', '--trials', '300000'],
    },
    {
      what: 'Advanced Civilization sampled, --trials 1.07e7 (32 M battles)',
      args: [scenario('advanced-civilization-unknown-defender'), '--sample', '--trials', '1.07e7'],
    },
    {
      what: 'two sweeps solved for a knob in every cell (fair fortress, exact and sampled)',
      args: [scenario('landgrab-fair-fortress'), path.join(ROOT, 'bench', 'scenarios', 'fair-fortress-sampled.json')],
    },
  ];
  return quick ? issue : [...issue, ...bundled];
}

/** The dry run's estimate of a run (its JSON), and the run itself measured. */
export function benchEstimate(cases = estimateCases()): EstimateRow[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-estimate-'));
  try {
    return cases.map(({ what, args }) => {
      const out = path.join(dir, 'results');
      rmSync(out, { recursive: true, force: true });
      const dry = spawnSync(process.execPath, [CLI, 'run', ...args, '--out', out, '--dry-run', '--json'], {
        encoding: 'utf8',
        cwd: ROOT,
      });
      if (dry.status !== 0) throw new Error(`bench: dry run of ${what} failed: ${dry.stderr}`);
      const estimate = JSON.parse(dry.stdout) as { cpuSeconds: number; seconds: number };
      const run = measureCommand([CLI, 'run', ...args, '--out', out], { quiet: true });
      const measuredCpu = run.cpuMs / 1000;
      const ratio = estimate.cpuSeconds / measuredCpu;
      return {
        what,
        estimateCpu: estimate.cpuSeconds,
        estimateWall: estimate.seconds,
        measuredCpu,
        measuredWall: run.wallMs / 1000,
        ratio,
        ok: ratio >= 0.5 && ratio <= 1.5,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per row: estimate beside measured. */
export function estimateLine(r: EstimateRow): string {
  const s = (x: number) => `${x.toFixed(1)} s`;
  return (
    `${r.what.padEnd(78)} estimate ${s(r.estimateCpu).padStart(7)} CPU (${s(r.estimateWall)} wall), ` +
    `measured ${s(r.measuredCpu).padStart(7)} CPU (${s(r.measuredWall)} wall): x${r.ratio.toFixed(2)}` +
    `${r.ok ? '  ok' : '  MISSED'}`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = benchEstimate(estimateCases(process.argv.includes('--quick')));
  for (const r of rows) process.stdout.write(`${estimateLine(r)}\n`);
  const missed = rows.filter((r) => !r.ok).length;
  process.stdout.write(`${rows.length - missed} of ${rows.length} within +-50% of the process time spent\n`);
}
