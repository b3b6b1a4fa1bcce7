/**
 * The engine's Executor over Web Workers: one worker per core, started on the first chunk
 * and kept warm. `runBattle` drives it exactly as the CLI drives its thread pool: chunk i
 * always runs stream i, so a seed gives the CLI's numbers whatever the pool's size.
 *
 * Cancelling (the signal aborts): queued chunks are dropped at once; a running chunk's
 * promise rejects at once with an AbortError and its late result is thrown away. A worker
 * still busy with a dropped chunk after `graceMs` is terminated and replaced, so a long
 * chunk never holds a core for the next question, while short chunks (the usual case)
 * keep their warm worker.
 */
import type { Executor } from '../../core/engine/sample/executor.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';
import { ChunkAbortedError } from '../../core/engine/sample/abort.js';
import type { ChunkReply, ChunkRequest } from './protocol.js';
import { startWorker, type PageWorker } from './start.js';

/** What the pool needs of a Worker (tests may pass a fake). */
export type ChunkWorker = PageWorker<ChunkRequest, ChunkReply>;

interface Job {
  task: ChunkTask;
  signal?: AbortSignal;
  resolve(tally: Float64Array): void;
  reject(error: Error): void;
  detach(): void;
}

interface Slot {
  worker: ChunkWorker;
  /** The id of the chunk it is running (null: idle). */
  running: number | null;
  /** The job waiting for that chunk (null when it was dropped). */
  job: Job | null;
  timer?: ReturnType<typeof setTimeout>;
}

export class WebWorkerExecutor implements Executor {
  readonly threads: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers replaced because a dropped chunk ran past the grace period (for tests and the status line). */
  replaced = 0;

  constructor(
    private readonly spawn: () => ChunkWorker,
    threads: number,
    private readonly graceMs = 250,
  ) {
    this.threads = Math.max(1, Math.floor(threads));
  }

  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new ChunkAbortedError());
    return new Promise<Float64Array>((resolve, reject) => {
      const onAbort = () => this.drop(job);
      const job: Job = {
        task,
        signal,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new ChunkAbortedError());
    for (const slot of this.slots.splice(0)) {
      if (slot.job) this.settle(slot.job, new ChunkAbortedError());
      clearTimeout(slot.timer);
      slot.worker.terminate();
    }
  }

  /** Starts queued chunks on idle workers, starting workers up to `threads`. */
  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.running === null);
      if (!slot && this.slots.length < this.threads) slot = this.start();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      const id = this.nextId++;
      slot.running = id;
      slot.job = job;
      slot.worker.postMessage({ id, task: job.task });
    }
  }

  private start(): Slot {
    const slot: Slot = { worker: this.spawn(), running: null, job: null };
    slot.worker.onmessage = (event) => this.receive(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(slot, new Error(`a chunk worker failed: ${event.message || 'it could not start'}`));
    };
    this.slots.push(slot);
    return slot;
  }

  private receive(slot: Slot, reply: ChunkReply): void {
    if (reply.id !== slot.running) return;
    const job = slot.job;
    this.idle(slot);
    if (job) {
      if ('error' in reply) this.settle(job, new Error(reply.error));
      else this.settle(job, reply.tally);
    }
    this.pump();
  }

  /** The worker broke (failed to load, crashed): its chunk fails, and a fresh worker replaces it. */
  private fail(slot: Slot, error: Error): void {
    const job = slot.job;
    this.replace(slot);
    if (job) this.settle(job, error);
    this.pump();
  }

  /** A job's signal aborted: drop it from the queue, or stop waiting for its running chunk. */
  private drop(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    if (slot) {
      slot.job = null;
      slot.timer = setTimeout(() => {
        if (slot.running !== null && slot.job === null) {
          this.replace(slot);
          this.replaced++;
          this.pump();
        }
      }, this.graceMs);
    }
    this.settle(job, new ChunkAbortedError());
  }

  private replace(slot: Slot): void {
    slot.worker.onmessage = null;
    slot.worker.onerror = null;
    slot.worker.terminate();
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    clearTimeout(slot.timer);
  }

  private idle(slot: Slot): void {
    slot.running = null;
    slot.job = null;
    clearTimeout(slot.timer);
  }

  private settle(job: Job, outcome: Float64Array | Error): void {
    job.detach();
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }
}

/** A pool of module workers running src/web/workers/pageWorker.ts, one per core (at most `max`). */
export function browserPool(max = 8): WebWorkerExecutor {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  const spawn = () => startWorker<ChunkRequest, ChunkReply>('battle-odds chunks');
  return new WebWorkerExecutor(spawn, Math.min(max, cores));
}
