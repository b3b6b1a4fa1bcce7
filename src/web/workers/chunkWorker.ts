/**
 * A Web Worker that runs chunks: the same `runChunk` as the CLI's worker threads, so a
 * chunk's tally is the same whichever runs it. The tally's buffer is transferred, not copied.
 */
import { findSystem } from '../../app/systems.js';
import { runChunk } from '../../engine/task.js';
import type { ChunkReply, ChunkRequest } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ChunkRequest>) => void) | null;
  postMessage(message: ChunkReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, task } = event.data;
  try {
    const system = findSystem(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    const tally = runChunk(system, task);
    scope.postMessage({ id, tally }, [tally.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
