/**
 * How long a run will take, before it is spent: the plan (scenarios, battles, sweep cells,
 * the battles to simulate) and the expected time from a short calibration on the actual work.
 *
 * - Which units are sampled: under `auto`, a battle or cell is solved exactly where the system
 *   can, which only solving tells. Probes solve a few units per scenario (each battle up to
 *   PROBE_BATTLES; a sweep's first, middle and last cells, the last being the largest) and the
 *   share that is sampled stands for the rest. The bound with every such unit sampled is given too.
 * - Speed: slices of the first sampled unit of each system (its real plan, kernel and variants)
 *   run in this thread: WARM_UP_S to warm up, then three timed, the middle rate kept. The probes' exact
 *   solves are timed too (the median per scenario; a system's first solve, loading code, is not).
 *
 * Only the estimate reads the clock: no answer depends on it (the slices' tallies are dropped).
 */
import type { Scenario } from '../engine/validate/scenario.js';
import type { Battle } from '../engine/validate/entry.js';
import type { KernelName, RuleSystem } from '../model/contract.js';
import { runChunk, type ChunkTask } from '../engine/sample/task.js';
import { stateFromSeed } from '../random/seed.js';
import { findEvent, flatBins } from '../model/tallyLayout.js';
import { planAnswer } from '../engine/answer/battle.js';
import type { SampleTarget } from '../engine/sample/sample.js';
import type { Overrides } from './runScenario.js';

export const PROBE_BATTLES = 12;
export const CALIBRATION_TRIALS = 10_000;
/** Warm-up, then the timed slices, run about this long (s). */
const WARM_UP_S = 0.04;
const TIMED_SLICE_S = 0.05;
/** Two threads ran 1.6-1.95x one (bench): each thread counts for this much of one. */
const THREAD_EFFICIENCY = 0.85;

export interface ScenarioPlan {
  name: string;
  system: string;
  battles: number;
  cells: number;
  variants: number;
  trials: number;
  /** Battles simulated, as the probes suggest (trials x sampled units x variants). */
  sampled: number;
  /** Battles simulated if every unit that can be sampled is. */
  upTo: number;
  /** Units answered exactly, as the probes suggest. */
  exactUnits: number;
  /** Expected seconds of this scenario (sampling and exact answers). */
  seconds: number;
  /** Expected seconds of its sweep (a part of `seconds`). */
  sweepSeconds: number;
  /** Expected seconds of one sampled battle, and of one exact answer. */
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
  /** Battles a second on one thread, by system (from the calibration slices). */
  rates: Array<{ system: string; perThread: number; from: string }>;
  /** Median time of an exact answer among the probes (ms), or null when none was probed. */
  exactMs: number | null;
  /** Expected seconds: sampling at the calibrated rates on `threads`, plus the exact answers. */
  seconds: number;
  /** Time the probes and slices took (ms). */
  calibrationMs: number;
}

interface Unit {
  targets: SampleTarget[];
  battles: Battle[];
}

