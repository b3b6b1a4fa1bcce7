/** Messages between the page and a chunk worker: one chunk asked, its tally (transferred) or an error back. */
import type { ChunkTask } from '../../engine/task.js';

export interface ChunkRequest {
  id: number;
  task: ChunkTask;
}

export type ChunkReply = { id: number; tally: Float64Array } | { id: number; error: string };
