/** The worker pool: safe shutdown while workers load, and interrupts that do not wait for a long chunk. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isAbortError, type PoolExecutor } from '../../src/threads/poolExecutor.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { ChunkAbortedError } from '../../src/core/engine/sample/abort.js';
import { compileEntry } from '../../src/core/engine/validate/entry.js';
import { chunkStates } from '../../src/core/random/seed.js';
import { findSystem } from '../../src/core/registry/systems.js';
import type { ChunkTask } from '../../src/core/engine/sample/task.js';
import { WORKER_LOADED } from '../../src/threads/workerLoaded.js';
import { DIST, ensureBuilt, run } from '../helpers/processes.js';
import { ROOT } from '../helpers/cli.js';
import { cpuMs } from '../helpers/work.js';

/**
 * The pool from the build: its workers load plain JavaScript in ~0.3 s, where workers of
 * the TypeScript sources load through tsx in several seconds.
 */
let Pool: typeof PoolExecutor;
beforeAll(async () => {
  ensureBuilt();
  const built = pathToFileURL(path.join(DIST, 'src/threads/poolExecutor.js')).href;
  Pool = ((await import(built)) as typeof import('../../src/threads/poolExecutor.js')).PoolExecutor;
});

const landgrab = findSystem('landgrab')!;

/** A chunk of `trials` battles; 5000 vs 5000 with real dice takes ~0.1 ms per battle. */
function task(trials: number, slow = false): ChunkTask {
  const battle = compileEntry(
    landgrab,
    slow ? { attackers: 5000, defenders: 5000 } : { attackers: 5, defenders: 3 },
    't',
    '',
    't',
  );
  return {
    systemId: 'landgrab',
    kernel: slow ? 'faithful' : 'fast',
    plan: battle.plan,
    tallySize: battle.layout.size,
    state: chunkStates('pool', 1)[0],
    trials,
  };
}

const pools: PoolExecutor[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('PoolExecutor', () => {
  it('knows when its workers have loaded; rejects at once, without running, on an aborted signal', async () => {
    const pool = new Pool(1);
    pools.push(pool);
    expect(pool.allLoaded()).toBe(false);
    const aborted = new AbortController();
    aborted.abort();
    await expect(pool.run(task(10), aborted.signal)).rejects.toSatisfy(isAbortError);
    const tally = await pool.run(task(1000));
    expect(tally.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await pool.whenAllLoaded();
    expect(pool.allLoaded()).toBe(true);
  });

  it('drops queued chunks and stops the running one at once when the signal aborts', async () => {
    const pool = pools[0];
    const controller = new AbortController();
    // ~100 s of work each: only an abort ends these quickly.
    const chunks = [0, 1, 2].map(() => pool.run(task(1_000_000, true), controller.signal));
    const settled = Promise.allSettled(chunks);
    await new Promise((r) => setTimeout(r, 200));
    const aborted = cpuMs();
    controller.abort();
    const results = await settled;
    // At once, not after the ~100 s chunk: in under a second of work (CPU time, the chunk's thread included;
    // test/helpers/work.ts), where waiting for the chunk would be ~100 s of it.
    expect(cpuMs() - aborted).toBeLessThan(1000);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(isAbortError((r as PromiseRejectedResult).reason)).toBe(true);
    }
    // The running chunk's thread was ended and replaced; the pool still works and closes.
    expect((await pool.run(task(100))).length).toBeGreaterThan(0);
    const closing = performance.now();
    await pool.close();
    expect(performance.now() - closing).toBeLessThan(10_000);
  });

  it('does not abort Node when closed while workers still load (was FATAL IsGraphAsync, exit 134)', async () => {
    // The built pool: 4 workers on a 2-core machine, one chunk, then close at once.
    const r = await run(['4'], {
      script: path.join(ROOT, 'test', 'threads', 'fixtures', 'poolCloseEarly.mjs'),
      timeoutMs: 60_000,
    });
    expect(r.stderr).not.toContain('FATAL');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('closed');
  });

  it('a worker says it has loaded only once the require() of it has returned (was SIGABRT on Ctrl-C)', async () => {
    // Node wraps a required module's exports after its body ran: a thread ended then aborts the whole process
    // (ModuleWrap::CreateRequiredModuleFacade). The pool ends threads only after this message (Ctrl-C, close).
    for (const worker of [path.join(DIST, 'cli/threadWorker.js'), path.join(DIST, 'src/threads/threadWorker.js')]) {
      const thread = new Worker(path.join(ROOT, 'test', 'threads', 'fixtures', 'loadedAfterRequire.cjs'), {
        workerData: worker,
      });
      // Read now: once the thread has ended (it may, right after its message), threadId is -1.
      const threadId = thread.threadId;
      try {
        const first = await new Promise((resolve, reject) => thread.once('message', resolve).once('error', reject));
        expect(first, worker).toEqual({ message: { [WORKER_LOADED]: threadId }, requireReturned: true });
      } finally {
        await thread.terminate();
      }
    }
  });
});

describe('InProcessExecutor', () => {
  it('runs chunks in this thread and does not start one after the signal aborted', async () => {
    const executor = new InProcessExecutor(findSystem);
    expect((await executor.run(task(100))).length).toBeGreaterThan(0);
    const controller = new AbortController();
    controller.abort();
    await expect(executor.run(task(100), controller.signal)).rejects.toBeInstanceOf(ChunkAbortedError);
  });
});

describe('isAbortError', () => {
  it('recognises ours, piscina-style and DOMException aborts, and nothing else', () => {
    expect(isAbortError(new ChunkAbortedError())).toBe(true);
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});

describe('OnDemandPool', () => {
  it('starts nothing until a chunk comes, then answers as the in-process executor does', async () => {
    const { OnDemandPool } = await import('../../src/threads/onDemandPool.js');
    const idle = new OnDemandPool(2);
    await idle.close(); // never started: nothing to close
    const aborted = new AbortController();
    aborted.abort();
    await expect(idle.run(task(10), aborted.signal)).rejects.toSatisfy(isAbortError);

    const pool = new OnDemandPool(1);
    try {
      const [pooled, local] = await Promise.all([
        pool.run(task(20_000)),
        new InProcessExecutor(findSystem).run(task(20_000)),
      ]);
      expect(Array.from(pooled)).toEqual(Array.from(local));
    } finally {
      await pool.close();
    }
  });
});
