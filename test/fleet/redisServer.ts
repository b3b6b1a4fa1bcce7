/**
 * A throwaway Redis for a test file: Debian's redis-server on a free loopback port, in a
 * temporary folder, nothing saved to disk; stopped by the test. When redis-server is not
 * installed, `redisMissing` says why and the Redis tests skip (`.ci/run` installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { tempDir } from '../helpers/cli.js';

export const redisMissing: string | null =
  spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0
    ? null
    : 'redis-server is not installed (apt-get install redis-server): the Redis fleet tests are skipped';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
