/**
 * A chunk in a worker: the same `runChunk` as the CLI's worker threads, so a chunk's tally
 * is the same whichever runs it. The tally's buffer is transferred, not copied.
 */
import { findSystem } from '../../app/systems.js';
import { runChunk } from '../../engine/task.js';
import type { ChunkReply, ChunkRequest } from './protocol.js';

export function chunkJob(request: ChunkRequest, reply: (message: ChunkReply, transfer?: Transferable[]) => void): void {
  const { id, task } = request;
  try {
    const system = findSystem(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    const tally = runChunk(system, task);
    reply({ id, tally }, [tally.buffer]);
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
