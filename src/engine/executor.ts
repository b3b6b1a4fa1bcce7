/**
 * Where chunks run. The engine only knows this interface and the in-process executor;
 * a pool of worker threads (src/node/poolExecutor.ts) or a browser's Web Workers are
 * adapters. Every executor gives the same tallies for the same tasks; only the wall-clock
 * time differs.
 */
import type { RuleSystem } from './contract.js';
import { ChunkAbortedError } from './run/abort.js';
import { runChunk, type ChunkTask } from './task.js';

export interface Executor {
  /** Worker threads behind it (0: runs in the calling thread). */
  readonly threads: number;
  /**
   * Runs one chunk. When `signal` aborts, the executor may drop the chunk (rejecting with
   * an AbortError) instead of finishing it, so an interrupt stops within a chunk.
   */
  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array>;
  close(): Promise<void>;
}

/** Finds the rule system a task names (the composition root supplies it). */
export type SystemLookup = (id: string) => RuleSystem | undefined;

/** Runs chunks one after another in the calling thread (`--threads 0`). */
export class InProcessExecutor implements Executor {
  readonly threads = 0;
  constructor(private readonly lookup: SystemLookup) {}
  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    // Yield to the event loop between chunks so an interrupt and progress are seen (setImmediate
    // runs after the poll phase, where signals arrive; a browser has only setTimeout).
    await new Promise((resolve) =>
      typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
    );
    if (signal?.aborted) throw new ChunkAbortedError(signal.reason);
    const system = this.lookup(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    return runChunk(system, task);
  }
  async close(): Promise<void> {}
}
