/** piscina worker: runs one chunk and transfers its tally back (no copy). */
import { parentPort, threadId } from 'node:worker_threads';
import { move } from 'piscina';
import { runChunk, type ChunkTask } from '../engine/task.js';
import { findSystem } from '../app/systems.js';
import { WORKER_LOADED } from './workerLoaded.js';

export default function runChunkInWorker(task: ChunkTask): Float64Array {
  const system = findSystem(task.systemId);
  if (!system) throw new Error(`unknown system ${task.systemId}`);
  return move(runChunk(system, task)) as Float64Array;
}

// Every import above has been evaluated: from now on ending this thread is safe (see poolExecutor.ts).
parentPort?.postMessage({ [WORKER_LOADED]: threadId });
