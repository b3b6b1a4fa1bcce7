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
import { findSystem } from '../src/core/registry/systems.js';
import { compileEntry } from '../src/core/engine/validate/entry.js';
import { sampleBattle } from '../src/core/engine/sample/sample.js';
import { chunkSizeFor } from '../src/core/engine/sample/chunking.js';
import type { Executor } from '../src/core/engine/sample/executor.js';
import type { ChunkTask } from '../src/core/engine/sample/task.js';
import type { RuleSystem } from '../src/core/model/contract.js';
import { PoolExecutor, defaultThreads } from '../src/threads/poolExecutor.js';
import { packageVersion } from '../src/files/packageInfo.js';
import { QueueExecutor } from '../src/fleet/queue/queueExecutor.js';
import { parseQueueUrl } from '../src/fleet/queue/connection.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli/main.js');

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

/**
 * Battles/s of each contender, measured in turns (one repetition of each, then the next):
 * this machine is shared, and turns spread a change of load over every contender alike.
 */
async function ratesInTurns(
  contenders: Array<(seed: string) => Promise<void>>,
  trials: number,
  repeats: number,
): Promise<number[]> {
  const rates: number[][] = contenders.map(() => []);
  for (let r = -1; r < repeats; r++) {
    for (const [i, run] of contenders.entries()) {
      const started = performance.now();
      await run(`bench-${i}-${r}-${Date.now()}`);
      if (r >= 0) rates[i].push(trials / ((performance.now() - started) / 1000));
    }
  }
  return rates.map((list) => median(list));
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
  const repeats = quick ? 2 : 5;
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
  // One Redis database per fleet size, its workers started up front (idle workers only wait).
  const fleetSizes = [1, 2, 4];
  const workers: ChildProcess[] = [];
  const fleets: QueueExecutor[] = [];
  const pool = new PoolExecutor(defaultThreads());
  try {
    for (const count of fleetSizes) {
      const url = `${redis.url}/${count}`;
      workers.push(...(await startWorkers(url, count)));
      fleets.push(await QueueExecutor.open(parseQueueUrl(url), { version }));
    }
    const [one, two] = fleets;
    for (const n of sizes) {
      const sizesHere = n === trials ? fleetSizes : [2];
      const contenders = [pool, ...(n === trials ? fleets : [two])];
      const rates = await ratesInTurns(
        contenders.map((e) => sample(e, n)),
        n,
        repeats,
      );
      line(
        `thread pool, ${pool.threads} threads, ${n.toLocaleString('en-US')} battles (${chunks(n)})`,
        perSecond(rates[0]),
      );
      sizesHere.forEach((count, i) => {
        const ratio = (rates[i + 1] / rates[0]).toFixed(2);
        line(
          `  fleet, ${count} worker${count > 1 ? 's' : ''} x 1 thread via Redis`,
          `${perSecond(rates[i + 1])} (${ratio}x pool)`,
        );
      });
    }
    const ms = async (executor: Executor, count: number, inFlight: number, digits: number) =>
      `${(await perChunkMs(executor, tiny, count, inFlight)).toFixed(digits)} ms`;
    line('one tiny chunk through the pool, round trip', await ms(pool, 200, 1, 3));
    line('one tiny chunk via Redis, 1 worker, round trip', await ms(one, 200, 1, 2));
    line('tiny chunks through the pool, 64 in flight, per chunk', await ms(pool, 2000, 64, 3));
    line('tiny chunks via Redis, 1 worker, 64 in flight, per chunk', await ms(one, 1000, 64, 2));
    line('tiny chunks via Redis, 2 workers, 64 in flight, per chunk', await ms(two, 1000, 64, 2));
  } finally {
    await pool.close();
    for (const fleet of fleets) await fleet.close();
    await stopWorkers(workers);
    redis.stop();
  }
}

await runFleetBench(process.argv.includes('--quick'));
