/**
 * A fixed-size piscina pool of worker threads: the Node adapter behind `--threads N`.
 *
 * Two hazards of piscina are handled here:
 * - Destroying a worker while it is still loading its modules aborts the whole process
 *   (`FATAL ERROR: v8::Module::IsGraphAsync`, exit 134): piscina marks its first workers
 *   ready before they have loaded. Each worker posts a message once its modules are loaded
 *   (src/threads/threadWorker.ts); the pool is destroyed, and a running chunk aborted, only when every
 *   current worker has posted it.
 * - An interrupt must not wait for a long chunk: `run(task, signal)` rejects at once when
 *   the signal aborts (a queued chunk is dropped, a running one is stopped by ending its
 *   thread, which piscina replaces in ~70 ms).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ChunkTask } from '../core/engine/sample/task.js';
import type { Executor } from '../core/engine/sample/executor.js';
import { ChunkAbortedError, isAbortError } from '../core/engine/sample/abort.js';
import { coreCount } from './cores.js';
import { InProcessExecutor } from '../core/engine/sample/executor.js';
import { findSystem } from '../core/registry/systems.js';
import { WORKER_LOADED } from './workerLoaded.js';

export { isAbortError } from '../core/engine/sample/abort.js';

export function defaultThreads(): number {
  return coreCount();
}

/** The longest close() waits for workers to finish loading before destroying them anyway. */
const LOAD_TIMEOUT_MS = 30_000;

export class PoolExecutor implements Executor {
  private readonly pool: Piscina;
  private readonly loaded = new Set<number>();
  private readonly abortCallbacks = new WeakMap<AbortSignal, Set<() => void>>();
  private closing?: Promise<void>;

  constructor(readonly threads: number) {
    const here = import.meta.url;
    // From the TypeScript sources (tests) workers load through tsx, which takes seconds per
    // thread; BATTLE_ODDS_BUILT_WORKER=1 (set by the test config, after npm test's build) uses
    // the built worker instead: the command line's bundle of it (dist/cli/), the same code in a
    // few files, which loads in half the time of dist/src/'s ~230 modules.
    const built = process.env.BATTLE_ODDS_BUILT_WORKER === '1' && here.endsWith('.ts');
    const isTypeScript = here.endsWith('.ts') && !built;
    const worker = built
      ? new URL('../../dist/cli/threadWorker.js', here)
      : new URL(isTypeScript ? './threadWorker.ts' : './threadWorker.js', here);
    this.pool = new Piscina({
      filename: fileURLToPath(worker),
      minThreads: threads,
      maxThreads: threads,
      // Threads that exit between batches must re-JIT the kernels: keep them.
      idleTimeout: 60_000,
      // Running from TypeScript sources (tests): load the worker through tsx.
      execArgv: isTypeScript ? ['--import', 'tsx'] : [],
    });
    this.pool.on('message', (message: unknown) => {
      const threadId = (message as Record<string, unknown> | null)?.[WORKER_LOADED];
      if (typeof threadId === 'number') this.loaded.add(threadId);
    });
    // A worker that fails outside a task is reported here; its tasks reject on their own.
    this.pool.on('error', () => {});
  }

  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (signal?.aborted) return Promise.reject(new ChunkAbortedError(signal.reason));
    if (!signal) return this.pool.run(task) as Promise<Float64Array>;
    const cancel = new AbortController();
    const running = this.pool.run(task, { signal: cancel.signal }) as Promise<Float64Array>;
    return new Promise((resolve, reject) => {
      const stopWatching = this.onAbort(signal, () => {
        reject(new ChunkAbortedError(signal.reason));
        // Ending a thread that is still loading aborts the process: wait until all have loaded.
        void this.whenAllLoaded().then(() => cancel.abort());
      });
      running.then(
        (tally) => {
          stopWatching();
          resolve(tally);
        },
        (error: unknown) => {
          stopWatching();
          reject(isAbortError(error) ? new ChunkAbortedError(signal.reason) : error);
        },
      );
    });
  }

  /**
   * Calls `callback` when `signal` aborts, until the returned function is called. One listener
   * per signal serves every chunk in flight: a listener per chunk would pass Node's limit of 10
   * (MaxListenersExceededWarning) as soon as more chunks than that are queued, as shards do.
   */
  private onAbort(signal: AbortSignal, callback: () => void): () => void {
    let callbacks = this.abortCallbacks.get(signal);
    if (!callbacks) {
      const waiting = new Set<() => void>();
      signal.addEventListener('abort', () => [...waiting].forEach((f) => f()), { once: true });
      this.abortCallbacks.set(signal, waiting);
      callbacks = waiting;
    }
    callbacks.add(callback);
    return () => callbacks.delete(callback);
  }

  /** True when every current worker thread has loaded its modules (and may be ended safely). */
  allLoaded(): boolean {
    return this.pool.threads.every((worker) => this.loaded.has(worker.threadId));
  }

  /** Resolves when allLoaded(), or after `timeoutMs` whatever the state. */
  whenAllLoaded(timeoutMs = LOAD_TIMEOUT_MS): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      const check = () => {
        if (this.allLoaded() || performance.now() >= deadline) resolve();
        else setTimeout(check, 10);
      };
      check();
    });
  }

  /** Destroys the pool once every worker has loaded (see the module comment). Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.whenAllLoaded().then(() => this.pool.destroy());
    return this.closing;
  }
}

/** Chunks in this thread (0) or on a pool of that many worker threads. */
export function createExecutor(threads: number): Executor {
  return threads <= 0 ? new InProcessExecutor(findSystem) : new PoolExecutor(threads);
}
