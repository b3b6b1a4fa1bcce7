/**
 * A throwaway Redis for a test file: Debian's redis-server on a free loopback port, in a
 * temporary folder, nothing saved to disk; stopped by the test. When redis-server is not
 * installed, `redisMissing` says why and the Redis tests skip (`skipRedis`), except under
 * CI (CI=true), where they run and fail: CI installs it (`.ci/run`), and a suite that
 * skipped there would pass without testing anything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { tempDir } from '../helpers/cli.js';

export const redisMissing: string | null =
  spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0
    ? null
    : 'redis-server is not installed (apt-get install redis-server): the Redis fleet tests are skipped';

/** Whether the Redis suites skip: only where redis-server is missing and this is not CI. */
export const skipRedis = redisMissing !== null && process.env.CI !== 'true';

/** Says, once per suite, why it skipped. */
export function noteSkipped(file: string): void {
  if (skipRedis) console.log(`${file}: skipped: ${redisMissing}`);
}

export interface TestRedis {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** A loopback port nobody listened on a moment ago (the kernel's pick, released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = tempDir('battle-odds-redis-');
  const port = await freePort();
  const args = ['--save', '', '--appendonly', 'no', '--dir', dir, '--port', String(port), '--bind', '127.0.0.1'];
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${seen}`)), 10_000);
    child.stdout!.on('data', (data: Buffer) => {
      seen += data.toString();
      if (seen.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${seen}`)));
    child.once('error', (error) => reject(new Error(`redis-server did not start: ${error.message}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    async stop() {
      // A process killed by a signal has no exit code but a signal code: it has exited too.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
