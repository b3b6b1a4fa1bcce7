/**
 * How long a run will take, before it is spent: the plan (scenarios, battles, sweep cells and their
 * variants, solve evaluations, the battles to simulate) and the expected computing time from a
 * short calibration on the actual work. The Node ring adds what the core cannot see (start-up,
 * charts and files: src/session/runEstimate.ts).
 *
 * - Which units are sampled: under `auto`, a battle or cell is solved exactly where the system
 *   can, which only solving tells. Probes answer a few units per scenario (each battle up to
 *   PROBE_BATTLES; a sweep's first, middle and last cells, the last being the largest, every
 *   variant) and the share that is sampled stands for the rest. The bound with every such unit
 *   sampled is given too.
 * - Exact answers: the probes are timed whole (the solve, the summary, the words and the advice the
 *   question asks), per battle and per cell variant; the median stands for the rest (a system's first
 *   answer, loading code, is not timed).
 * - Sampling: slices of the first sampled unit of each system (its real plan, kernel and variants)
 *   run in this thread: WARM_UP_S to warm up, then three timed, the middle rate kept.
 * - Solves (`solveFor`, `--solve-for`): the values a search evaluates in the field's range (every
 *   value up to 48, else a scan, a bisection and a window), each one answer of the battle.
 *
 * Only the estimate reads the clock: no answer depends on it (the slices' tallies are dropped).
 */
import type { Scenario } from '../engine/validate/scenario.js';
import type { Battle } from '../engine/validate/entry.js';
import type { KernelName, RuleSystem, Solution } from '../model/contract.js';
import { runChunk, type ChunkTask } from '../engine/sample/task.js';
import { stateFromSeed } from '../random/seed.js';
import { findEvent, flatBins } from '../model/tallyLayout.js';
import { describeBattle, planAnswer } from '../engine/answer/battle.js';
import type { SampleTarget } from '../engine/sample/sample.js';
import type { Overrides } from './runScenario.js';
import type { Question } from '../model/question.js';
import { knobRange } from '../engine/validate/fields.js';
import { EVERY_VALUE_UP_TO, WINDOW, scanValues } from '../engine/solve/search.js';
import { entryPathOf } from '../form/form.js';
import { SYSTEM_MODULES } from '../registry/systems.js';
import { solveBattleFor } from '../engine/solve/solveFor.js';
import { InProcessExecutor } from '../engine/sample/executor.js';

export const PROBE_BATTLES = 12;
/** Sampled battles of one scenario calibrated at most (each its own slices). */
const CALIBRATED_UNITS = 3;
/** Trials a value of a sampled solve's probe takes (its cost besides the trials is what it measures). */
const SOLVE_PROBE_TRIALS = 200;
/** A long sampling is calibrated for this share of its expected time, up to LONGEST_LOOK_S. */
const LOOK_SHARE = 0.02;
const LONGEST_LOOK_S = 0.5;
export const CALIBRATION_TRIALS = 10_000;
/** Warm-up, then the timed slices, run about this long (s). */
const WARM_UP_S = 0.04;
/** A cold kernel warms up this long first (a slow one, Kings & Things' several players, JITs late). */
const COLD_WARM_UP_S = 0.12;
const TIMED_SLICE_S = 0.05;
/** Timed slices a unit's rate is the middle of. */
const SLICES = 5;
/** A unit's timed slices take at least this long together (a short slice misreads a slow kernel). */
const SHORTEST_SLICE_S = 0.03;
/** Two threads ran 1.6-1.95x one (bench): each thread counts for this much of one. */
const THREAD_EFFICIENCY = 0.85;
/** Values a long range's search evaluates besides its scan: a bisection and the window around the answer. */
const BISECTION_AND_WINDOW = 12 + 2 * WINDOW;

export interface ScenarioPlan {
  name: string;
  system: string;
  battles: number;
  cells: number;
  variants: number;
  trials: number;
  /** Battles simulated, as the probes suggest (trials x sampled units x variants, solve evaluations too). */
  sampled: number;
  /** Battles simulated if every unit that can be sampled is. */
  upTo: number;
  /** Answers found exactly, as the probes suggest: battles, and cells x variants. */
  exactUnits: number;
  /** Values a solve evaluates (its battles', and every cell and variant of its sweep's). */
  solves: number;
  /** Expected seconds of this scenario on the run's threads (wall clock: sampling shared by the threads). */
  seconds: number;
  /** Expected seconds of its sweep (a part of `seconds`). */
  sweepSeconds: number;
  /** Expected seconds of computing (all threads' CPU time together). */
  cpuSeconds: number;
  /** Expected seconds of one sampled battle, and of one exact answer (wall clock). */
  perBattle: number;
  perExact: number;
}

