/**
 * Monte Carlo over chunks: chunk i always runs stream i of the seed, with a chunk size
 * fixed by the trial count, so the merged tally is a pure function of (plan, seed,
 * trials) whatever the executor. Counts are integers held exactly in float64, so merge
 * order does not matter either.
 */
import type { KernelName, RuleSystem } from '../../model/contract.js';
import type { Executor } from './executor.js';
import type { PrecisionOutcome } from '../../model/report.js';
import { taskTallyLength, type ChunkTask } from './task.js';
import type { RngState } from '../../random/xoshiro128.js';
import { chunkSizeFor, chunkTrials, PRECISION_CHUNK } from './chunking.js';
import { binSum, findEvent, flatBins, type TallyLayout } from '../../model/tallyLayout.js';
import { tallyProblem } from './checkTally.js';
import { wilsonHalfWidth } from '../../stats/wilson.js';
import { isAbortError } from './abort.js';

export interface SampleSettings {
  seed: string | number;
  /** Trials to run; with `precision`, the most trials to run. */
  trials: number;
  kernel: KernelName;
  /** Stop at the first checkpoint where the 95% half-width of the headline probability is <= this. */
  precision?: number;
  /** The base stream state of a sweep cell (cells get separate stream families); default: the seed's. */
  streamBase?: RngState;
  /** Names the unit this sampling belongs to (`battle 2`, `cell 17`): chunk tasks then carry an `id`. */
  unit?: string;
  signal?: AbortSignal;
  onProgress?: (trialsDone: number) => void;
  /** Called once, as the first chunk is handed to the executor. */
  onStarted?: () => void;
}

/** What is sampled: a plan, its layout and headline (paired mode: several variants in lockstep). */
export interface SampleTarget {
  plan: unknown;
  layout: TallyLayout;
  headline: string;
}

export interface SampleResult {
  /** The merged tally (paired mode: every variant's tally, then the joint headline counts). */
  tally: Float64Array;
  trials: number;
  /** True when the run was interrupted before it finished. */
  partial: boolean;
  chunks: number;
  precision?: PrecisionOutcome;
}

/** Runs `trials` trials of one battle, or with several targets, of each variant on common random numbers. */
export async function sampleBattle(
  system: RuleSystem,
  targets: SampleTarget[],
  settings: SampleSettings,
  executor: Executor,
): Promise<SampleResult> {
  const [first] = targets;
  const size = settings.precision ? PRECISION_CHUNK : chunkSizeFor(settings.trials);
  const sizes = chunkTrials(settings.trials, size);
  // The seed's generator (seedrandom) loads only when something is sampled.
  const { chunkStates, chunkStatesFrom } = await import('../../random/seed.js');
  const states = settings.streamBase
    ? chunkStatesFrom(settings.streamBase, sizes.length)
    : chunkStates(settings.seed, sizes.length);
  const tallySize = first.layout.size;
  const tally = new Float64Array(taskTallyLength(tallySize, targets.length));
  const paired =
    targets.length > 1
      ? {
          plans: targets.map((t) => t.plan),
          headlineBins: targets.map((t) => flatBins(findEvent(t.layout, t.headline).bins)),
        }
      : undefined;
  const headlineBins = findEvent(first.layout, first.headline).bins;
  let trialsDone = 0;
  let chunksDone = 0;

  const taskFor = (i: number): ChunkTask => ({
    systemId: system.id,
    kernel: settings.kernel,
    plan: first.plan,
    tallySize,
    state: states[i],
    trials: sizes[i],
    ...(paired ? { paired } : {}),
    ...(settings.unit !== undefined ? { id: { unit: settings.unit, chunk: i, chunks: sizes.length } } : {}),
  });

  /** Runs chunks [from, to) with a few in flight; false when interrupted. */
  const runRange = async (from: number, to: number): Promise<boolean> => {
    const window = Math.max(2, executor.threads * 2);
    let next = from;
    let interrupted = false;
    const lane = async () => {
      while (next < to && !interrupted) {
        if (settings.signal?.aborted) {
          interrupted = true;
          return;
        }
        const i = next++;
        if (i === 0) settings.onStarted?.();
        let part: Float64Array;
        const task = taskFor(i);
        try {
          part = await executor.run(task, settings.signal);
        } catch (error) {
          // A chunk dropped on an interrupt counts for nothing: the tally holds whole chunks only.
          if (isAbortError(error)) {
            interrupted = true;
            return;
          }
          throw error;
        }
        // Every tally is checked against its layout before it counts: one from another machine
        // may be corrupt or edited, and one from here that fails is a bug in a kernel.
        const problem = executor.placeholders ? null : tallyProblem(targets, part, sizes[i]);
        if (problem) {
          const where = task.id ? `chunk ${task.id.unit}/${task.id.chunk}` : 'a chunk';
          throw executor.refuse?.(task, problem) ?? new Error(`${where} of ${system.id}: impossible tally: ${problem}`);
        }
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
    halfWidth = wilsonHalfWidth(binSum(tally, headlineBins), trialsDone);
    if (!complete) {
      const precision = { target: settings.precision, halfWidth, met: false };
      return { tally, trials: trialsDone, partial: true, chunks: chunksDone, precision };
    }
    if (halfWidth <= settings.precision) break;
    checkpoint *= 2;
  }
  const precision = { target: settings.precision, halfWidth, met: halfWidth <= settings.precision };
  return { tally, trials: trialsDone, partial: false, chunks: chunksDone, precision };
}
