/**
 * `npm run bench`: battles per second of every kernel on one thread and on all
 * threads, and the exact LandGrab solver, measured in one run and reported with the
 * ratios that matter (these machines are noisy: compare ratios, not raw numbers
 * across runs). Each figure is the median of several repetitions after a warm-up.
 */
import { median } from 'simple-statistics';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairedAgainstBare, type PairedRow } from './processTime.js';
import { benchMemory, memoryRatios, memoryRowName } from './memory.js';
import { benchStart } from './start.js';
import { benchStartup } from './startup.js';
import { benchEstimate, estimateCases } from './estimate.js';
import { webSize } from '../scripts/webSize.js';
import { SYSTEMS, findSystem } from '../src/core/registry/systems.js';
import { compileEntry, type Battle } from '../src/core/engine/validate/entry.js';
import { sampleBattle } from '../src/core/engine/sample/sample.js';
import { InProcessExecutor, type Executor } from '../src/core/engine/sample/executor.js';
import { PoolExecutor, defaultThreads } from '../src/threads/poolExecutor.js';
import type { KernelName, RuleSystem } from '../src/core/model/contract.js';
import { solvePlan } from '../src/core/systems/landgrab/exact.js';
import { parseScenario } from '../src/core/engine/validate/scenario.js';
import { runSweep } from '../src/core/engine/sweep/sweep.js';
import { BENCH_CASES } from './cases.js';
import { benchDecisions } from './decisions.js';
import type { LandgrabPlan } from '../src/core/systems/landgrab/plan.js';
import { layoutOf } from '../src/core/systems/landgrab/compile.js';
import { KT_ATTACKERS, ktDefenders } from './kingsAndThingsArmies.js';

interface Row {
  what: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}