/** The plan and expected time of running `scenarios` with `overrides` on `threads` worker threads (0: this one). */
export function estimateRun(scenarios: Scenario[], overrides: Overrides, threads: number): RunEstimate {
  const started = performance.now();
  /** Systems that have solved something here: their first solve (code loading, compiling) is not timed. */
  const warmed = new Set<string>();
  const plans: ScenarioPlan[] = [];
  const rates = new Map<string, { perThread: number; from: string }>();
  const allExactTimes: number[] = [];
  /** Each scenario's sweep: battles sampled and cells solved, as the probes suggest; its exact answers' median time. */
  const sweeps: Array<{ sampled: number; exact: number; exactMs: number | null }> = [];
  for (const scenario of scenarios) {
    const method = overrides.method ?? scenario.method;
    const trials = overrides.trials ?? scenario.trials;
    const system = scenario.system;
    const sampleable = (b: Battle) => Boolean(system.sampler) && !b.deterministic;
    const variants = scenario.sweep?.variants.length ?? 1;
    const cells = scenario.sweep?.cells ?? [];
    const battleUnits = scenario.battles.filter(sampleable);
    const cellUnits = cells.filter((c) => c.battles.some(sampleable));
    // Probes: is a unit sampled under this method? (timed when it is solved instead)
    let firstSampled: Unit | undefined;
    const exactTimes: number[] = [];
    const probe = (battles: Battle[]): boolean => {
      if (method === 'exact') return false;
      if (!warmed.has(system.id)) battles.some((b) => isSampled(system, b, method));
      warmed.add(system.id);
      const t0 = performance.now();
      const sampled = battles.some((b) => isSampled(system, b, method));
      if (!sampled) exactTimes.push(performance.now() - t0);
      if (sampled && !firstSampled) firstSampled = { battles, targets: battles.map(targetOf) };
      return sampled;
    };
    const battleProbes = battleUnits.slice(0, PROBE_BATTLES).map((b) => probe([b]));
    const cellPicks = [...new Set([0, Math.floor(cellUnits.length / 2), cellUnits.length - 1])].filter(
      (i) => i >= 0 && i < cellUnits.length,
    );
    const cellProbes = cellPicks.map((i) => probe(cellUnits[i].battles));
    const share = (probes: boolean[]) => (probes.length === 0 ? 0 : probes.filter(Boolean).length / probes.length);
    const sampledBattles = method === 'exact' ? 0 : Math.round(battleUnits.length * share(battleProbes));
    const sampledCells = method === 'exact' ? 0 : Math.round(cellUnits.length * share(cellProbes));
    if (firstSampled && !rates.has(system.id) && method !== 'exact')
      rates.set(system.id, {
        perThread: calibrate(system, firstSampled, overrides.kernel ?? scenario.kernel),
        from: scenario.name,
      });
    allExactTimes.push(...exactTimes);
    plans.push({
      name: scenario.name,
      system: system.id,
      battles: scenario.battles.length,
      cells: cells.length,
      variants,
      trials,
      sampled: (sampledBattles + sampledCells * variants) * trials,
      upTo: method === 'exact' ? 0 : (battleUnits.length + cellUnits.length * variants) * trials,
      exactUnits: scenario.battles.length - sampledBattles + cells.length - sampledCells,
      seconds: 0,
      sweepSeconds: 0,
      perBattle: 0,
      perExact: 0,
    });
    sweeps.push({
      sampled: sampledCells * variants * trials,
      exact: cells.length - sampledCells,
      exactMs: median(exactTimes),
    });
  }
  const exactMs = median(allExactTimes);
  const effective = threads === 0 ? 1 : threads * THREAD_EFFICIENCY;
  for (const [i, plan] of plans.entries()) {
    const rate = rates.get(plan.system)?.perThread;
    plan.perBattle = rate ? 1 / (rate * effective) : 0;
    plan.perExact = (sweeps[i].exactMs ?? exactMs ?? 0) / 1000;
    plan.seconds = plan.sampled * plan.perBattle + plan.exactUnits * plan.perExact;
    plan.sweepSeconds = sweeps[i].sampled * plan.perBattle + sweeps[i].exact * plan.perExact;
  }
  const exactUnits = plans.reduce((s, p) => s + p.exactUnits, 0);
  return {
    scenarios: plans,
    threads,
    battles: plans.reduce((s, p) => s + p.battles, 0),
    cells: plans.reduce((s, p) => s + p.cells, 0),
    sampled: plans.reduce((s, p) => s + p.sampled, 0),
    upTo: plans.reduce((s, p) => s + p.upTo, 0),
    exactUnits,
    rates: [...rates].map(([system, r]) => ({ system, ...r })),
    exactMs,
    seconds: plans.reduce((s, p) => s + p.seconds, 0),
    calibrationMs: performance.now() - started,
  };
}

/** Whether the run samples this battle (one the method cannot answer is left to the run to refuse). */
function isSampled(system: RuleSystem, battle: Battle, method: Overrides['method'] & string): boolean {
  try {
    return planAnswer(system, battle, method, false).sampled;
  } catch {
    return false;
  }
}

function targetOf(b: Battle): SampleTarget {
  return { plan: b.plan, layout: b.layout, headline: b.headline };
}

/**
 * Battles a second on this thread: a warm-up slice of the unit's real work (its plan, kernel and
 * variants, on common random numbers as the run does), then a timed one of about 50 ms.
 */
function calibrate(system: RuleSystem, unit: Unit, kernel: KernelName): number {
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
    const t0 = performance.now();
    runChunk(system, task(trials));
    return (trials * plans.length) / (Math.max(performance.now() - t0, 0.01) / 1000);
  };
  // Warm up until the kernel has run WARM_UP_S (a cold kernel ran 10x slower than a warm one).
  let warm = 0;
  let trials = CALIBRATION_TRIALS;
  for (const t0 = performance.now(); performance.now() - t0 < WARM_UP_S * 1000; trials *= 2) warm = rate(trials);
  // Three slices of about TIMED_SLICE_S together; the middle rate stands (a busy machine's pauses are not the rule).
  const slice = Math.max(1000, Math.round((warm * TIMED_SLICE_S) / 3 / plans.length));
  return median([rate(slice), rate(slice), rate(slice)]) ?? warm;
}

/** The middle value (a busy machine's pauses do not stand for the rest), or null for none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