export interface RunEstimate {
  scenarios: ScenarioPlan[];
  threads: number;
  battles: number;
  cells: number;
  sampled: number;
  upTo: number;
  exactUnits: number;
  solves: number;
  /** Battles a second on one thread, by system (from the calibration slices). */
  rates: Array<{ system: string; perThread: number; from: string }>;
  /** Median time of an exact answer among the probes (ms), or null when none was probed. */
  exactMs: number | null;
  /** Expected seconds (wall clock): sampling at the calibrated rates on `threads`, plus the exact answers. */
  seconds: number;
  /** Expected seconds of computing (CPU time of every thread). */
  cpuSeconds: number;
  /** Time the probes and slices took (ms). */
  calibrationMs: number;
}

interface Unit {
  targets: SampleTarget[];
  battles: Battle[];
}

/** One probe: sampled or not, and its times (ms): the solve and the whole answer (one variant, for a cell). */
interface Probe {
  sampled: boolean;
  solveMs: number;
  answerMs: number;
}

/** Milliseconds of some clock: the wall's (performance.now) or this process's CPU time (the Node ring's). */
export type Clock = () => number;

/**
 * The plan and expected time of running `scenarios` with `overrides` on `threads` worker threads (0: this
 * one), timed on `clock` (the process's CPU time on a busy machine, where the wall clock runs on while
 * other processes compute).
 */
