/**
 * How a run is cut into chunks. The chunk size depends on the trial count only,
 * never on the thread count, so the merged result is identical for any number of
 * threads and in-process: chunk i always gets stream i and the same trials.
 */
export const MIN_CHUNK = 10_000;
export const MAX_CHUNK = 1_000_000;
/** Chunk size used by `--precision` runs (checkpoints come every doubling of chunks). */
export const PRECISION_CHUNK = 100_000;

export function chunkSizeFor(trials: number): number {
  return Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.ceil(trials / 32)));
}

/** Trials in each chunk: all `size` but the last. */
export function chunkTrials(trials: number, size: number): number[] {
  const out: number[] = [];
  for (let done = 0; done < trials; done += size) out.push(Math.min(size, trials - done));
  return out;
}
