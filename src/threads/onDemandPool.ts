/**
 * A worker pool started by its first chunk. An answer the exact solver gives (the default
 * wherever one exists) never runs a chunk, so it never pays for loading piscina and starting
 * threads that each load the engine.
 *
 * @example
 * const executor = new OnDemandPool(2); // nothing started yet
 * await executor.run(task);             // imports piscina, starts 2 threads, runs the chunk
 * await executor.close();               // closes the pool if it was started
 */
import type { ChunkTask } from '../core/engine/sample/task.js';
import type { Executor } from '../core/engine/sample/executor.js';
import { ChunkAbortedError } from '../core/engine/sample/abort.js';

export class OnDemandPool implements Executor {
  private pool: Promise<Executor> | null = null;

  constructor(readonly threads: number) {}

  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (signal?.aborted) return Promise.reject(new ChunkAbortedError(signal.reason));
    this.pool ??= import('./poolExecutor.js').then(({ PoolExecutor }) => new PoolExecutor(this.threads));
    return this.pool.then((pool) => pool.run(task, signal));
  }

  async close(): Promise<void> {
    if (this.pool) await (await this.pool).close();
  }
}
