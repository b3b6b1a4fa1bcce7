/**
 * Where chunks run: in this thread, or on a piscina pool of worker threads. Both give
 * the same tallies for the same tasks; only the wall-clock time differs.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { runChunk, type ChunkTask } from './task.js';

export interface Executor {
  readonly threads: number;
  run(task: ChunkTask): Promise<Float64Array>;
  close(): Promise<void>;
}

export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

/** Runs chunks one after another in the calling thread (`--threads 0`). */
export class InProcessExecutor implements Executor {
  readonly threads = 0;
  async run(task: ChunkTask): Promise<Float64Array> {
    // Yield to the event loop between chunks so Ctrl-C and progress are seen.
    await new Promise((resolve) => setImmediate(resolve));
    return runChunk(task);
  }
  async close(): Promise<void> {}
}

/** A fixed-size pool of worker threads. */
export class PoolExecutor implements Executor {
  private readonly pool: Piscina;
  constructor(readonly threads: number) {
    const here = import.meta.url;
    const isTypeScript = here.endsWith('.ts');
    const worker = new URL(isTypeScript ? './worker.ts' : './worker.js', here);
    this.pool = new Piscina({
      filename: fileURLToPath(worker),
      minThreads: threads,
      maxThreads: threads,
      // Threads that exit between batches must re-JIT the kernels: keep them.
      idleTimeout: 60_000,
      // Running from TypeScript sources (tests): load the worker through tsx.
      execArgv: isTypeScript ? ['--import', 'tsx'] : [],
    });
  }
  run(task: ChunkTask): Promise<Float64Array> {
    return this.pool.run(task);
  }
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

export function createExecutor(threads: number): Executor {
  return threads <= 0 ? new InProcessExecutor() : new PoolExecutor(threads);
}
