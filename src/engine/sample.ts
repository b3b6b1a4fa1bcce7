/**
 * Monte Carlo over chunks: chunk i always runs stream i of the seed, with a chunk
 * size fixed by the trial count, so the merged tally is a pure function of
 * (plan, seed, trials) whatever the executor. Counts are integers held exactly in
 * float64, so merge order does not matter either.
 */
import type { CompiledBattle, KernelName, RuleSystem } from './system.js';
import type { Executor } from './executor.js';
import type { ChunkTask } from './task.js';
import { chunkStates, chunkStatesFrom } from './random/seed.js';
import type { RngState } from './random/xoshiro128.js';
import { chunkSizeFor, chunkTrials, PRECISION_CHUNK } from './chunking.js';
import { wilsonHalfWidth } from '../stats/wilson.js';

export interface SampleSettings {
  seed: string | number;
  /** Trials to run; with `precision`, the most trials to run. */
  trials: number;
  kernel: KernelName;
  /** Stop at the first checkpoint where the 95% half-width of the headline probability is <= this. */
  precision?: number;
  /** Study cell index: separate cells get separate stream families (long jumps). */
  cell?: number;
  /** The cell's base stream state, when the caller computed it (sweeps); wins over `cell`. */
  streamBase?: RngState;
  signal?: AbortSignal;
  onProgress?: (trialsDone: number) => void;
}

export interface SampleResult {
  tally: Float64Array;
  trials: number;
  /** True when the run was interrupted before it finished. */
  partial: boolean;
  chunks: number;
  /** With a precision target: the half-width reached and whether it met the target before the trials cap. */
  precision?: PrecisionOutcome;
}

export interface PrecisionOutcome {
  target: number;
  halfWidth: number;
  met: boolean;
}

/** Runs `trials` trials of one battle (or, with `pairedPlans`, of several variants in lockstep). */
export async function sampleBattle(
  system: RuleSystem,
  battle: CompiledBattle<unknown>,
  settings: SampleSettings,
  executor: Executor,
  pairedPlans?: unknown[],
): Promise<SampleResult> {
  const size = settings.precision ? PRECISION_CHUNK : chunkSizeFor(settings.trials);
  const sizes = chunkTrials(settings.trials, size);
  const states = settings.streamBase
    ? chunkStatesFrom(settings.streamBase, sizes.length)
    : chunkStates(settings.seed, sizes.length, settings.cell ?? 0);
  const tallyLength = pairedPlans
    ? pairedPlans.length * battle.tallySize + 4 * (pairedPlans.length - 1)
    : battle.tallySize;
  const tally = new Float64Array(tallyLength);
  let trialsDone = 0;
  let chunksDone = 0;

  const taskFor = (i: number): ChunkTask => ({
    systemId: system.id,
    kernel: settings.kernel,
    plan: battle.plan,
    tallySize: battle.tallySize,
    state: states[i],
    trials: sizes[i],
    ...(pairedPlans ? { pairedPlans } : {}),
  });

  /** Runs chunks [from, to) with at most `window` in flight; false when interrupted. */
  const runRange = async (from: number, to: number): Promise<boolean> => {
    const window = Math.max(2, executor.threads * 2);
    let next = from;
    let interrupted = false;
    const lane = async () => {
      while (next < to) {
        if (settings.signal?.aborted) {
          interrupted = true;
          return;
        }
        const i = next++;
        const part = await executor.run(taskFor(i));
        for (let j = 0; j < part.length; j++) tally[j] += part[j];
        trialsDone += sizes[i];
        chunksDone++;
        settings.onProgress?.(trialsDone);
      }
    };
    await Promise.all(Array.from({ length: Math.min(window, to - from) }, lane));
    return !interrupted;
  };

  if (!settings.precision) {
    const complete = await runRange(0, sizes.length);
    return { tally, trials: trialsDone, partial: !complete, chunks: chunksDone };
  }
  // Checkpoints after 1, 2, 4, 8 ... chunks: the stopping decision only ever looks at
  // whole prefixes of chunks, so it is the same for any number of threads.
  let checkpoint = 1;
  let done = 0;
  let halfWidth = Infinity;
  while (done < sizes.length) {
    const to = Math.min(sizes.length, checkpoint);
    const complete = await runRange(done, to);
    done = to;
    const hits = system.headlineCount(battle.plan, pairedPlans ? tally.subarray(0, battle.tallySize) : tally);
    halfWidth = wilsonHalfWidth(hits, trialsDone);
    if (!complete)
      return {
        tally,
        trials: trialsDone,
        partial: true,
        chunks: chunksDone,
        precision: { target: settings.precision, halfWidth, met: false },
      };
    if (halfWidth <= settings.precision) break;
    checkpoint *= 2;
  }
  return {
    tally,
    trials: trialsDone,
    partial: false,
    chunks: chunksDone,
    precision: { target: settings.precision, halfWidth, met: halfWidth <= settings.precision },
  };
}
