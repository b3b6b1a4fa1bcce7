/**
 * A chunk in a worker: the same `runChunk` as the CLI's worker threads, so a chunk's tally
 * is the same whichever runs it. The tally is copied back, not transferred: a transfer would
 * slow every later chunk in this worker (see src/threads/threadWorker.ts).
 */
import { findSystem } from '../../core/registry/systems.js';
import { runChunk } from '../../core/engine/sample/task.js';
import type { ChunkReply, ChunkRequest } from './protocol.js';

export function chunkJob(request: ChunkRequest, reply: (message: ChunkReply) => void): void {
  const { id, task } = request;
  try {
    const system = findSystem(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    const tally = runChunk(system, task);
    reply({ id, tally });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
