/**
 * A chunk's tally as plain JSON numbers, and back. Tallies are integer counts below 2^53,
 * which JSON writes exactly; anything else (a fraction, a negative, the wrong length) is
 * refused rather than merged, so a corrupt result can never slip into a report.
 */
import { taskTallyLength, type ChunkTask } from '../core/engine/sample/task.js';

export function tallyToJson(tally: Float64Array): number[] {
  return Array.from(tally);
}

/** The expected length of a task's tally. */
export function tallyLength(task: ChunkTask): number {
  return taskTallyLength(task.tallySize, task.paired?.plans.length ?? 1);
}

/** Checks counts (length, whole non-negative numbers) and returns them as a tally; throws with `what` named. */
export function tallyFromJson(counts: unknown, length: number, what: string): Float64Array {
  if (!Array.isArray(counts) || counts.length !== length) {
    const got = Array.isArray(counts) ? `${counts.length} counts` : typeof counts;
    throw new Error(`${what}: expected ${length} counts, got ${got}`);
  }
  const tally = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const c = counts[i] as unknown;
    if (typeof c !== 'number' || !Number.isSafeInteger(c) || c < 0) {
      throw new Error(`${what}: count ${i} is ${JSON.stringify(c)}, not a whole number of trials`);
    }
    tally[i] = c;
  }
  return tally;
}
