/**
 * Issue 31, the worker fleet (rows 2, 3, 4, 21), on loopback redis-servers started here: results
 * from the queue are checked before anything is printed or written, an interrupt does not skip the
 * check, a frozen Redis (`kill -STOP`) is noticed within seconds with one line, in the submitter and
 * in a worker, and a worker's Ctrl-C says what it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BIN, ROOT, cli, tempDir } from '../helpers/cli.js';
import { noteSkipped, skipRedis, startRedis, type TestRedis } from './redisServer.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { packageVersion } from '../../src/files/packageInfo.js';
import { parseQueueUrl, PREFIX, QUEUE_NAME } from '../../src/fleet/queue/connection.js';
import { startWorker } from '../../src/fleet/queue/queueWorker.js';

const SCENARIO = 'test/fleet/fleet-scenario.json';
const NAME = 'fleet-check';
noteSkipped('test/fleet/queueHostile.test.ts');

const version = packageVersion();
const dir = tempDir('battle-odds-queue-hostile-');
let outs = 0;

/** The binary, its stderr collected; `exited` resolves with the exit code and seconds since `from()`. */
function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

async function until(
  what: string | (() => string),
  test: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline)
      throw new Error(`${typeof what === 'string' ? what : what()}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Fills a Redis with the finished jobs of one run, then forges the results of battle 0's chunks;
 * `only`: the other jobs are removed (a run then takes battle 0 from Redis and waits for the rest).
 */
async function forgedRedis(only = false): Promise<{ redis: TestRedis; queue: Queue; client: Redis }> {
  const redis = await startRedis();
  const worker = await startWorker(parseQueueUrl(redis.url), { version, executor: new InProcessExecutor(findSystem) });
  const clean = await cli(['run', SCENARIO, '--queue', redis.url, '--out', path.join(dir, `clean-${outs++}`)]);
  expect(clean.code, clean.stderr).toBe(0);
  await worker.close();
  const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
  const client = new Redis(redis.url);
  for (const job of await queue.getJobs(['completed'])) {
    if (!String(job.data.name).startsWith('battle 0/')) {
      if (only) await job.remove();
      continue;
    }
    const result = job.returnvalue as { worker: string; counts: number[] };
    const counts = [...result.counts];
    // Conquests with 3 armies left become conquests with 10 left: every sum holds, the numbers are false.
    counts[3] -= 50;
    counts[10] += 50;
    await client.hset(`${PREFIX}:${QUEUE_NAME}:${job.id}`, 'returnvalue', JSON.stringify({ ...result, counts }));
  }
  return { redis, queue, client };
}

describe.skipIf(skipRedis)('results from the queue are checked before they are shown (rows 2, 3)', () => {
  let forged: Awaited<ReturnType<typeof forgedRedis>>;

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it)`);
    forged = await forgedRedis();
  });

  afterAll(async () => {
    await forged?.queue.close();
    forged?.client.disconnect();
    await forged?.redis.stop();
  });

  it('a forged battle is neither printed nor written: the re-run refuses it first (row 3)', async () => {
    const worker = await startWorker(parseQueueUrl(forged.redis.url), {
      version,
      executor: new InProcessExecutor(findSystem),
    });
    try {
      const out = path.join(dir, 'forged');
      const r = await cli(['run', SCENARIO, '--queue', forged.redis.url, '--out', out, '--verify', 'all']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(
        /--queue: chunk battle 0\/\d from worker '[^']+' differs from the same chunk re-run here/,
      );
      expect(r.stdout).toBe('');
      expect(existsSync(path.join(out, NAME))).toBe(false);
    } finally {
      await worker.close();
    }
  });

  it('one Ctrl-C mid-run does not skip the check: the forgery is caught, nothing written (row 2)', async () => {
    // A Redis of its own (the last test's refusal removed the forged results from this one).
    await forged.queue.close();
    forged.client.disconnect();
    await forged.redis.stop();
    forged = await forgedRedis(true);
    // No worker: battle 0 comes from the (forged) finished jobs, battle 1 waits for a worker.
    const out = path.join(dir, 'interrupted');
    const run = spawnCli(['run', SCENARIO, '--queue', forged.redis.url, '--out', out]);
    const waiting = async () => (await forged.queue.getJobs(['wait'])).map((job) => String(job.data.name));
    let seen: string[] = [];
    await until(
      () => `battle 1 queued (waiting: ${seen.join(', ')}; stderr: ${run.stderr()})`,
      async () => (seen = await waiting()).some((name) => name.startsWith('battle 1/')),
    );
    run.child.kill('SIGINT');
    const code = await run.exited;
    expect(code, run.stderr()).toBe(2);
    expect(run.stderr()).toMatch(/re-running \d+ sampled chunks? of the workers' results before anything is written/);
    expect(run.stderr()).toMatch(/--queue: chunk battle 0\/\d from worker '[^']+' differs from the same chunk re-run/);
    expect(run.stderr()).not.toMatch(/unchecked|internal error|\n\s+at /);
    expect(run.stdout()).toBe('');
    expect(existsSync(path.join(out, NAME))).toBe(false);
  });
});

