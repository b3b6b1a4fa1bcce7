/**
 * One chunk of work: everything a worker (a thread, a Web Worker, a remote machine)
 * needs to run `trials` battles on one generator stream, structured-cloneable.
 */
import type { KernelName, Kernel, RuleSystem } from '../../model/contract.js';
import { Xoshiro128, type RngState } from '../../random/xoshiro128.js';

export interface ChunkTask {
  systemId: string;
  kernel: KernelName;
  plan: unknown;
  tallySize: number;
  state: RngState;
  trials: number;
  /**
   * Paired (common random numbers) mode: the plans of the variants to compare and each
   * one's headline bins (flat [offset, length, ...]). Every trial of every variant starts
   * from the same generator state; after the per-variant tallies the chunk's tally holds
   * the joint counts of the headline for variants 0 and v: [both, only 0, only v, neither].
   */
  paired?: { plans: unknown[]; headlineBins: number[][] };
  /** Which chunk of the run this is (runChunk ignores it; shards and queues name results by it). */
  id?: ChunkId;
}

/** A chunk's place in a run: its unit (`battle <i>` or `cell <i>` of the sweep) and its index among `chunks`. */
export interface ChunkId {
  unit: string;
  chunk: number;
  chunks: number;
}

/** Length of a chunk's tally (paired mode: every variant's tally, then 4 joint counts per non-baseline variant). */
export function taskTallyLength(tallySize: number, variants = 1): number {
  return variants * tallySize + 4 * (variants - 1);
}

/** Runs one chunk in the current thread (also the body of every worker). */
export function runChunk(system: RuleSystem, task: ChunkTask): Float64Array {
  const chunk = startChunk(system, task);
  chunk.run(task.trials);
  return chunk.tally;
}

/**
 * A chunk run a slice at a time: `run(n)` runs the next `n` of its trials on the chunk's one
 * generator stream. Any slicing gives the tally of `runChunk` bit for bit, because a kernel
 * keeps nothing from one trial to the next but the generator (the Kernel contract; the
 * contract suite checks every system), so the in-process executor can stop between slices.
 */
export interface ChunkInSlices {
  /** The chunk's tally so far (complete once `left` is 0). */
  readonly tally: Float64Array;
  /** Trials not run yet. */
  readonly left: number;
  /** Runs the next `trials` trials (at most `left`). */
  run(trials: number): void;
}

export function startChunk(system: RuleSystem, task: ChunkTask): ChunkInSlices {
  if (!system.sampler) throw new Error(`${system.id} has no sampler: its battles are solved, never sampled`);
  const kernel = system.sampler[task.kernel] as Kernel<unknown>;
  const rng = Xoshiro128.fromState(task.state);
  let left = task.trials;
  const slice = (run: (trials: number) => void) => (trials: number) => {
    const n = Math.max(0, Math.min(Math.floor(trials), left));
    run(n);
    left -= n;
  };
  if (!task.paired) {
    const tally = new Float64Array(task.tallySize);
    return {
      tally,
      get left() {
        return left;
      },
      run: slice((n) => kernel(task.plan, rng, n, tally)),
    };
  }
  const paired = pairedChunk(task, task.paired, kernel, rng);
  return {
    tally: paired.tally,
    get left() {
      return left;
    },
    run: slice(paired.run),
  };
}

function pairedChunk(
  task: ChunkTask,
  paired: NonNullable<ChunkTask['paired']>,
  kernel: Kernel<unknown>,
  rng: Xoshiro128,
): { tally: Float64Array; run(trials: number): void } {
  const v = paired.plans.length;
  const size = task.tallySize;
  const tally = new Float64Array(taskTallyLength(size, v));
  const views = paired.plans.map((_, i) => tally.subarray(i * size, (i + 1) * size));
  const joint = v * size;
  const hit = new Uint8Array(v);
  // Each variant's headline count so far: a trial hit the headline when it went up.
  const counted = new Float64Array(v);
  // One generator re-seeded per trial from the chunk's stream: every variant of a
  // trial sees the same random numbers (common random numbers), nothing allocated.
  const trialRng = Xoshiro128.fromState([1, 0, 0, 0]);
  const run = (trials: number) => {
    for (let t = 0; t < trials; t++) {
      const s0 = rng.nextUint32(),
        s1 = rng.nextUint32(),
        s2 = rng.nextUint32(),
        s3 = rng.nextUint32();
      for (let i = 0; i < v; i++) {
        trialRng.setState(s0, s1, s2, s3);
        kernel(paired.plans[i], trialRng, 1, views[i]);
        const now = flatBinSum(views[i], paired.headlineBins[i]);
        hit[i] = now > counted[i] ? 1 : 0;
        counted[i] = now;
      }
      for (let i = 1; i < v; i++) tally[joint + 4 * (i - 1) + (hit[0] ? (hit[i] ? 0 : 1) : hit[i] ? 2 : 3)]++;
    }
  };
  return { tally, run };
}

function flatBinSum(vector: Float64Array, bins: number[]): number {
  let sum = 0;
  for (let k = 0; k < bins.length; k += 2) {
    const end = bins[k] + bins[k + 1];
    for (let i = bins[k]; i < end; i++) sum += vector[i];
  }
  return sum;
}