export async function estimateRun(
  scenarios: Scenario[],
  overrides: Overrides,
  threads: number,
  clock: Clock = () => performance.now(),
): Promise<RunEstimate> {
  const started = clock();
  /** Systems that have answered something here: their first answer (code loading, compiling) is not timed. */
  const warmed = new Set<string>();
  /** Kernels (system and kernel) that have run here: warm. */
  const kernelsWarm = new Set<string>();
  const plans: ScenarioPlan[] = [];
  const rates = new Map<string, { perThread: number; from: string }>();
  const allExactTimes: number[] = [];
  const effective = threads === 0 ? 1 : threads * THREAD_EFFICIENCY;
  const pending: Array<() => void> = [];
  for (const scenario of scenarios) {
    const method = overrides.method ?? scenario.method;
    const trials = overrides.trials ?? scenario.trials;
    const check = overrides.check ?? scenario.exact;
    const question: Question = { ...scenario.question, ...overrides.question };
    const system = scenario.system;
    const sampleable = (b: Battle) => Boolean(system.sampler) && !b.deterministic;
    const variants = scenario.sweep?.variants.length ?? 1;
    const cells = scenario.sweep?.cells ?? [];
    // Probes: is a unit sampled under this method, and how long does its answer take?
    const sampledUnits: { battles: Unit[]; cells: Unit[] } = { battles: [], cells: [] };
    const probe = (battles: Battle[], asked: Question, kind: 'battles' | 'cells'): Probe => {
      if (!warmed.has(system.id)) battles.forEach((b) => answerTimes(system, { ...b }, method, check, asked, clock));
      warmed.add(system.id);
      const times = battles.map((b) => answerTimes(system, { ...b }, method, check, asked, clock));
      const sampled = method !== 'exact' && times.some((t) => t.sampled) && battles.some(sampleable);
      if (sampled) sampledUnits[kind].push({ battles, targets: battles.map(targetOf) });
      const sum = (key: 'solveMs' | 'answerMs') => times.reduce((s, t) => s + t[key], 0) / times.length;
      return { sampled, solveMs: sum('solveMs'), answerMs: sum('answerMs') };
    };
    const battleProbes = scenario.battles.slice(0, PROBE_BATTLES).map((b) => probe([b], question, 'battles'));
    const cellPicks = [...new Set([0, Math.floor(cells.length / 2), cells.length - 1])].filter(
      (i) => i >= 0 && i < cells.length,
    );
    const cellProbes = cellPicks.map((i) => probe(cells[i].battles, {}, 'cells'));
    const share = (probes: Probe[]) =>
      probes.length === 0 ? 0 : probes.filter((p) => p.sampled).length / probes.length;
    const sampledBattles = Math.round(scenario.battles.length * share(battleProbes));
    const sampledCells = Math.round(cells.length * share(cellProbes));
    const exactBattles = scenario.battles.length - sampledBattles;
    const exactCells = cells.length - sampledCells;
    const median = (probes: Probe[], key: 'solveMs' | 'answerMs', sampled: boolean) =>
      medianOf(probes.filter((p) => p.sampled === sampled).map((p) => p[key]));
    const exactBattleMs = median(battleProbes, 'answerMs', false);
    const exactCellMs = median(cellProbes, 'answerMs', false);
    allExactTimes.push(...[...battleProbes, ...cellProbes].filter((p) => !p.sampled).map((p) => p.answerMs));
    // What a sampled unit costs besides its trials: its exact check (when asked) and its words.
    const sampledBattleMs = median(battleProbes, 'answerMs', true) ?? 0;
    const sampledCellMs = median(cellProbes, 'answerMs', true) ?? 0;
    // Battles a second of this scenario's own battles and cells (their sizes differ: a sweep's last
    // cell may take ten times its first): the mean time of a battle over the units probed, each calibrated.
    const kernel = overrides.kernel ?? scenario.kernel;
    const secondsPerBattle = (units: Unit[], scale = 1) => {
      if (units.length === 0) return null;
      const seconds = units.map((u) => {
        // A kernel's first slices run cold (a cold kernel ran 10x slower): its first unit warms it up whole.
        const cold = !kernelsWarm.has(`${system.id} ${kernel}`);
        kernelsWarm.add(`${system.id} ${kernel}`);
        return 1 / calibrate(system, u, kernel, clock, units.length / scale, cold);
      });
      return seconds.reduce((a, b) => a + b, 0) / units.length;
    };
    const battleUnits = sampledUnits.battles.slice(0, CALIBRATED_UNITS);
    let perBattle = { battles: secondsPerBattle(battleUnits), cells: secondsPerBattle(sampledUnits.cells) };
    // A long sampling is worth a longer look (a short one misreads a busy machine): up to 2% of it, 0.5 s at most.
    const sampling =
      (perBattle.battles ?? 0) * scenario.battles.length * trials +
      (perBattle.cells ?? 0) * cells.length * variants * trials;
    const longer = Math.min(LONGEST_LOOK_S, LOOK_SHARE * sampling) / (WARM_UP_S + TIMED_SLICE_S);
    if (longer > 1.5)
      perBattle = {
        battles: secondsPerBattle(battleUnits, longer),
        cells: secondsPerBattle(sampledUnits.cells, longer),
      };
    for (const seconds of [perBattle.battles, perBattle.cells])
      if (seconds !== null && !rates.has(system.id))
        rates.set(system.id, { perThread: 1 / seconds, from: scenario.name });
    // Solves: each value evaluated is one answer of the battle, exact or sampled as the battle is. An
    // exact solve is probed whole (its range found, every value answered), a sampled one counted.
    const solveField = (b: Battle) => b.solveFor?.field ?? question.solveFor;
    const battleSolves = scenario.battles.map((b) =>
      solveField(b) === undefined ? 0 : evaluations(system, b, solveField(b) as string, b.solveFor?.range),
    );
    const cellSolves =
      scenario.sweep?.solveFor && cells.length > 0
        ? evaluations(system, cells[cells.length - 1].battles[0], scenario.sweep.solveFor.field)
        : 0;
    const solvingSampled = method === 'sample' || (method === 'auto' && share(battleProbes) === 1);
    const cellsSampled = share(cellProbes) === 1;
    const solvedAt = scenario.battles.findIndex((b, i) => battleSolves[i] > 0);
    // A sampled solve is probed on a few trials a value: what each value costs besides its trials.
    const battleSolveMs =
      solvedAt < 0
        ? 0
        : (await solveTime(system, scenario.battles[solvedAt], solveField(scenario.battles[solvedAt]) as string, {
            target: question.target,
            range: scenario.battles[solvedAt].solveFor?.range ?? question.solveRange,
            method,
            clock,
          })) / battleSolves[solvedAt];
    const middle = cells[Math.floor(cells.length / 2)];
    const cellSolveMs =
      cellSolves === 0 || !middle
        ? 0
        : (await solveTime(system, middle.battles[0], scenario.sweep!.solveFor!.field, {
            target: scenario.sweep!.solveFor!.target,
            range: scenario.sweep!.solveFor!.range,
            method,
            clock,
          })) / cellSolves;
    const solves = battleSolves.reduce((s, n) => s + n, 0) + cellSolves * cells.length * variants;
    const battleSolveCount = battleSolves.reduce((s, n) => s + n, 0);
    const plan: ScenarioPlan = {
      name: scenario.name,
      system: system.id,
      battles: scenario.battles.length,
      cells: cells.length,
      variants,
      trials,
      sampled:
        (sampledBattles +
          sampledCells * variants +
          (solvingSampled ? battleSolveCount : 0) +
          (cellsSampled ? cellSolves * cells.length * variants : 0)) *
        trials,
      upTo:
        method === 'exact'
          ? 0
          : (scenario.battles.filter(sampleable).length +
              cells.filter((c) => c.battles.some(sampleable)).length * variants) *
            trials,
      exactUnits: exactBattles + exactCells * variants,
      solves,
      seconds: 0,
      sweepSeconds: 0,
      cpuSeconds: 0,
      perBattle: 0,
      perExact: 0,
    };
    plans.push(plan);
    // Times once every system's rate is known (a later scenario may calibrate this one's system).
    pending.push(() => {
      const known = rates.get(system.id)?.perThread;
      const cpuPerBattle = perBattle.battles ?? perBattle.cells ?? (known ? 1 / known : 0);
      const cpuPerCellBattle = perBattle.cells ?? cpuPerBattle;
      const exactMs = medianOf(allExactTimes) ?? 0;
      const battleMs = exactBattleMs ?? exactMs;
      const cellMs = exactCellMs ?? exactMs;
      // In this thread: exact answers, the words of sampled ones, and exact solves.
      const serialBattles =
        (exactBattles * battleMs + sampledBattles * sampledBattleMs + battleSolveCount * battleSolveMs) / 1000;
      const serialSweep =
        (exactCells * variants * cellMs +
          sampledCells * variants * sampledCellMs +
          cellSolves * cells.length * variants * cellSolveMs) /
        1000;
      const battleTrials = (sampledBattles + (solvingSampled ? battleSolveCount : 0)) * trials;
      const sweepTrials =
        (sampledCells * variants + (cellsSampled ? cellSolves * cells.length * variants : 0)) * trials;
      // Several threads spend more time per battle together than one alone (THREAD_EFFICIENCY).
      const spent = threads > 1 ? 1 / THREAD_EFFICIENCY : 1;
      const battleSampling = battleTrials * cpuPerBattle;
      const sweepSampling = sweepTrials * cpuPerCellBattle;
      plan.cpuSeconds = serialBattles + serialSweep + (battleSampling + sweepSampling) * spent;
      plan.seconds = serialBattles + serialSweep + (battleSampling + sweepSampling) / effective;
      plan.sweepSeconds = serialSweep + sweepSampling / effective;
      plan.perBattle = cpuPerBattle / effective;
      plan.perExact = battleMs / 1000;
    });
  }
  for (const time of pending) time();
  return {
    scenarios: plans,
    threads,
    battles: plans.reduce((s, p) => s + p.battles, 0),
    cells: plans.reduce((s, p) => s + p.cells, 0),
    sampled: plans.reduce((s, p) => s + p.sampled, 0),
    upTo: plans.reduce((s, p) => s + p.upTo, 0),
    exactUnits: plans.reduce((s, p) => s + p.exactUnits, 0),
    solves: plans.reduce((s, p) => s + p.solves, 0),
    rates: [...rates].map(([system, r]) => ({ system, ...r })),
    exactMs: medianOf(allExactTimes),
    seconds: plans.reduce((s, p) => s + p.seconds, 0),
    cpuSeconds: plans.reduce((s, p) => s + p.cpuSeconds, 0),
    calibrationMs: clock() - started,
  };
}