describe.skipIf(skipRedis)('a frozen Redis (row 4)', () => {
  let redis: TestRedis;

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it)`);
    redis = await startRedis();
  });

  afterAll(async () => {
    if (redis) process.kill(redis.pid, 'SIGCONT');
    await redis?.stop();
  });

  it('the submitter says so in one line and exits 2 within seconds; a Ctrl-C then quits at once', async () => {
    const freeze = async (interrupt: boolean) => {
      const run = spawnCli(['run', SCENARIO, '--queue', redis.url, '--out', path.join(dir, `frozen-${interrupt}`)]);
      await until('connected', () => run.stderr().includes('connected'));
      process.kill(redis.pid, 'SIGSTOP');
      const frozen = Date.now();
      if (interrupt) run.child.kill('SIGINT');
      const code = await run.exited;
      const seconds = (Date.now() - frozen) / 1000;
      process.kill(redis.pid, 'SIGCONT');
      const what = `interrupt ${interrupt}: exit ${code} after ${seconds} s: ${run.stderr()}`;
      expect(run.stderr(), what).not.toMatch(/\n\s+at |internal error|unchecked/);
      // The promise to the user: about 5 s, or 3 s after a Ctrl-C (the queue's clean-up has one deadline for all its
      // steps, and no connection waits for a frozen Redis to close its side); a hang would be minutes.
      expect(seconds, what).toBeLessThan(interrupt ? 8 : 20);
      if (interrupt) expect([2, 130], what).toContain(code);
      else {
        expect(code, what).toBe(2);
        expect(run.stderr(), what).toMatch(
          /\nbattle-odds: error: --queue: Redis at redis:\/\/127\.0\.0\.1:\d+ has not answered for 5 s/,
        );
        expect(run.stderr().trim().split('\n'), what).toHaveLength(2);
      }
    };
    await freeze(false);
    await freeze(true);
  });

  it('a worker says once that Redis is silent, and again when it answers; it stops at once while frozen', async () => {
    const lines: string[] = [];
    const worker = await startWorker(parseQueueUrl(redis.url), {
      version,
      executor: new InProcessExecutor(findSystem),
      silentAfterMs: 1000,
      log: (line) => lines.push(line),
    });
    process.kill(redis.pid, 'SIGSTOP');
    try {
      await until('said silent', () => lines.some((l) => /has not answered for 1 s; waiting until it does/.test(l)));
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    await until('said back', () => lines.some((l) => /answers again/.test(l)));
    expect(lines.filter((l) => /has not answered/.test(l))).toHaveLength(1);
    process.kill(redis.pid, 'SIGSTOP');
    await until('silent again', () => lines.filter((l) => /has not answered/.test(l)).length === 2);
    const closing = Date.now();
    try {
      await worker.close();
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    expect((Date.now() - closing) / 1000).toBeLessThan(15);
  });
});

describe.skipIf(skipRedis)("a worker's Ctrl-C (row 21)", () => {
  it('says what it does: no partial results, it stops after its running chunks', async () => {
    const redis = await startRedis();
    try {
      const worker = spawnCli(['worker', '--queue', redis.url]);
      await until('started', () => worker.stderr().includes('Ctrl-C stops'));
      worker.child.kill('SIGINT');
      expect(await worker.exited).toBe(130);
      expect(worker.stderr()).toContain('the worker takes no more chunks and stops once its running ones are done');
      expect(worker.stderr()).not.toContain('partial results');
      expect(worker.stderr()).toMatch(/stopped after 0 chunks\n$/);
    } finally {
      await redis.stop();
    }
  });
});
