/**
 * The worker fleet on a real Redis (a loopback redis-server started here): a run through
 * the queue with two worker processes, one killed while it holds a chunk, writes the
 * single machine's files byte for byte; an interrupt removes the queued jobs; a worker of
 * another version refuses a chunk and the run says so. Nothing reaches beyond 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Job, Queue } from 'bullmq';
import { BIN, ROOT, cli, tempDir } from '../helpers/cli.js';
import { differingFiles } from './compare.js';
import { freePort, noteSkipped, skipRedis, startRedis, type TestRedis } from './redisServer.js';
import { loadScenario } from '../../src/files/scenarioFile.js';
import { runScenario } from '../../src/core/run/runScenario.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { packageVersion } from '../../src/files/packageInfo.js';
import { QueueExecutor } from '../../src/fleet/queue/queueExecutor.js';
import { parseQueueUrl } from '../../src/fleet/queue/connection.js';
import { startWorker } from '../../src/fleet/queue/queueWorker.js';
import { PREFIX, QUEUE_NAME } from '../../src/fleet/queue/connection.js';

const SCENARIO = 'test/fleet/fleet-scenario.json';
const NAME = 'fleet-check';
noteSkipped('test/fleet/queue.test.ts');

describe.skipIf(skipRedis)('worker fleet on Redis', () => {
  let redis: TestRedis;
  const dir = tempDir('battle-odds-fleet-');
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it)`);
    redis = await startRedis();
    const r = await cli(['run', SCENARIO, '--out', path.join(dir, 'single'), '--threads', '0']);
    expect(r.code, r.stderr).toBe(0);
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await redis?.stop();
  });

  /** A worker process of the built binary; resolves once it takes jobs. */
  function spawnWorker(
    args: string[],
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ child: ChildProcess; log: () => string }> {
    const child = spawn(process.execPath, [BIN, 'worker', '--queue', redis.url, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    return new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (log.includes('Ctrl-C stops')) {
          clearInterval(timer);
          resolve({ child, log: () => log });
        }
      }, 20);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`worker exited with ${code}: ${log}`));
      });
    });
  }

  function waitFor<T>(get: () => T | undefined, ms = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        const value = get();
        if (value !== undefined) {
          clearInterval(timer);
          resolve(value);
        } else if (Date.now() - started > ms) {
          clearInterval(timer);
          reject(new Error('timed out'));
        }
      }, 10);
    });
  }

  it('two workers, one killed while it holds a chunk: the single machine files, byte for byte', async () => {
    // The slow worker holds each chunk 60 s: it is killed in the middle of its first one.
    const [slow, fast] = await Promise.all([
      spawnWorker(['--threads', '1', '--lock-timeout', '1', '--verbose'], { BATTLE_ODDS_WORKER_DELAY_MS: '60000' }),
      spawnWorker(['--threads', '1', '--lock-timeout', '1']),
    ]);
    const out = path.join(dir, 'fleet');
    const run = cli(['run', SCENARIO, '--queue', redis.url, '--out', out]);
    const jobId = await waitFor(() => /started .+? \(([^)]+)\)/.exec(slow.log())?.[1]);
    slow.child.kill('SIGKILL');
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/2 worker\(s\) of \S+ connected/);
    expect(differingFiles(path.join(dir, 'single', NAME), path.join(out, NAME))).toEqual([]);

    // The killed worker's chunk went back to the queue and ran again, on the other worker.
    const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
    const job = await Job.fromId(queue, jobId);
    expect(await job!.getState()).toBe('completed');
    expect(job!.stalledCounter).toBeGreaterThanOrEqual(1);
    expect(job!.attemptsStarted).toBeGreaterThanOrEqual(2);
    await queue.close();
    const exited = new Promise((resolve) => fast.child.once('exit', resolve));
    fast.child.kill('SIGTERM');
    // A worker asked to stop finishes its chunk and exits like any run stopped by SIGTERM: 143.
    expect(await exited).toBe(143);
    expect(fast.log()).toMatch(/stopped after \d+ chunks/);
  });

  it('an interrupt rejects the waiting chunks and removes their jobs from the queue', async () => {
    const address = parseQueueUrl(redis.url);
    const version = packageVersion();
    const worker = await startWorker(address, {
      version,
      executor: new InProcessExecutor(findSystem),
      delayMs: 100,
    });
    const executor = await QueueExecutor.open(address, { version, width: 4 });
    const controller = new AbortController();
    let chunks = 0;
    const report = await runScenario(
      loadScenario(SCENARIO),
      { seed: 'interrupted', trials: 400_000 },
      executor,
      { version, file: SCENARIO },
      {
        signal: controller.signal,
        progress: {
          start() {},
          update() {
            if (++chunks === 2) controller.abort();
          },
          stop() {},
        },
      },
    );
    await executor.close();
    await worker.close();
    expect(report.partial).toBe(true);
    const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    await queue.close();
    expect(counts).toEqual({ waiting: 0, prioritized: 0, delayed: 0, active: 0 });
  });

  it('a worker of another version refuses the chunk and the run names both versions', async () => {
    const address = parseQueueUrl(redis.url);
    const worker = await startWorker(address, {
      version: packageVersion(),
      executor: new InProcessExecutor(findSystem),
    });
    const out = path.join(dir, 'refused');
    const executor = await QueueExecutor.open(address, { version: '0.0.0-elsewhere' });
    const scenario = loadScenario(SCENARIO);
    const running = runScenario(scenario, { trials: 20_000 }, executor, { version: '0.0.0-elsewhere', file: out });
    await expect(running).rejects.toThrow(
      /version mismatch: this worker runs battle-odds \S+, the chunk was queued by battle-odds 0\.0\.0-elsewhere/,
    );
    await executor.close();
    await worker.close();
  });

  it('refuses an unreachable queue, a URL that is not Redis and --threads with --queue', async () => {
    // Not this file's Redis port + 1: another test file's Redis may have been given that one.
    let r = await cli(['run', SCENARIO, '--queue', `redis://127.0.0.1:${await freePort()}`, '--out', dir]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/--queue: cannot reach redis:\/\/127\.0\.0\.1/)]);
    r = await cli(['run', SCENARIO, '--queue', 'http://127.0.0.1', '--out', dir]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/--queue: 'http:' is not redis:/)]);
    r = await cli(['run', SCENARIO, '--queue', redis.url, '--threads', '2', '--out', dir]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/--threads: does not apply with --queue/)]);
  });
});