/**
 * One battle answered as the run would (the exact solve, the summary, the words, the advice asked),
 * timed; sampled, its exact check (when asked) and its words on the exact answer where there is one.
 * Null times for a battle the method cannot answer (the run refuses it).
 */
function answerTimes(
  system: RuleSystem,
  battle: Battle,
  method: Overrides['method'] & string,
  check: boolean,
  question: Question,
  clock: Clock,
): { sampled: boolean; solveMs: number; answerMs: number } {
  const t0 = clock();
  let answer: { sampled: boolean; exact: Solution | null };
  try {
    answer = planAnswer(system, battle, method, check);
  } catch {
    return { sampled: false, solveMs: 0, answerMs: 0 };
  }
  const solveMs = clock() - t0;
  const asked = { ...question };
  delete asked.solveFor;
  delete asked.solveRange;
  if (answer.exact) {
    try {
      describeBattle(system, battle, null, 0, answer.exact, asked);
    } catch {
      // A question the battle refuses is the run's to refuse: its time is the solve's.
    }
  }
  return { sampled: answer.sampled, solveMs, answerMs: clock() - t0 };
}

/** CPU ms of one exact solve of a battle for a field, as the run solves it (its range, every value answered). */
async function solveTime(
  system: RuleSystem,
  battle: Battle,
  field: string,
  how: { target?: number; range?: readonly [number, number]; method: Overrides['method'] & string; clock: Clock },
): Promise<number> {
  const form = SYSTEM_MODULES.find((m) => m.system.id === system.id)?.form;
  const t0 = how.clock();
  try {
    await solveBattleFor(
      system,
      { ...battle },
      {
        field,
        ...(how.target !== undefined ? { target: how.target } : {}),
        ...(how.range ? { range: how.range } : {}),
      },
      {
        seed: 'estimate',
        trials: SOLVE_PROBE_TRIALS,
        kernel: 'fast',
        method: how.method,
        aliases: (name) => (form ? entryPathOf(form, name) : undefined),
      },
      new InProcessExecutor(() => system),
      { source: 'estimate', field: 'solveFor' },
    );
  } catch {
    // A field the run will refuse, or a curve that turns: what was done until then is the time.
  }
  return how.clock() - t0;
}