async function battlesPerSecond(
  system: RuleSystem,
  battle: Battle,
  kernel: KernelName,
  executor: Executor,
  trials: number,
  repeats: number,
): Promise<number> {
  await sampleBattle(system, [battle], { seed: 'bench-warmup', trials: Math.min(trials, 400_000), kernel }, executor);
  const rates: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    await sampleBattle(system, [battle], { seed: `bench-${r}`, trials, kernel }, executor);
    rates.push(trials / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

function timeMs(fn: () => void, repeats: number): number {
  fn();
  const times: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function runBench(options: { quick: boolean }): Promise<Row[]> {
  const trials = options.quick ? 1_000_000 : 4_000_000;
  const repeats = options.quick ? 3 : 5;
  const threads = defaultThreads();
  const rows: Row[] = [];
  const inProcess = new InProcessExecutor(findSystem);
  const pool = new PoolExecutor(threads);
  const log = (row: Row) => {
    rows.push(row);
    const value = row.unit === 'ms' ? row.value.toFixed(1) : row.value.toFixed(2);
    const target = row.target
      ? `  target ${row.target}${row.ok === undefined ? '' : row.ok ? '  ok' : '  MISSED'}`
      : '';
    process.stdout.write(`${row.what.padEnd(76)}${value.padStart(9)} ${row.unit}${target}\n`);
  };
  process.stdout.write(
    `battle-odds bench: ${threads} threads available, ${trials.toLocaleString('en-US')} battles per measurement, ` +
      `median of ${repeats}\n\n`,
  );
  try {
    const landgrab = findSystem('landgrab') as RuleSystem;
    const battle = compileEntry(landgrab, { attackers: 11, defenders: 10 }, 'bench', '', 'LandGrab 11 vs 10');
    const targets: Record<KernelName, number> = { fast: 8, faithful: 2.5 };
    for (const kernel of ['fast', 'faithful'] as const) {
      const one = (await battlesPerSecond(landgrab, battle, kernel, inProcess, trials, repeats)) / 1e6;
      log({
        what: `LandGrab 11 vs 10, ${kernel} kernel, 1 thread`,
        value: one,
        unit: 'M battles/s',
        target: `>= ${targets[kernel]}`,
        ok: one >= targets[kernel],
      });
      const all = (await battlesPerSecond(landgrab, battle, kernel, pool, trials * threads, repeats)) / 1e6;
      log({ what: `LandGrab 11 vs 10, ${kernel} kernel, ${threads} threads`, value: all, unit: 'M battles/s' });
      log({
        what: `  speed-up ${threads} threads / 1 thread`,
        value: all / one,
        unit: 'x',
        target: '>= 1.7',
        ok: all / one >= 1.7,
      });
    }
    const big = compileEntry(landgrab, { attackers: 101, defenders: 100 }, 'bench', '', '101 vs 100');
    const bigPlan = big.plan as LandgrabPlan;
    const exactMs = timeMs(() => solvePlan(bigPlan, layoutOf(bigPlan).size), repeats * 4);
    log({
      what: 'LandGrab exact solver, 101 vs 100, full distribution',
      value: exactMs,
      unit: 'ms',
      target: '<= 50',
      ok: exactMs <= 50,
    });

    // A balancing sweep: 30 x 20 = 600 cells of 100,000 battles each, on all threads.
    const sweepScenario = parseScenario(
      {
        name: 'bench-sweep',
        system: 'landgrab',
        seed: 'bench-sweep',
        trials: options.quick ? 20_000 : 100_000,
        sweep: {
          base: { attackers: 2, defenders: 1 },
          axes: { attackers: { from: 2, to: 31 }, defenders: { from: 1, to: 20 } },
        },
      },
      'bench',
      SYSTEMS,
    );
    const sweepStarted = performance.now();
    await runSweep(
      sweepScenario.system,
      sweepScenario.sweep!,
      { seed: 'bench-sweep', trials: sweepScenario.trials, kernel: 'fast', method: 'sample' },
      pool,
    );
    const sweepSeconds = (performance.now() - sweepStarted) / 1000;
    log({
      what: `LandGrab sweep, 600 cells x ${sweepScenario.trials.toLocaleString('en-US')} trials, ${threads} threads`,
      value: sweepSeconds,
      unit: 's',
      target: options.quick ? undefined : '< 60',
      ok: options.quick ? undefined : sweepSeconds < 60,
    });

    // The same grid comparing three house rules on common random numbers (paired mode:
    // every trial runs once per variant from the same generator state).
    const compared = parseScenario(
      {
        name: 'bench-house-rules',
        system: 'landgrab',
        seed: 'bench-sweep',
        trials: sweepScenario.trials,
        sweep: {
          base: { attackers: 2, defenders: 1, fortress: true },
          axes: { attackers: { from: 2, to: 31 }, defenders: { from: 1, to: 20 } },
          variants: [
            { label: 'fortress +1' },
            { label: 'fortress +2', set: { fortressBonus: 2 } },
            { label: '3 defender dice', set: { defenderDice: 3 } },
          ],
        },
      },
      'bench',
      SYSTEMS,
    );
    const comparedStarted = performance.now();
    await runSweep(
      compared.system,
      compared.sweep!,
      { seed: 'bench-sweep', trials: compared.trials, kernel: 'fast', method: 'sample' },
      pool,
    );
    const comparedSeconds = (performance.now() - comparedStarted) / 1000;
    log({
      what: `  same grid, 3 rule variants on common random numbers`,
      value: comparedSeconds,
      unit: 's',
      target: options.quick ? undefined : '< 60',
      ok: options.quick ? undefined : comparedSeconds < 60,
    });
    log({
      what: `  cost per variant relative to the plain sweep`,
      value: comparedSeconds / 3 / sweepSeconds,
      unit: 'x',
    });

    for (const benchCase of BENCH_CASES) {
      const system = SYSTEMS.find((x) => x.id === benchCase.system);
      if (!system) continue;
      const b = compileEntry(system, benchCase.entry, 'bench', '', benchCase.label);
      const one = (await battlesPerSecond(system, b, 'fast', inProcess, trials / 2, repeats)) / 1e6;
      const target = benchCase.targetPerThread;
      log({
        what: `${benchCase.label}, fast, 1 thread`,
        value: one,
        unit: 'M battles/s',
        ...(target ? { target: `>= ${target}`, ok: one >= target } : {}),
      });
      const faithful = (await battlesPerSecond(system, b, 'faithful', inProcess, trials / 4, repeats)) / 1e6;
      log({ what: `${benchCase.label}, faithful, 1 thread`, value: faithful, unit: 'M battles/s' });
      const all = (await battlesPerSecond(system, b, 'fast', pool, (trials / 2) * threads, repeats)) / 1e6;
      log({ what: `${benchCase.label}, fast, ${threads} threads`, value: all, unit: 'M battles/s' });
      log({ what: `  speed-up ${threads} threads / 1 thread`, value: all / one, unit: 'x' });
    }
    for (const row of benchDecisions())
      log({ what: `decisions: ${row.solver}, ${row.size} (${row.result})`, value: row.bestMs, unit: 'ms' });
    for (const row of startupRows(options.quick ? 7 : 21)) log(row);
    for (const row of kingsAndThingsAdviceRows(options.quick ? 3 : 7)) log(row);
    for (const row of webRows()) log(row);
    // A run's peak memory against its number of battles (bench/memory.ts), each run's own by the operating system.
    const memory = benchMemory(options.quick ? [400, 2000] : [400, 2000, 10_000]);
    for (const row of memory)
      log({ what: `peak memory, ${memoryRowName(row)} (exact, no charts)`, value: row.peakMiB, unit: 'MiB' });
    for (const { json, first, last, ratio } of memoryRatios(memory))
      log({
        what:
          `  ratio ${last.battles.toLocaleString('en-US')} / ${first.battles.toLocaleString('en-US')} battles` +
          `${json ? ', --json' : ''}`,
        value: ratio,
        unit: 'x',
        target: '<= 1.3',
        ok: ratio <= 1.3,
      });
    // What npm start writes, and how long the run takes (bench/start.ts); the build comes on top.
    for (const row of benchStart()) {
      const start = row.what.startsWith('npm start');
      const largest = `${row.largest.file}, ${(row.largest.bytes / 1e6).toFixed(2)} MB`;
      log({
        what: `${row.what}: ${row.files} files (largest ${largest})`,
        value: row.bytes / 1e6,
        unit: 'MB',
        ...(start ? { target: '<= 10', ok: row.bytes <= 10e6 } : {}),
      });
      log({ what: `  its time (process time ${row.cpuSeconds.toFixed(1)} s)`, value: row.seconds, unit: 's' });
    }
    // Estimates that hold (bench/estimate.ts): --dry-run beside the process time each run spends.
    for (const row of benchEstimate(estimateCases(options.quick))) {
      const beside = `estimate ${row.estimateCpu.toFixed(1)} s, measured ${row.measuredCpu.toFixed(1)} s process time`;
      log({
        what: `--dry-run / spent: ${row.what} (${beside})`,
        value: row.ratio,
        unit: 'x',
        target: '0.5-1.5',
        ok: row.ok,
      });
    }
  } finally {
    await pool.close();
  }
  return rows;
}

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

/**
 * Start-up (bench/startup.ts): `--version` and an exact answer against a bare `node -e 0`, each
 * pair measured the same way and interleaved, the operating system's count of each finished
 * child's process time (nothing loaded into it); the medians and the median of the pair ratios.
 */
function startupRows(pairs: number): Row[] {
  return benchStartup(pairs).flatMap((row) => [
    {
      what: `start-up: ${row.what}, process time (bare node ${row.bareCpuMs.toFixed(0)} ms)`,
      value: row.cpuMs,
      unit: 'ms',
    },
    {
      what: `  ratio to bare node, median of ${row.pairs} pairs (quartiles ${quartiles(row)})`,
      value: row.ratio.median,
      unit: 'x',
      target: `<= ${row.goal}`,
      ok: row.ratio.median <= row.goal,
    },
  ]);
}

const quartiles = (row: PairedRow) => `${row.ratio.q1.toFixed(2)}-${row.ratio.q3.toFixed(2)}`;

/**
 * Kings & Things `should-i-attack` (the optimal-play game, its policy table and decisions) for
 * 10 attackers against 6 and 10 defenders and a castle: process time of the whole command and
 * its ratio to a bare `node -e 0` measured in the same run (the goal: 0.5 s for 10 against 10
 * on an idle machine).
 */
export function kingsAndThingsAdviceRows(pairs: number): Row[] {
  const commands = [6, 10].map((defenders) => ({
    what: `Kings & Things should-i-attack, 10 vs ${defenders} + castle`,
    defenders,
    args: [
      CLI,
      ...['should-i-attack', 'kings-and-things', '--attackers', KT_ATTACKERS, '--defenders', ktDefenders(defenders)],
      ...['--fort', 'castle', '--exact-only'],
    ],
  }));
  return pairedAgainstBare(commands, pairs).flatMap((row, i) => [
    {
      what: `${row.what}, process time (bare node ${row.bareCpuMs.toFixed(0)} ms)`,
      value: row.cpuMs,
      unit: 'ms',
      ...(commands[i].defenders === 10 ? { target: '< 500 (idle machine)', ok: row.cpuMs < 500 } : {}),
    },
    { what: `  ratio to bare node, median of ${row.pairs} pairs`, value: row.ratio.median, unit: 'x' },
  ]);
}

/** The built page's weight (dist/web, after `npm run web`), or a row saying how to get it. */
function webRows(): Row[] {
  const dir = fileURLToPath(new URL('../web', import.meta.url));
  if (!existsSync(path.join(dir, 'index.html'))) {
    process.stdout.write('web page: not built here (npm run web, then npm run bench)\n');
    return [];
  }
  const size = webSize(dir);
  return [
    { what: `web page: ${size.files} files, all of it`, value: size.bytes / 1024, unit: 'KiB' },
    { what: '  JavaScript, gzipped', value: size.jsGzipBytes / 1024, unit: 'KiB' },
    { what: '  JavaScript loaded before the first answer, gzipped', value: size.firstJsGzipBytes / 1024, unit: 'KiB' },
  ];
}
