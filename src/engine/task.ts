import type { KernelName } from './system.js';
import type { RngState } from './random/xoshiro128.js';
import { Xoshiro128 } from './random/xoshiro128.js';
import type { RuleSystem } from './system.js';

/** One chunk of work: everything a worker needs, structured-cloneable. */
export interface ChunkTask {
  systemId: string;
  kernel: KernelName;
  plan: unknown;
  tallySize: number;
  state: RngState;
  trials: number;
  /**
   * Paired (common random numbers) mode: the plans of the variants to compare.
   * Every trial of every variant starts from the same generator state, so the
   * tally gets, after the per-variant tallies, the joint counts of the headline
   * event for variants 0 and v: [both, only 0, only v, neither] per v >= 1.
   */
  pairedPlans?: unknown[];
}

/** Runs one chunk in the current thread (also the body of the worker). */
export function runChunk(system: RuleSystem, task: ChunkTask): Float64Array {
  const kernel = system.kernels[task.kernel];
  const rng = Xoshiro128.fromState(task.state);
  if (!task.pairedPlans) {
    const tally = new Float64Array(task.tallySize);
    kernel(task.plan, rng, task.trials, tally);
    return tally;
  }
  return runPairedChunk(task, system.headlineCount.bind(system), kernel, rng);
}

function runPairedChunk(
  task: ChunkTask,
  headlineCount: (plan: unknown, tally: Float64Array) => number,
  kernel: (plan: unknown, rng: Xoshiro128, trials: number, tally: Float64Array) => void,
  rng: Xoshiro128,
): Float64Array {
  const plans = task.pairedPlans as unknown[];
  const v = plans.length;
  const size = task.tallySize;
  const tally = new Float64Array(v * size + 4 * (v - 1));
  const views = plans.map((_, i) => tally.subarray(i * size, (i + 1) * size));
  const joint = v * size;
  const hit = new Uint8Array(v);
  // Each variant's headline count so far: one headlineCount call per trial, not two.
  const counted = new Float64Array(v);
  // One generator re-seeded per trial from the chunk's stream: every variant of a
  // trial sees the same random numbers (common random numbers), nothing allocated.
  const trialRng = Xoshiro128.fromState([1, 0, 0, 0]);
  for (let t = 0; t < task.trials; t++) {
    const s0 = rng.nextUint32(),
      s1 = rng.nextUint32(),
      s2 = rng.nextUint32(),
      s3 = rng.nextUint32();
    for (let i = 0; i < v; i++) {
      trialRng.setState(s0, s1, s2, s3);
      kernel(plans[i], trialRng, 1, views[i]);
      const now = headlineCount(plans[i], views[i]);
      hit[i] = now > counted[i] ? 1 : 0;
      counted[i] = now;
    }
    for (let i = 1; i < v; i++) tally[joint + 4 * (i - 1) + (hit[0] ? (hit[i] ? 0 : 1) : hit[i] ? 2 : 3)]++;
  }
  return tally;
}
