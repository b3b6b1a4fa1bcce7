/** A fixed-size piscina pool of worker threads: the Node adapter behind `--threads N`. */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ChunkTask } from '../engine/task.js';
import { InProcessExecutor, type Executor } from '../engine/executor.js';
import { findSystem } from '../app/systems.js';

export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

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

/** Chunks in this thread (0) or on a pool of that many worker threads. */
export function createExecutor(threads: number): Executor {
  return threads <= 0 ? new InProcessExecutor(findSystem) : new PoolExecutor(threads);
}
