/** piscina worker: runs one chunk and transfers its tally back (no copy). */
import { move } from 'piscina';
import { runChunk, type ChunkTask } from './task.js';

export default function runChunkInWorker(task: ChunkTask): Float64Array {
  return move(runChunk(task)) as Float64Array;
}
