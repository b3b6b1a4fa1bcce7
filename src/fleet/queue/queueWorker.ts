/**
 * A fleet worker: takes chunk jobs from the queue, runs each on this machine's thread
 * pool (so the main thread stays free to renew the job's lock with Redis) and returns its
 * tally. A worker that dies mid-chunk stops renewing; once its lock expires another
 * worker's stalled-job check puts the job back in the queue, and it runs again from
 * scratch: the same task gives the same tally, and the submitter counts each chunk once.
 */
import os from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Executor } from '../../core/engine/sample/executor.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';
import { findSystem } from '../../core/registry/systems.js';
import { contentKey, decodeTask } from '../taskCodec.js';
import { tallyToJson } from '../tallies.js';
import { jobIdFor, refusal, taskLimitProblem, type ChunkJobData, type ChunkResult } from './chunkJob.js';
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
import { announce } from './registry.js';

export interface WorkerOptions {
  version: string;
  /** Runs the chunks (a thread pool; its thread count is the number of jobs taken at once). */
  executor: Executor;
  /** A job whose worker stops renewing its lock for this long is given to another worker. */
  lockMs?: number;
  /** Each job's start, end and any refusal. */
  log?: (line: string) => void;
  /** Tests: hold each chunk this long before running it (a slow machine, to kill mid-chunk). */
  delayMs?: number;
  /** How long Redis may answer nothing before the worker says so (default 5 s). */
  silentAfterMs?: number;
}

export interface FleetWorker {
  /** Stops taking jobs, finishes the running ones, disconnects. */
  close(): Promise<void>;
  /** Chunks this worker finished. */
  readonly done: number;
}

export async function startWorker(address: QueueAddress, options: WorkerOptions): Promise<FleetWorker> {
  const redis = connect(address);
  await waitReady(redis, address).catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const log = options.log ?? (() => {});
  const lockMs = options.lockMs ?? 30_000;
  const name = `battle-odds ${options.version} ${os.hostname()} ${process.pid}`;
  let done = 0;
  const refuse = (job: Job<ChunkJobData>, why: string): never => {
    log(`refused ${String(job.data?.name ?? job.id).slice(0, 80)}: ${why}`);
    throw new UnrecoverableError(why);
  };
  const processor = async (job: Job<ChunkJobData>): Promise<ChunkResult> => {
    const why = refusal(job.data ?? {}, options.version);
    if (why) refuse(job, why);
    const encoded = job.data.task;
    if (typeof encoded !== 'string' || job.id !== jobIdFor(job.data.version, contentKey(encoded))) {
      refuse(job, `outside battle-odds' limits: job ${job.id} does not hold the task its id names`);
    }
    let task: ChunkTask | null = null;
    try {
      task = decodeTask(encoded);
    } catch {
      // Reported below as not a task.
    }
    const outside = taskLimitProblem(encoded, task, (id) => findSystem(id)?.sampler !== undefined);
    if (outside) refuse(job, `outside battle-odds' limits: ${outside}`);
    const started = performance.now();
    log(`started ${job.data.name} (${job.id})`);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const tally = await options.executor.run(task as ChunkTask);
    done++;
    log(`done ${job.data.name} in ${(performance.now() - started).toFixed(0)} ms`);
    return { worker: `${os.hostname()}:${process.pid}`, counts: tallyToJson(tally) };
  };
  const worker = new Worker<ChunkJobData>(QUEUE_NAME, processor, {
    connection: redis,
    prefix: PREFIX,
    name,
    concurrency: Math.max(1, options.executor.threads),
    lockDuration: lockMs,
    stalledInterval: Math.max(500, Math.round(lockMs / 2)),
    maxStalledCount: 3,
  });
  // A lost connection is said once (not once per retry); ioredis and BullMQ retry until it is back.
  let lost = false;
  worker.on('error', (error) => {
    if (isConnectionError(error)) {
      if (!lost)
        log(`error: lost the Redis connection at ${address.shown} (${error.message}); retrying until it is back`);
      lost = true;
    } else log(`error: ${error.message}`);
  });
  redis.on('ready', () => {
    if (lost) log(`error: the Redis connection at ${address.shown} is back`);
    lost = false;
  });
  // A Redis that keeps the connection open and answers nothing (frozen) sends no error: said once, and when back.
  // (A connection that is gone is said above, as lost: the heartbeat's silence then says nothing more.)
  const silentMs = options.silentAfterMs ?? 5_000;
  let silent = false;
  const heartbeat = Heartbeat.of(
    redis,
    silentMs,
    () => {
      if (redis.status !== 'ready' || lost) return;
      silent = true;
      log(`error: Redis at ${address.shown} has not answered for ${silentMs / 1000} s; waiting until it does`);
    },
    () => {
      if (silent) log(`error: Redis at ${address.shown} answers again`);
      silent = false;
    },
  );
  await worker.waitUntilReady();
  const retire = announce(redis, options.version);
  return {
    get done() {
      return done;
    },
    async close() {
      // Each step waits for Redis a few seconds at most: a worker whose Redis is gone, or silent, still stops.
      const answering = redis.status === 'ready' && heartbeat.answering;
      heartbeat.stop();
      if (answering) await within(CLOSE_MS, retire());
      await within(answering ? lockMs : CLOSE_MS, worker.close());
      await options.executor.close();
      if (answering) await within(CLOSE_MS, redis.quit());
      redis.disconnect();
    },
  };
}

function isConnectionError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && /^E[A-Z]+$/.test(code)) || /Connection is closed|ECONNREFUSED|ECONNRESET/.test(error.message)
  );
}
