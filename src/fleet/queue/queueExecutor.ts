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
 *
 * Results are untrusted: each must be a worker's `{ worker, counts }` with counts of the
 * right length (here) and a possible tally of its layout (the engine checks; `refuse`
 * names the worker and job, and removes the job so no later run reuses it). Of each
 * worker's results a sample is kept (src/fleet/verify.ts) and re-run here once the run's
 * chunks are in (`verify`): one that differs stops the run with the worker named. A
 * connection to Redis lost for a few seconds stops the run with one line.
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Executor } from '../../core/engine/sample/executor.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';
import { ChunkAbortedError } from '../../core/engine/sample/abort.js';
import { InputError, quoteValue } from '../../core/model/inputError.js';
import { contentKey, encodeTask, taskKey } from '../taskCodec.js';
import { tallyFromJson, tallyLength } from '../tallies.js';
import { chunkName } from '../shard/assign.js';
import { describeSpec, Reservoir, SeededDraws, tallyDifference, type VerifySpec } from '../verify.js';
import { CHUNK_FORMAT, jobIdFor, readChunkResult, type ChunkJobData } from './chunkJob.js';
import {
  CLOSE_MS,
  connect,
  Heartbeat,
  PREFIX,
  QUEUE_NAME,
  waitReady,
  within,
  type QueueAddress,
} from './connection.js';
import { liveWorkers } from './registry.js';

export interface QueueExecutorOptions {
  version: string;
  /** Chunks the engine keeps in flight is about twice this (default 64). */
  width?: number;
  /** How often jobs awaited longer than this are looked up directly (default 3 s). */
  pollMs?: number;
  /** How long finished jobs (and their tallies) stay in Redis (default one day). */
  keepSeconds?: number;
  /** How long a lost connection to Redis may stay lost before the run stops (default 5 s). */
  lostAfterMs?: number;
  /** The sampled re-run of each worker's results; absent: none. */
  verify?: QueueVerification;
}

export interface QueueVerification {
  spec: VerifySpec;
  seed: string;
  /** Where the sample (of so many trials) is re-run: created when there is one, closed with the executor. */
  local(trials: number): Promise<Executor>;
  /** Says what was re-run, once per run. */
  report?(line: string): void;
}

/** A result kept for the sampled re-run. */
interface Sampled {
  task: ChunkTask;
  tally: Float64Array;
  jobId: string;
  name: string;
}

interface Waiter {
  resolve(tally: Float64Array): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

interface Awaited {
  task: ChunkTask;
  data: ChunkJobData;
  length: number;
  since: number;
  waiters: Waiter[];
  /** A job found failed is retried once (it may have failed before this run, e.g. on an old worker). */
  retried?: boolean;
}

export class QueueExecutor implements Executor {
  readonly threads: number;
  readonly fleet = true;
  private readonly awaited = new Map<string, Awaited>();
  private readonly poller: NodeJS.Timeout;
  private polling = false;
  private closed = false;
  /** Job removals under way (close() waits for them). */
  private readonly cancelling = new Set<Promise<void>>();
  /** Signals listened to: one listener each, however many chunks wait under it. */
  private readonly signals = new WeakSet<AbortSignal>();
  /** Which worker (as it names itself) returned the latest results (the engine checks each as it arrives). */
  private readonly origins = new Map<string, string>();
  private readonly samples = new Map<string, Reservoir<Sampled>>();
  private local: Executor | undefined;
  /** Set once the connection to Redis has been lost for longer than `lostAfterMs`. */
  private lost: InputError | null = null;
  private lostTimer: NodeJS.Timeout | undefined;
  private lastError = '';
  /** Notices a Redis that keeps its connection open and answers nothing (frozen). */
  private readonly heartbeat: Heartbeat;

