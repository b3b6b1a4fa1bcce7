/**
 * The engine's Executor on a BullMQ queue: each chunk task becomes a job (id: version +
 * content key), workers anywhere run it, and the tally comes back as the job's return
 * value. The engine drives it exactly like the thread pool: a chunk in, its tally out,
 * progress per finished chunk, and an interrupt rejects the waiting chunks and removes
 * their jobs from the queue.
 *
 * Each chunk the engine asks for is answered once, from the one job of its id, however
 * often that job ran (a worker killed mid-chunk leaves its job to be retried; the result
 * is the same bytes). Results arrive through BullMQ's event stream; a slow poll of the
 * jobs still awaited covers events missed (and re-adds a job that expired meanwhile).
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Executor } from '../../engine/executor.js';
import type { ChunkTask } from '../../engine/task.js';
import { ChunkAbortedError } from '../../engine/run/abort.js';
import { InputError } from '../../engine/inputError.js';
import { contentKey, encodeTask } from '../taskCodec.js';
import { tallyFromJson, tallyLength } from '../tallies.js';
import { chunkName } from '../shard/assign.js';
import { CHUNK_FORMAT, jobIdFor, type ChunkJobData } from './chunkJob.js';
import { connect, PREFIX, QUEUE_NAME, waitReady, type QueueAddress } from './connection.js';
import { liveWorkers } from './registry.js';

export interface QueueExecutorOptions {
  version: string;
  /** Chunks the engine keeps in flight is about twice this (default 64). */
  width?: number;
  /** How often jobs awaited longer than this are looked up directly (default 3 s). */
  pollMs?: number;
  /** How long finished jobs (and their tallies) stay in Redis (default one day). */
  keepSeconds?: number;
}

interface Waiter {
  resolve(tally: Float64Array): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

interface Awaited {
  data: ChunkJobData;
  length: number;
  since: number;
  waiters: Waiter[];
  /** A job found failed is retried once (it may have failed before this run, e.g. on an old worker). */
  retried?: boolean;
}

export class QueueExecutor implements Executor {
  readonly threads: number;
  private readonly awaited = new Map<string, Awaited>();
  private readonly poller: NodeJS.Timeout;
  private polling = false;
  private closed = false;
  /** Job removals under way (close() waits for them). */
  private readonly cancelling = new Set<Promise<void>>();
  /** Signals listened to: one listener each, however many chunks wait under it. */
  private readonly signals = new WeakSet<AbortSignal>();

