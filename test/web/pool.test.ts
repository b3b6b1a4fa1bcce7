/**
 * The Web Worker executor, with workers faked in-process (same `runChunk` a real worker
 * calls): a seed gives the CLI's tallies whatever the pool's size, aborting drops queued
 * chunks and stops waiting for running ones, and a worker stuck on a dropped chunk is replaced.
 */
import { describe, expect, it } from 'vitest';
import { compileEntry, findSystem, InProcessExecutor, runBattle } from '../../src/core.js';
import { runChunk, type ChunkTask } from '../../src/core/engine/sample/task.js';
import { WebWorkerExecutor, type ChunkWorker } from '../../src/web/workers/pool.js';
import type { ChunkReply, ChunkRequest } from '../../src/web/workers/protocol.js';

/** A worker that answers after `delay` ms, like a real one would, and counts what it ran. */
class FakeWorker implements ChunkWorker {
  static started = 0;
  static terminated = 0;
  onmessage: ((event: MessageEvent<ChunkReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private dead = false;
  constructor(private readonly delay: (task: ChunkTask) => number) {
    FakeWorker.started++;
  }
  postMessage({ id, task }: ChunkRequest): void {
    setTimeout(() => {
      if (this.dead) return;
      const tally = runChunk(findSystem(task.systemId)!, task);
      this.onmessage?.({ data: { id, tally } } as MessageEvent<ChunkReply>);
    }, this.delay(task));
  }
  terminate(): void {
    this.dead = true;
    FakeWorker.terminated++;
  }
}

const landgrab = findSystem('landgrab')!;
const battle = compileEntry(landgrab, { attackers: 9, defenders: 7, fortress: true }, 'test', '', 'nine on seven');
const options = { seed: 'pool', trials: 200_000, kernel: 'fast' as const, method: 'sample' as const };

describe('WebWorkerExecutor', () => {
  it('gives the in-process tallies for a seed with 1 and 3 workers', async () => {
    const reference = await runBattle(landgrab, battle, 'b', options, new InProcessExecutor(findSystem));
    for (const threads of [1, 3]) {
      const pool = new WebWorkerExecutor(() => new FakeWorker(() => Math.random() * 3), threads);
      const report = await runBattle(landgrab, battle, 'b', options, pool);
      expect(report.metrics).toEqual(reference.metrics);
      expect(report.trials).toBe(200_000);
      await pool.close();
    }
  });

  it('starts workers only when a chunk comes, at most one per thread', async () => {
    FakeWorker.started = 0;
    const pool = new WebWorkerExecutor(() => new FakeWorker(() => 1), 2);
    expect(FakeWorker.started).toBe(0);
    await runBattle(landgrab, battle, 'b', options, pool);
    expect(FakeWorker.started).toBe(2);
    await pool.close();
  });

  it('on abort, rejects at once, runs nothing more, and replaces a worker stuck past the grace period', async () => {
    FakeWorker.started = 0;
    FakeWorker.terminated = 0;
    const pool = new WebWorkerExecutor(() => new FakeWorker(() => 200), 1, 50);
    const controller = new AbortController();
    const started = performance.now();
    const run = runBattle(landgrab, battle, 'b', { ...options, signal: controller.signal }, pool);
    setTimeout(() => controller.abort(), 20);
    const report = await run;
    // The whole run would take 4 s (20 chunks of 200 ms on one worker): it stopped at the abort.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(report.partial).toBe(true);
    expect(report.trials).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(pool.replaced).toBe(1);
    expect(FakeWorker.terminated).toBe(1);
    // The pool still answers afterwards, on a fresh worker.
    const after = await runBattle(landgrab, battle, 'b', { ...options, trials: 20_000 }, pool);
    expect(after.trials).toBe(20_000);
    expect(FakeWorker.started).toBe(2);
    await pool.close();
  });

  it('keeps a worker whose dropped chunk ends within the grace period', async () => {
    FakeWorker.terminated = 0;
    const pool = new WebWorkerExecutor(() => new FakeWorker(() => 30), 1, 500);
    const controller = new AbortController();
    const run = runBattle(landgrab, battle, 'b', { ...options, signal: controller.signal }, pool);
    setTimeout(() => controller.abort(), 10);
    await run;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(pool.replaced).toBe(0);
    expect(FakeWorker.terminated).toBe(0);
    await pool.close();
  });

  it('fails a chunk with the worker error and carries on with a fresh worker', async () => {
    let first = true;
    const pool = new WebWorkerExecutor(() => {
      const worker = new FakeWorker(() => 1);
      if (first) {
        first = false;
        worker.postMessage = () => setTimeout(() => worker.onerror?.({ message: 'boom' } as ErrorEvent), 1);
      }
      return worker;
    }, 1);
    const task: ChunkTask = {
      systemId: 'landgrab',
      kernel: 'fast',
      plan: battle.plan,
      tallySize: battle.layout.size,
      state: [1, 2, 3, 4],
      trials: 10,
    };
    await expect(pool.run(task)).rejects.toThrow('a chunk worker failed: boom');
    await expect(pool.run(task)).resolves.toHaveLength(battle.layout.size);
    await pool.close();
  });
});
