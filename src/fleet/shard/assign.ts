/**
 * Which shard runs which chunk. Units (battle 0..B-1, then sweep cells 0..C-1) are
 * numbered in order; chunk j of unit u goes to shard (u + j) mod N. Within a unit that
 * is chunks i, i+N, i+2N ... of the issue; the offset by unit spreads the remainders, so
 * no shard gets the first chunk of every unit and the shards' loads differ by at most one
 * chunk per unit, typically much less.
 */
import type { ChunkId } from '../../core/engine/sample/task.js';
import { readDecimal } from '../../core/form/read.js';

export interface ShardSpec {
  /** 0-based, below `count` (Kubernetes' JOB_COMPLETION_INDEX, Slurm's SLURM_ARRAY_TASK_ID from 0). */
  index: number;
  count: number;
}

export const MAX_SHARDS = 100_000;

/** `i/N` with 0 <= i < N; null when the text is not of that form. */
export function parseShardSpec(text: string): ShardSpec | null {
  const sides = text.split('/');
  if (sides.length !== 2) return null;
  // Each side a whole number as every flag writes one (core/form/read.ts).
  const [index, count] = sides.map(readDecimal);
  if (index === undefined || count === undefined || !Number.isInteger(index) || !Number.isInteger(count)) return null;
  if (index < 0 || count < 1 || count > MAX_SHARDS || index >= count) return null;
  return { index, count };
}

/** The unit's place in the run: battles first, then sweep cells. */
export function unitOrdinal(unit: string, battles: number): number {
  const m = /^(battle|cell) (\d+)$/.exec(unit);
  if (!m) throw new Error(`unknown chunk unit '${unit}'`);
  return m[1] === 'battle' ? Number(m[2]) : battles + Number(m[2]);
}

export function shardOf(id: ChunkId, battles: number, count: number): number {
  return (unitOrdinal(id.unit, battles) + id.chunk) % count;
}

/** `battle 2/7`: how records are named in messages and maps. */
export function chunkName(id: Pick<ChunkId, 'unit' | 'chunk'>): string {
  return `${id.unit}/${id.chunk}`;
}
