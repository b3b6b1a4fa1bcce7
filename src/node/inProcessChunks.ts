/**
 * Chunks in the calling thread (`--threads 0`), interruptible between chunks: a chunk is
 * not started once the signal has aborted (it rejects with an AbortError instead). A
 * running chunk holds the thread, so in-process runs stop at the next chunk boundary.
 */
import { runChunk, type ChunkTask } from '../engine/task.js';
import type { Executor } from '../engine/executor.js';
import { findSystem } from '../app/systems.js';
import { ChunkAbortedError } from './abortError.js';
import { signalSamplingStarted } from './readyFile.js';

export class InProcessChunks implements Executor {
  readonly threads = 0;

  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    signalSamplingStarted();
    // Yield to the event loop between chunks so an interrupt and progress are seen.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new ChunkAbortedError(signal.reason);
    const system = findSystem(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    return runChunk(system, task);
  }

  async close(): Promise<void> {}
}