  private constructor(
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly options: Required<QueueExecutorOptions>,
  ) {
    this.threads = options.width;
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, returnvalue));
    events.on('failed', ({ jobId }) => void this.check(jobId));
    events.on('duplicated', ({ jobId }) => void this.check(jobId));
    events.on('error', () => {});
    this.poller = setInterval(() => void this.poll(), options.pollMs);
    this.poller.unref();
  }

  static async open(address: QueueAddress, options: QueueExecutorOptions): Promise<QueueExecutor> {
    const redis = connect(address);
    try {
      await waitReady(redis, address);
      const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
      await queue.waitUntilReady();
      // Listen from the stream's current end: no event of a job added from now on is missed.
      const last = await redis.xrevrange(`${PREFIX}:${QUEUE_NAME}:events`, '+', '-', 'COUNT', 1);
      const lastEventId = last[0]?.[0] ?? '0-0';
      const events = new QueueEvents(QUEUE_NAME, { connection: redis, prefix: PREFIX, lastEventId });
      await events.waitUntilReady();
      return new QueueExecutor(redis, queue, events, {
        width: 64,
        pollMs: 3_000,
        keepSeconds: 86_400,
        ...options,
      });
    } catch (error) {
      redis.disconnect();
      throw error;
    }
  }

  /** The live workers and their versions. */
  workers(): Promise<Array<{ worker: string; version: string }>> {
    return liveWorkers(this.redis);
  }

  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (signal?.aborted || this.closed) return Promise.reject(new ChunkAbortedError());
    const encoded = encodeTask(task);
    const jobId = jobIdFor(this.options.version, contentKey(encoded));
    return new Promise<Float64Array>((resolve, reject) => {
      let entry = this.awaited.get(jobId);
      const waiter: Waiter = { resolve, reject, signal };
      if (!entry) {
        const name = task.id ? chunkName(task.id) : 'chunk';
        const data = { format: CHUNK_FORMAT, version: this.options.version, task: encoded, name };
        entry = { data, length: tallyLength(task), since: Date.now(), waiters: [] };
        this.awaited.set(jobId, entry);
        this.add(jobId, entry);
      }
      entry.waiters.push(waiter);
      if (signal && !this.signals.has(signal)) {
        this.signals.add(signal);
        signal.addEventListener('abort', () => this.interrupt(signal), { once: true });
      }
    });
  }

  /** An interrupt: every chunk awaited under this signal is rejected and its job leaves the queue. */
  private interrupt(signal: AbortSignal): void {
    for (const [jobId, entry] of [...this.awaited]) {
      for (const waiter of entry.waiters.filter((w) => w.signal === signal)) this.drop(jobId, waiter);
    }
  }

  private add(jobId: string, entry: Awaited): void {
    const keep = this.options.keepSeconds;
    this.queue
      .add('chunk', entry.data, {
        jobId,
        attempts: 2,
        removeOnComplete: { age: keep, count: 200_000 },
        removeOnFail: { age: keep },
      })
      .catch((error: unknown) => this.fail(jobId, error));
  }

  /** An interrupted waiter: rejected now; the job leaves the queue unless someone else awaits it. */
  private drop(jobId: string, waiter: Waiter): void {
    const entry = this.awaited.get(jobId);
    if (!entry) return;
    entry.waiters = entry.waiters.filter((w) => w !== waiter);
    waiter.reject(new ChunkAbortedError());
    if (entry.waiters.length === 0) {
      this.awaited.delete(jobId);
      const removal = this.cancel(jobId);
      this.cancelling.add(removal);
      void removal.then(() => this.cancelling.delete(removal));
    }
  }

  /** Removes a job not yet taken (a running one finishes; its tally stays as a cache). */
  private async cancel(jobId: string): Promise<void> {
    try {
      await this.queue.remove(jobId);
    } catch {
      // Locked by a worker: it finishes, nobody waits for it.
    }
  }

  private settle(jobId: string, returnvalue: unknown): void {
    const entry = this.awaited.get(jobId);
    if (!entry) return;
    this.awaited.delete(jobId);
    const counts = typeof returnvalue === 'string' ? (JSON.parse(returnvalue) as unknown) : returnvalue;
    for (const waiter of entry.waiters) {
      try {
        waiter.resolve(tallyFromJson(counts, entry.length, `chunk ${entry.data.name} from the queue`));
      } catch (error) {
        waiter.reject(error);
      }
    }
  }

  private fail(jobId: string, error: unknown): void {
    const entry = this.awaited.get(jobId);
    if (!entry) return;
    this.awaited.delete(jobId);
    for (const waiter of entry.waiters) waiter.reject(error);
  }

  /** Looks a job up: settles it when finished, re-adds it when it is gone. */
  private async check(jobId: string): Promise<void> {
    const entry = this.awaited.get(jobId);
    if (!entry || this.closed) return;
    try {
      const job = await Job.fromId(this.queue, jobId);
      if (!job) {
        this.add(jobId, entry);
        return;
      }
      const state = await job.getState();
      if (state === 'completed') this.settle(jobId, job.returnvalue);
      else if (state === 'failed' && !entry.retried) {
        entry.retried = true;
        await job.retry('failed');
      } else if (state === 'failed') this.fail(jobId, failure(entry.data.name, job.failedReason));
    } catch (error) {
      if (!this.closed) this.fail(jobId, error);
    }
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      const due = Date.now() - this.options.pollMs;
      const old = [...this.awaited].filter(([, e]) => e.since <= due).map(([id]) => id);
      for (let i = 0; i < old.length; i += 100) await Promise.all(old.slice(i, i + 100).map((id) => this.check(id)));
    } finally {
      this.polling = false;
    }
  }

  /** Cancels the jobs nobody collected (an interrupted run) and disconnects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.poller);
    const left = [...this.awaited.keys()];
    for (const id of left) this.fail(id, new ChunkAbortedError());
    await Promise.all([...left.map((id) => this.cancel(id)), ...this.cancelling]);
    await this.events.close();
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** A job that failed for good: a version refusal is the user's to fix (exit 2), anything else a fault. */
function failure(name: string, reason: string): Error {
  if (/^(version|format) mismatch/.test(reason)) return new InputError('--queue', '', reason);
  return new Error(`chunk ${name} failed on a worker: ${reason}`);
}