  private constructor(
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly address: QueueAddress,
    private readonly options: Required<Omit<QueueExecutorOptions, 'verify'>> & Pick<QueueExecutorOptions, 'verify'>,
  ) {
    this.threads = options.width;
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, returnvalue));
    events.on('failed', ({ jobId }) => void this.check(jobId));
    events.on('duplicated', ({ jobId }) => void this.check(jobId));
    // Connection errors are retried by ioredis and BullMQ; a connection lost for good is
    // reported once, below, never as a stack trace per retry.
    events.on('error', () => {});
    queue.on('error', () => {});
    redis.on('error', (error: Error) => (this.lastError = error.message));
    redis.on('close', () => {
      if (this.closed || this.lost || this.lostTimer) return;
      this.lostTimer = setTimeout(() => this.loseConnection(), options.lostAfterMs);
    });
    redis.on('ready', () => {
      clearTimeout(this.lostTimer);
      this.lostTimer = undefined;
    });
    this.poller = setInterval(() => void this.poll(), options.pollMs);
    this.poller.unref();
    this.heartbeat = Heartbeat.of(redis, options.lostAfterMs, () => this.loseConnection(true));
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
      // Its blocking read waits at most 2 s (not BullMQ's 10 s): a run whose Redis is gone then
      // exits within seconds instead of waiting on that read's watchdog (11 s).
      const events = new QueueEvents(QUEUE_NAME, {
        connection: redis,
        prefix: PREFIX,
        lastEventId,
        blockingTimeout: 2_000,
      });
      await events.waitUntilReady();
      return new QueueExecutor(redis, queue, events, address, {
        width: 64,
        pollMs: 3_000,
        keepSeconds: 86_400,
        lostAfterMs: 5_000,
        ...options,
      });
    } catch (error) {
      redis.disconnect();
      // What answers there is outside the program: a reply BullMQ cannot read is a refusal naming the address.
      if (error instanceof InputError) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw new InputError('--queue', '', `${address.shown} answered, but not as a Redis the queue can use (${why})`);
    }
  }

  /** The live workers and their versions. */
  workers(): Promise<Array<{ worker: string; version: string }>> {
    return liveWorkers(this.redis);
  }

  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (this.lost) return Promise.reject(this.lost);
    if (signal?.aborted || this.closed) return Promise.reject(new ChunkAbortedError());
    const encoded = encodeTask(task);
    const jobId = jobIdFor(this.options.version, contentKey(encoded));
    return new Promise<Float64Array>((resolve, reject) => {
      let entry = this.awaited.get(jobId);
      const waiter: Waiter = { resolve, reject, signal };
      if (!entry) {
        const name = task.id ? chunkName(task.id) : 'chunk';
        const data = { format: CHUNK_FORMAT, version: this.options.version, task: encoded, name };
        entry = { task, data, length: tallyLength(task), since: Date.now(), waiters: [] };
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

  /**
   * Removes a job nobody waits for any more, unless it is finished (its result stays as a
   * cache for a later run) or running (it finishes; nobody waits for it).
   */
  private async cancel(jobId: string): Promise<void> {
    try {
      const job = await Job.fromId(this.queue, jobId);
      if (job && !(await job.isCompleted())) await this.queue.remove(jobId);
    } catch {
      // Locked by a worker: it finishes, nobody waits for it.
    }
  }

  /** Removes a job whatever its state (a refused result). */
  private async remove(jobId: string): Promise<void> {
    try {
      await this.queue.remove(jobId);
    } catch {
      // Locked by a worker: its result is refused again when it comes.
    }
  }

  private settle(jobId: string, returnvalue: unknown): void {
    const entry = this.awaited.get(jobId);
    if (!entry) return;
    this.awaited.delete(jobId);
    const result = readChunkResult(returnvalue);
    let tally: Float64Array;
    try {
      if (typeof result === 'string') throw new Error(result);
      tally = tallyFromJson(result.counts, entry.length, 'its counts');
    } catch (error) {
      const worker = typeof result === 'string' ? undefined : result.worker;
      const refusal = this.refusal(jobId, entry.data.name, worker, (error as Error).message);
      for (const waiter of entry.waiters) waiter.reject(refusal);
      return;
    }
    const worker = (result as { worker: string }).worker;
    this.origins.set(jobId, worker);
    // Only the latest are kept: memory stays flat however many chunks a run has.
    if (this.origins.size > RECENT_ORIGINS) this.origins.delete(this.origins.keys().next().value as string);
    const verify = this.options.verify;
    if (verify) {
      let sample = this.samples.get(worker);
      if (!sample) {
        sample = new Reservoir(verify.spec, new SeededDraws(verify.seed, `worker ${worker}`));
        this.samples.set(worker, sample);
      }
      sample.offer({ task: entry.task, tally, jobId, name: entry.data.name });
    }
    for (const waiter of entry.waiters) waiter.resolve(tally);
  }

  /**
   * A result that is not a possible tally of its chunk: the error naming the chunk, job and
   * worker. The job leaves the queue, so no later run takes its result for a finished chunk.
   */
  private refusal(jobId: string, name: string, worker: string | undefined, problem: string): InputError {
    this.removeJobs([jobId]);
    const from = worker !== undefined ? ` from worker ${quoteValue(worker, 60)}` : '';
    return new InputError(
      '--queue',
      '',
      `chunk ${name} (job ${jobId.slice(0, 24)}…)${from}: ${problem}; the job was removed from the queue`,
    );
  }

  refuse(task: ChunkTask, problem: string): Error {
    const jobId = jobIdFor(this.options.version, taskKey(task));
    const name = task.id ? chunkName(task.id) : 'chunk';
    return this.refusal(jobId, name, this.origins.get(jobId), `${problem}: no run can give this tally`);
  }

  /**
   * The sampled re-run: the results kept of each worker (verify.ts) are run again here and
   * must be equal. One that differs stops the run naming the worker; every result it gave
   * this run leaves the queue. The sample is then cleared for the next scenario.
   */
  async verify(signal?: AbortSignal): Promise<void> {
    const verify = this.options.verify;
    if (!verify) return;
    const samples = [...this.samples.entries()].map(([worker, r]) => ({ worker, kept: r.sample(), of: r.offered }));
    this.samples.clear();
    const items = samples.flatMap((s) => s.kept.map((item) => ({ ...item, worker: s.worker })));
    if (items.length === 0) return;
    this.local ??= await verify.local(items.reduce((sum, item) => sum + item.task.trials, 0));
    const local = this.local;
    // After an interrupt the sample is re-run all the same: nothing from the workers is written unchecked.
    // It is a few chunks a worker; a second Ctrl-C quits without writing anything.
    if (signal?.aborted)
      verify.report?.(
        `re-running ${items.length} sampled chunk${items.length === 1 ? '' : 's'} of the workers' results before ` +
          'anything is written (Ctrl-C again to quit without writing)',
      );
    let differing: { worker: string; item: Sampled; difference: string } | undefined;
    await Promise.all(
      items.map(async (item) => {
        const ours = await local.run(item.task);
        const difference = tallyDifference(item.tally, ours);
        if (difference && !differing) differing = { worker: item.worker, item, difference };
      }),
    );
    if (differing) {
      const { worker, item, difference } = differing;
      const removed = await this.removeResultsOf(worker);
      throw new InputError(
        '--queue',
        '',
        `chunk ${item.name} from worker ${quoteValue(worker, 60)} differs from the same chunk re-run here ` +
          `(${difference}): that worker is faulty or was tampered with; its ${removed} results in the queue ` +
          'were removed',
      );
    }
    verify.report?.(
      `verified ${items.length} chunks from ${samples.length} worker${samples.length === 1 ? '' : 's'} by re-running ` +
        `them here: all equal (${describeSpec(verify.spec, 'worker')}; sample seed ${verify.seed})`,
    );
  }

  /**
   * Removes every finished job whose result names `worker` (of this run and earlier ones), so
   * no later run reuses a result of a machine caught computing wrongly. Reads the finished
   * jobs a page at a time (at most 200,000 are kept); only ever run once a worker is caught.
   */
  private async removeResultsOf(worker: string): Promise<number> {
    let removed = 0;
    const page = 1000;
    for (let start = 0; ; start += page) {
      const jobs = await this.queue.getJobs(['completed'], start, start + page - 1, true);
      if (jobs.length === 0) return removed;
      for (const job of jobs) {
        const result = readChunkResult(job.returnvalue);
        if (typeof result !== 'string' && result.worker === worker && job.id) {
          await this.remove(job.id);
          removed++;
          start--;
        }
      }
    }
  }

  /** Removes jobs from the queue (in the background; close() waits, briefly). */
  private removeJobs(jobIds: string[]): void {
    for (const jobId of jobIds) {
      const removal = this.remove(jobId);
      this.cancelling.add(removal);
      void removal.then(() => this.cancelling.delete(removal));
    }
  }

  /**
   * The connection has been down for `lostAfterMs`, or (`silent`) Redis has answered nothing for
   * that long on an open connection: every chunk awaited fails with one line.
   */
  private loseConnection(silent = false): void {
    if (!silent) this.lostTimer = undefined;
    if (this.closed || this.lost || (!silent && this.redis.status === 'ready')) return;
    const why = this.lastError ? ` (${this.lastError})` : '';
    // Silent on an open connection: stopped or stuck; else the connection itself is gone.
    const what =
      this.redis.status === 'ready'
        ? `Redis at ${this.address.shown} has not answered for ${this.options.lostAfterMs / 1000} s (stopped or stuck)`
        : `lost the connection to Redis at ${this.address.shown}${why} for ${this.options.lostAfterMs / 1000} s`;
    this.lost = new InputError(
      '--queue',
      '',
      `${what}; the chunks finished so far stay there as results for a day (if Redis kept its data): run the ` +
        'same command again to go on from them',
    );
    for (const id of [...this.awaited.keys()]) this.fail(id, this.lost);
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

  /**
   * Cancels the jobs nobody collected (an interrupted run) and disconnects. With Redis gone,
   * nothing is waited for; else the clean-up has a few seconds in all, then the connections are dropped.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.poller);
    clearTimeout(this.lostTimer);
    // A Redis that stopped answering is not waited for: nothing it could do now is needed.
    const answering = this.heartbeat.answering;
    this.heartbeat.stop();
    const left = [...this.awaited.keys()];
    for (const id of left) this.fail(id, new ChunkAbortedError());
    const local = this.local?.close();
    // One deadline for the three steps: a Redis that stops answering now (a Ctrl-C because it froze) costs
    // CLOSE_MS, not three times it.
    if (!this.lost && this.redis.status === 'ready' && answering)
      await within(
        CLOSE_MS,
        (async () => {
          await Promise.all([...left.map((id) => this.cancel(id)), ...this.cancelling]);
          await Promise.all([this.events.close(), this.queue.close()]);
          await this.redis.quit();
        })(),
      );
    // close() marks them closing (their retry loops stop at their next turn), disconnect() drops them now.
    void this.events.close().catch(() => {});
    void this.queue.close().catch(() => {});
    this.events.disconnect().catch(() => {});
    this.queue.disconnect().catch(() => {});
    this.redis.disconnect();
    await local;
  }
}

/** How many of the latest results' workers are kept, to name one whose result the engine refuses. */
const RECENT_ORIGINS = 4096;

/**
 * A job that failed for good: a refusal (another version, a job outside the limits) is the
 * user's to fix (exit 2), anything else a fault.
 */
function failure(name: string, reason: string): Error {
  if (/^((version|format) mismatch|outside battle-odds' limits)/.test(reason))
    return new InputError('--queue', '', reason);
  return new Error(`chunk ${name} failed on a worker: ${reason}`);
}
