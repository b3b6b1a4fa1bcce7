/**
 * A fleet worker: takes chunk jobs from the queue, runs each on this machine's thread
 * pool (so the main thread stays free to renew the job's lock with Redis) and returns its
 * tally. A worker that dies mid-chunk stops renewing; once its lock expires another
 * worker's stalled-job check puts the job back in the queue, and it runs again from
 * scratch: the same task gives the same tally, and the submitter counts each chunk once.
 */
import os from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Executor } from '../../engine/executor.js';
import { contentKey, decodeTask } from '../taskCodec.js';
import { tallyToJson } from '../tallies.js';
import { jobIdFor, refusal, type ChunkJobData } from './chunkJob.js';
import { connect, PREFIX, QUEUE_NAME, waitReady, type QueueAddress } from './connection.js';
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
  let done = 0;
  const processor = async (job: Job<ChunkJobData>) => {
    const why = refusal(job.data, options.version);
    if (why) {
      log(`refused ${job.data.name ?? job.id}: ${why}`);
      throw new UnrecoverableError(why);
    }
    if (job.id !== jobIdFor(job.data.version, contentKey(job.data.task))) {
      throw new UnrecoverableError(`job ${job.id} does not hold the task its id names`);
    }
    const started = performance.now();
    log(`started ${job.data.name} (${job.id})`);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const tally = await options.executor.run(decodeTask(job.data.task));
    done++;
    log(`done ${job.data.name} in ${(performance.now() - started).toFixed(0)} ms`);
    return tallyToJson(tally);
  };
  const worker = new Worker<ChunkJobData>(QUEUE_NAME, processor, {
    connection: redis,
    prefix: PREFIX,
    name: `battle-odds ${options.version} ${os.hostname()} ${process.pid}`,
    concurrency: Math.max(1, options.executor.threads),
    lockDuration: lockMs,
    stalledInterval: Math.max(500, Math.round(lockMs / 2)),
    maxStalledCount: 3,
  });
  worker.on('error', (error) => log(`error: ${error.message}`));
  await worker.waitUntilReady();
  const retire = announce(redis, options.version);
  return {
    get done() {
      return done;
    },
    async close() {
      await retire();
      await worker.close();
      await options.executor.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
