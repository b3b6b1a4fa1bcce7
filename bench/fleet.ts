/**
 * `npm run bench:fleet [-- --quick]`: the worker fleet against the thread pool on one
 * machine. Starts Debian's redis-server on a loopback port in a temporary folder, then
 * measures, on the same battles (LandGrab 11 vs 10, fast kernel):
 * - battles/s of the in-process thread pool (all cores), and of 1, 2 and 4 local worker
 *   processes (one thread each) through Redis; pool and 2 workers also on smaller runs
 *   (chunks of 10,000 and 100,000 trials), where the cost per chunk shows;
 * - the cost of one chunk through the queue: tiny chunks (1 trial) back to back, one at a
 *   time (round trip) and 64 in flight (throughput), beside the same through the pool.
 * Every repetition uses a new seed: a chunk already computed is found in Redis, not rerun.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import { findSystem } from '../src/app/systems.js';
import { compileEntry } from '../src/engine/scenario/entry.js';
import { sampleBattle } from '../src/engine/run/sample.js';
import { chunkSizeFor } from '../src/engine/run/chunking.js';
import type { Executor } from '../src/engine/executor.js';
import type { ChunkTask } from '../src/engine/task.js';
import type { RuleSystem } from '../src/engine/contract.js';
import { PoolExecutor, defaultThreads } from '../src/node/poolExecutor.js';
import { packageVersion } from '../src/node/packageInfo.js';
import { QueueExecutor } from '../src/fleet/queue/queueExecutor.js';
import { parseQueueUrl } from '../src/fleet/queue/connection.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli/main.js');

async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-redis-'));
  const args = ['--save', '', '--appendonly', 'no', '--dir', dir, '--port', String(port), '--bind', '127.0.0.1'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => {
    let seen = '';
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `count` worker processes of the built binary, one thread each; resolves when all take jobs. */
async function startWorkers(url: string, count: number): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: count }, () => {
      const child = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--threads', '1'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      return new Promise<ChildProcess>((resolve) => {
        let log = '';
        child.stderr.on('data', (d: Buffer) => {
          log += d.toString();
          if (log.includes('Ctrl-C stops')) resolve(child);
        });
      });
    }),
  );
}

async function stopWorkers(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((c) => {
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      return exited;
    }),
  );
}

async function rate(run: (seed: string) => Promise<void>, trials: number, repeats: number, tag: string) {
  await run(`${tag}-warmup`);
  const rates: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    await run(`${tag}-${r}-${Date.now()}`);
    rates.push(trials / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

/** Milliseconds per tiny chunk: `inFlight` at a time, `count` in all. */
async function perChunkMs(executor: Executor, task: ChunkTask, count: number, inFlight: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await executor.run({ ...task, state: [i + 1, 7, 11, (Date.now() + i) >>> 0] });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return (performance.now() - started) / count;
}

export async function runFleetBench(quick: boolean): Promise<void> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    process.stdout.write('bench:fleet: redis-server is not installed (apt-get install redis-server)\n');
    return;
  }
  const trials = quick ? 8_000_000 : 32_000_000;
  /** Trials per battle for the size comparison: chunks of 10,000, 100,000 and the largest. */
  const sizes = [320_000, 3_200_000, trials];
  const repeats = quick ? 2 : 3;
  const system = findSystem('landgrab') as RuleSystem;
  const battle = compileEntry(system, { attackers: 11, defenders: 10 }, 'bench', '', 'LandGrab 11 vs 10');
  const sample = (executor: Executor, n: number) => async (seed: string) => {
    await sampleBattle(system, [battle], { seed, trials: n, kernel: 'fast' }, executor);
  };
  const line = (what: string, value: string) => process.stdout.write(`${what.padEnd(70)}${value.padStart(26)}\n`);
  const perSecond = (r: number) => `${(r / 1e6).toFixed(2)} M battles/s`;
  const chunks = (n: number) =>
    `${Math.ceil(n / chunkSizeFor(n))} chunks of ${chunkSizeFor(n).toLocaleString('en-US')}`;
  const redis = await startRedis();
  const address = parseQueueUrl(redis.url);
  const version = packageVersion();
  const tiny: ChunkTask = {
    systemId: 'landgrab',
    kernel: 'fast',
    plan: battle.plan,
    tallySize: battle.layout.size,
    state: [1, 2, 3, 4],
    trials: 1,
  };
  process.stdout.write(
    `battle-odds bench:fleet: ${defaultThreads()} cores, LandGrab 11 vs 10 fast kernel, median of ${repeats}, ` +
      `load average ${os.loadavg()[0].toFixed(1)}\n\n`,
  );
  try {
    const pool = new PoolExecutor(defaultThreads());
    const poolRates = new Map<number, number>();
    for (const n of sizes) {
      poolRates.set(n, await rate(sample(pool, n), n, repeats, 'pool'));
      line(
        `thread pool, ${pool.threads} threads, ${n.toLocaleString('en-US')} battles (${chunks(n)})`,
        perSecond(poolRates.get(n)!),
      );
    }
    const poolRound = await perChunkMs(pool, tiny, 200, 1);
    const poolThroughput = await perChunkMs(pool, tiny, 2000, 64);
    await pool.close();
    for (const count of [1, 2, 4]) {
      const workers = await startWorkers(redis.url, count);
      const fleet = await QueueExecutor.open(address, { version });
      for (const n of count === 2 ? sizes : [trials]) {
        const fleetRate = await rate(sample(fleet, n), n, repeats, `fleet-${count}-${n}`);
        line(
          `fleet, ${count} worker${count > 1 ? 's' : ''} x 1 thread via Redis, ${n.toLocaleString('en-US')} battles`,
          `${perSecond(fleetRate)} (${(fleetRate / poolRates.get(n)!).toFixed(2)}x pool)`,
        );
      }
      if (count === 1) {
        const round = await perChunkMs(fleet, tiny, 200, 1);
        const throughput = await perChunkMs(fleet, tiny, 1000, 64);
        line('one tiny chunk via Redis, 1 worker, round trip (1 in flight)', `${round.toFixed(2)} ms`);
        line('tiny chunks via Redis, 1 worker, 64 in flight, per chunk', `${throughput.toFixed(2)} ms`);
        line('one tiny chunk through the pool, round trip', `${poolRound.toFixed(3)} ms`);
        line('tiny chunks through the pool, 64 in flight, per chunk', `${poolThroughput.toFixed(3)} ms`);
      }
      await fleet.close();
      await stopWorkers(workers);
    }
  } finally {
    redis.stop();
  }
}

await runFleetBench(process.argv.includes('--quick'));
