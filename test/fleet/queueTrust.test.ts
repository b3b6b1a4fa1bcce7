/**
 * Fleet results are untrusted input (docs/fleet.md, "What the fleet checks"), on a real
 * Redis (a loopback redis-server started here): a job result edited in Redis is refused
 * naming the job and worker, removed, and recomputed by the next run; a consistent forgery
 * is caught by the sampled re-run; a seeded fuzz of job results; a worker refuses a job
 * outside the chunk limits; a wrong database is refused before anything runs; Redis lost
 * mid-run ends the run with one line within seconds, and one Ctrl-C is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BIN, ROOT, cli, tempDir } from '../helpers/cli.js';
import { differingFiles } from './compare.js';
import { noteSkipped, skipRedis, startRedis, type TestRedis } from './redisServer.js';
import { InProcessExecutor } from '../../src/core/engine/sample/executor.js';
import { findSystem } from '../../src/core/registry/systems.js';
import { packageVersion } from '../../src/files/packageInfo.js';
import { loadScenario } from '../../src/files/scenarioFile.js';
import { parseQueueUrl, PREFIX, QUEUE_NAME } from '../../src/fleet/queue/connection.js';
import { startWorker, type FleetWorker } from '../../src/fleet/queue/queueWorker.js';
import { CHUNK_FORMAT, jobIdFor } from '../../src/fleet/queue/chunkJob.js';
import { contentKey, encodeTask } from '../../src/fleet/taskCodec.js';
import { Xoshiro128 } from '../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../src/core/random/seed.js';
import { uncheckedNote } from '../../src/fleet/verify.js';
import { escapeHtml } from '../../src/output/html.js';
import type { ScenarioReport } from '../../src/core/model/report.js';

const SCENARIO = 'test/fleet/fleet-scenario.json';
const NAME = 'fleet-check';
noteSkipped('test/fleet/queueTrust.test.ts');

interface StoredResult {
  worker: string;
  counts: number[];
}

describe.skipIf(skipRedis)('fleet results are untrusted', () => {
  let redis: TestRedis;
  let worker: FleetWorker;
  let queue: Queue;
  let client: Redis;
  const dir = tempDir('battle-odds-fleet-trust-');
  const single = path.join(dir, 'single', NAME);
  let outs = 0;
  const version = packageVersion();

  beforeAll(async () => {
    redis = await startRedis();
    const r = await cli(['run', SCENARIO, '--out', path.join(dir, 'single'), '--threads', '0', '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    worker = await startWorker(parseQueueUrl(redis.url), { version, executor: new InProcessExecutor(findSystem) });
    queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
    client = new Redis(redis.url);
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    client?.disconnect();
    await redis?.stop();
  });

  /** A run through the queue into a fresh folder. */
  async function run(extra: string[] = []) {
    const out = path.join(dir, `run-${outs++}`);
    const r = await cli(['run', SCENARIO, '--queue', redis.url, '--out', out, '--no-charts', ...extra]);
    return { ...r, out, files: path.join(out, NAME) };
  }

  /** The completed job of a chunk, and its stored result. */
  async function completedJob(name: string): Promise<{ id: string; result: StoredResult }> {
    const jobs = await queue.getJobs(['completed']);
    const job = jobs.find((j) => j.data.name === name);
    if (!job?.id) throw new Error(`no completed job for ${name}`);
    return { id: job.id, result: job.returnvalue as StoredResult };
  }

  async function storeResult(id: string, result: unknown): Promise<void> {
    await client.hset(
      `${PREFIX}:${QUEUE_NAME}:${id}`,
      'returnvalue',
      typeof result === 'string' ? result : JSON.stringify(result),
    );
  }

  it('an edited job result is refused naming the job and worker, leaves the queue, and is computed again', async () => {
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/queue: verified \d+ chunks from 1 worker by re-running them here: all equal/);
    expect(differingFiles(single, first.files)).toEqual([]);

    // P(conquers) = 500, as the issue saw it printed: every count 500 times too large.
    const { id, result } = await completedJob('battle 0/0');
    await storeResult(id, { ...result, counts: result.counts.map((c) => c * 500) });
    const edited = await run();
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(
      /^battle-odds: error: --queue: chunk battle 0\/0 \(job [^)]+\) from worker '[^']+': /m,
    );
    expect(edited.stderr).toMatch(/: no run can give this tally; the job was removed from the queue\n$/);
    expect(edited.stderr).not.toMatch(/\n\s+at |internal error/);
    expect(existsSync(edited.files)).toBe(false);
    expect(await Job.fromId(queue, id)).toBeUndefined();

    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    expect(differingFiles(single, again.files)).toEqual([]);
  });

  it('a consistent forgery (counts moved between bins) is caught by the sampled re-run', async () => {
    const { id, result } = await completedJob('battle 0/1');
    const counts = [...result.counts];
    counts[3] -= 2;
    counts[10] += 2;
    await storeResult(id, { ...result, counts });
    const forged = await run(['--verify', 'all']);
    expect(forged.code).toBe(2);
    expect(forged.stderr).toMatch(
      /--queue: chunk battle 0\/1 from worker '[^']+' differs from the same chunk re-run here /,
    );
    expect(forged.stderr).toMatch(/\(count 3 is [\d,]+ there and [\d,]+ here, and 1 more count differs\): /);
    expect(forged.stderr).toMatch(
      /that worker is faulty or was tampered with; its \d+ results in the queue were removed/,
    );
    expect(existsSync(forged.files)).toBe(false);
    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    expect(differingFiles(single, again.files)).toEqual([]);
  });

  it('--verify none: said at the start, and each sampled battle and the sweep say nothing checked it', async () => {
    const r = await run(['--verify', 'none']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /--verify none: no chunk of the workers is re-run here; their numbers are shown and written/,
    );
    const report = JSON.parse(readFileSync(path.join(r.files, 'report.json'), 'utf8')) as ScenarioReport;
    const note = uncheckedNote('worker');
    for (const battle of report.battles) expect(battle.notes.includes(note), battle.label).toBe(battle.trials > 0);
    expect(report.battles.some((b) => b.trials > 0)).toBe(true);
    expect(report.sweep?.notes).toEqual([note]);
    // Where it ran, in words true to it: not "64 worker threads".
    expect(report.fleet).toBe(true);
    expect(readFileSync(path.join(r.files, 'index.html'), 'utf8')).toMatch(
      / s on a worker fleet \(\d+ chunks at a time\)/,
    );
    expect(r.stdout).toContain(`note: ${note}`);
    expect(readFileSync(path.join(r.files, 'index.html'), 'utf8')).toContain(`<p class="note">${escapeHtml(note)}</p>`);
    // The numbers are those of one machine; only the note differs.
    expect(differingFiles(single, r.files, note)).toEqual([]);
    // With the default sample, no such note.
    const checked = await run();
    expect(readFileSync(path.join(checked.files, 'report.json'), 'utf8')).not.toContain('--verify none');
  });

  it('a seeded fuzz of job results: each edit is refused naming the job, or gives the same files', async () => {
    const rng = Xoshiro128.fromState(stateFromSeed('battle-odds fleet result fuzz 1'));
    const below = (n: number) => Math.floor(rng.nextFloat() * n);
    const names = ['battle 0/0', 'battle 1/0', 'cell 0/0', 'cell 2/0'];
    let refused = 0;
    for (let c = 0; c < 8; c++) {
      const name = names[below(names.length)];
      // A job refused in an earlier case left the queue: a clean run computes it again first.
      const { id, result } = await completedJob(name).catch(async () => {
        expect((await run()).code).toBe(0);
        return completedJob(name);
      });
      const counts = [...result.counts];
      const i = below(counts.length);
      const edits: Array<[string, unknown]> = [
        ['a count +1', { ...result, counts: counts.map((x, k) => (k === i ? x + 1 : x)) }],
        ['a count -1', { ...result, counts: counts.map((x, k) => (k === i ? x - 1 : x)) }],
        ['one count fewer', { ...result, counts: counts.slice(1) }],
        ['a fraction', { ...result, counts: counts.map((x, k) => (k === i ? x + 0.5 : x)) }],
        ['no worker, a bare array', counts],
        ['not JSON', '{"worker": "w", "counts": [1, 2'],
        ['a string count', { ...result, counts: counts.map((x, k) => (k === i ? String(x) : x)) }],
        ['a huge count', { ...result, counts: counts.map((x, k) => (k === i ? 1e300 : x)) }],
      ];
      const [what, edit] = edits[below(edits.length)];
      await storeResult(id, edit);
      const r = await run(['--verify', 'none']);
      const label = `case ${c}: ${name}, ${what}: exit ${r.code} ${r.stderr}`;
      expect(r.stderr, label).not.toMatch(/\n\s+at |internal error/);
      if (r.code === 0) {
        expect(differingFiles(single, r.files, uncheckedNote('worker')), label).toEqual([]);
      } else {
        expect(r.code, label).toBe(2);
        expect(r.stderr, label).toMatch(new RegExp(`--queue: chunk ${name} \\(job [^)]+\\).*the job was removed`));
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(4);
  });

  it('a worker refuses a job outside the chunk limits (1e15 trials) and goes on', async () => {
    const battle = loadScenario(SCENARIO).battles[0];
    const task = encodeTask({
      systemId: 'landgrab',
      kernel: 'fast',
      plan: battle.plan,
      tallySize: battle.layout.size,
      state: [1, 2, 3, 4],
      trials: 1e15,
    });
    const jobId = jobIdFor(version, contentKey(task));
    await queue.add('chunk', { format: CHUNK_FORMAT, version, task, name: 'battle 0/0' }, { jobId });
    let job: Job | undefined;
    for (let tries = 0; tries < 200; tries++) {
      job = await Job.fromId(queue, jobId);
      if (job?.failedReason) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job?.failedReason).toMatch(/^outside battle-odds' limits: trials 1000000000000000 is not a chunk/);
    const after = await run();
    expect(after.code, after.stderr).toBe(0);
  });

  it('a database that does not exist, or a path that is not one, is refused before anything runs', async () => {
    let r = await cli(['run', SCENARIO, '--queue', `${redis.url}/99`, '--out', path.join(dir, 'db')]);
    expect([r.code, r.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(r.stderr).toMatch(/--queue: cannot reach redis:\/\/127\.0\.0\.1:\d+\/99 \(ERR DB index is out of range\)/);
    expect(r.stderr).toMatch(/: that database does not exist there\n$/);
    r = await cli(['run', SCENARIO, '--queue', `${redis.url}/x`, '--out', path.join(dir, 'db')]);
    expect(r.stderr).toMatch(/--queue: 'redis:\/\/127\.0\.0\.1:\d+\/x': the path '\/x' is not a database number/);
    expect(existsSync(path.join(dir, 'db', NAME))).toBe(false);
  });

  it('Redis lost mid-run: one line and exit 2 within seconds; one Ctrl-C is enough too', async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does it)`);
    const lose = async (interrupt: boolean) => {
      // A Redis of its own, no worker: the run waits for its chunks when Redis goes.
      const doomed = await startRedis();
      const child = spawn(
        process.execPath,
        [BIN, 'run', SCENARIO, '--queue', doomed.url, '--out', path.join(dir, `lost-${interrupt}`)],
        {
          cwd: ROOT,
          env: { ...process.env, BATTLE_ODDS_REDIS_LOST_MS: '1000' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      for (let i = 0; i < 400 && !stderr.includes('connected'); i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300));
      process.kill(doomed.pid, 'SIGKILL');
      const killed = Date.now();
      if (interrupt) child.kill('SIGINT');
      const code = await exited;
      const seconds = (Date.now() - killed) / 1000;
      await doomed.stop();
      const what = `interrupt ${interrupt}: exit ${code} after ${seconds} s: ${stderr}`;
      expect(stderr, what).not.toMatch(/\n\s+at |ECONNREFUSED.*\n.*ECONNREFUSED|internal error/);
      // A hang would be minutes; this bounds it without timing the machine.
      expect(seconds, what).toBeLessThan(30);
      if (interrupt) expect([2, 130], what).toContain(code);
      else {
        expect(code, what).toBe(2);
        expect(stderr, what).toMatch(
          /\nbattle-odds: error: --queue: lost the connection to Redis at redis:\/\/127\.0\.0\.1:/,
        );
        expect(stderr, what).toMatch(
          / for 1 s; the chunks finished so far stay there .*: run the same command again to go on/,
        );
        expect(stderr.trim().split('\n'), what).toHaveLength(2);
      }
    };
    // Both at once, each on a Redis of its own: the binary's start-up is most of the time.
    await Promise.all([lose(false), lose(true)]);
  });
});
