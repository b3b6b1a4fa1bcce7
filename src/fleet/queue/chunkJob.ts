/**
 * A chunk as a BullMQ job. Its id is the battle-odds version and the task's content key
 * (`0.1.0-<sha256>`), so adding a chunk twice is one job (BullMQ ignores an id it holds),
 * a retry recomputes the same bytes, and a finished chunk is found again by anyone who
 * asks for the same task. The data carries the version too: a worker of another version
 * refuses the job rather than compute it with other code.
 */
import { MAX_CHUNK } from '../../core/engine/sample/chunking.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';

export const CHUNK_FORMAT = 'battle-odds-chunk/1';

export interface ChunkJobData {
  format: string;
  version: string;
  /** The encoded task (taskCodec.encodeTask). */
  task: string;
  /** Its place in the submitter's run, for the workers' log (`battle 0/3`). */
  name: string;
}

export function jobIdFor(version: string, key: string): string {
  return `${version.replace(/:/g, '_')}-${key}`;
}

/** Why a worker of `version` must not run this job, or null. */
export function refusal(data: Partial<ChunkJobData>, version: string): string | null {
  if (data.format !== CHUNK_FORMAT) {
    return `format mismatch: the job is ${JSON.stringify(data.format)}, this worker reads ${CHUNK_FORMAT}`;
  }
  if (data.version !== version) {
    return (
      `version mismatch: this worker runs battle-odds ${version}, the chunk was queued by battle-odds ` +
      `${data.version}; run one version on the submitting machine and every worker`
    );
  }
  return null;
}

/** The most variants a paired chunk compares (a sweep lists at most 8). */
const MAX_VARIANTS = 8;
/** The most counts in one variant's tally: far above any layout (the largest are a few thousand). */
export const MAX_TALLY_SIZE = 1_000_000;
/** The most characters of an encoded task: far above any plan battle-odds builds. */
export const MAX_TASK_CHARS = 16 * 1024 * 1024;
/** The most characters of a worker's name in a result. */
const MAX_WORKER_NAME = 200;

/**
 * Why a job's task is outside what battle-odds itself ever queues, or null. A worker
 * refuses such a job rather than run it: a chunk of 1e15 trials would pin a core forever.
 * (The plan itself is trusted as far as the queue is: docs/fleet.md, Security.)
 */
export function taskLimitProblem(
  encoded: unknown,
  task: Partial<ChunkTask> | null,
  known: (systemId: string) => boolean,
): string | null {
  if (typeof encoded !== 'string' || encoded.length > MAX_TASK_CHARS)
    return `the task is not text of at most ${MAX_TASK_CHARS.toLocaleString('en-US')} characters`;
  if (!task || typeof task !== 'object') return 'the task is not an object';
  if (typeof task.systemId !== 'string' || !known(task.systemId))
    return `the task names the rule system ${JSON.stringify(task.systemId)}, which this battle-odds does not have`;
  if (task.kernel !== 'fast' && task.kernel !== 'faithful')
    return `the task names the kernel ${JSON.stringify(task.kernel)}`;
  const { trials, tallySize, state, paired } = task;
  if (!Number.isSafeInteger(trials) || (trials as number) < 1 || (trials as number) > MAX_CHUNK)
    return (
      `trials ${String(trials)} is not a chunk: battle-odds cuts runs into chunks of 1 to ` +
      `${MAX_CHUNK.toLocaleString('en-US')} trials`
    );
  if (!Number.isSafeInteger(tallySize) || (tallySize as number) < 1 || (tallySize as number) > MAX_TALLY_SIZE)
    return `tallySize ${String(tallySize)} is not between 1 and ${MAX_TALLY_SIZE.toLocaleString('en-US')}`;
  const words = Array.isArray(state) ? state : [];
  if (
    words.length !== 4 ||
    !words.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32) ||
    words.every((w) => w === 0)
  )
    return 'the generator state is not four 32-bit words, not all zero';
  if (paired !== undefined) {
    const plans = (paired as { plans?: unknown })?.plans;
    const bins = (paired as { headlineBins?: unknown })?.headlineBins;
    if (
      !Array.isArray(plans) ||
      plans.length < 2 ||
      plans.length > MAX_VARIANTS ||
      !Array.isArray(bins) ||
      bins.length !== plans.length
    )
      return `a paired task compares 2 to ${MAX_VARIANTS} variants, each with its headline bins`;
  }
  return null;
}

/** What a worker returns for a chunk: its name (as it calls itself) and the tally's counts. */
export interface ChunkResult {
  worker: string;
  counts: unknown[];
}

/** A job's return value as a ChunkResult, or why it is not one. */
export function readChunkResult(value: unknown): ChunkResult | string {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'its result is not JSON';
    }
  }
  const result = parsed as Partial<ChunkResult> | null;
  if (!result || typeof result !== 'object' || !Array.isArray(result.counts))
    return 'its result is not { worker, counts }';
  const worker = typeof result.worker === 'string' ? result.worker.slice(0, MAX_WORKER_NAME) : 'an unnamed worker';
  return { worker, counts: result.counts };
}