/** The values a solve of this field evaluates: every value of a short range, else a scan, a bisection, a window. */
function evaluations(system: RuleSystem, battle: Battle, field: string, range?: readonly [number, number]): number {
  const form = SYSTEM_MODULES.find((m) => m.system.id === system.id)?.form;
  try {
    const r = knobRange(
      system,
      battle.entry,
      field,
      { source: 'estimate', field: 'solveFor' },
      (name) => (form ? entryPathOf(form, name) : undefined),
      range,
      true,
    );
    const size = r.to - r.from + 1;
    return size <= EVERY_VALUE_UP_TO ? size : scanValues(r.from, r.to, r.start).length + BISECTION_AND_WINDOW;
  } catch {
    // A field the run will refuse: nothing is evaluated.
    return 0;
  }
}

function targetOf(b: Battle): SampleTarget {
  return { plan: b.plan, layout: b.layout, headline: b.headline };
}

/**
 * Battles a second on this thread: a warm-up slice of the unit's real work (its plan, kernel and
 * variants, on common random numbers as the run does), then a timed one of about 50 ms.
 */
function calibrate(system: RuleSystem, unit: Unit, kernel: KernelName, clock: Clock, units = 1, cold = true): number {
  const lockstep = unit.targets.length > 1 ? system.sampler?.lockstep : undefined;
  const plans = unit.targets.map((t) => (lockstep ? lockstep(t.plan) : t.plan));
  const [first] = unit.targets;
  const state = stateFromSeed('calibration');
  const task = (trials: number): ChunkTask => ({
    systemId: system.id,
    kernel,
    plan: plans[0],
    tallySize: first.layout.size,
    state,
    trials,
    ...(unit.targets.length > 1
      ? {
          paired: { plans, headlineBins: unit.targets.map((t) => flatBins(findEvent(t.layout, t.headline).bins)) },
        }
      : {}),
  });
  /** Battles a second over one slice of `trials`. */
  const rate = (trials: number) => {
    const t0 = clock();
    runChunk(system, task(trials));
    return (trials * plans.length) / (Math.max(clock() - t0, 0.01) / 1000);
  };
  // Warm up until the kernel has run WARM_UP_S (a cold kernel ran 10x slower than a warm one).
  let warm = 0;
  let trials = CALIBRATION_TRIALS;
  // Several units of a scenario share the time one would have; a cold kernel warms up whole.
  const warmUp = cold ? COLD_WARM_UP_S * 1000 : (WARM_UP_S * 1000) / units;
  for (const t0 = clock(); clock() - t0 < warmUp; trials *= 2) warm = rate(trials);
  // Five slices of about TIMED_SLICE_S together (a share of it per unit, not below SHORTEST_SLICE_S); the
  // middle rate stands: a busy machine's pauses, a collection or a kernel compiled again for another
  // unit's plan (a cold start) are not the rule.
  const timed = Math.max(SHORTEST_SLICE_S, TIMED_SLICE_S / units);
  const slice = Math.max(1000, Math.round((warm * timed) / SLICES / plans.length));
  return medianOf(Array.from({ length: SLICES }, () => rate(slice))) ?? warm;
}

/** The middle value (a busy machine's pauses do not stand for the rest), or null for none. */
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
