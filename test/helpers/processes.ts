/** Helpers for the reliability suite: the built binary run as a user would, with signals and timing. */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT } from './cli.js';

export { BIN, ROOT };
export const FIXTURES = path.join(ROOT, 'test', 'files', 'fixtures');
export const DIST = path.join(ROOT, 'dist');

/**
 * Builds dist/ if it is missing (under npm test the files wait for the build before they load,
 * test/helpers/waitForBuild.ts; a bare `npx vitest run test/session` may find none).
 */
export function ensureBuilt(): void {
  // Under npm test the build is under way or done: building again would remove dist/ under the running tests.
  if (process.env.BATTLE_ODDS_TEST_BUILD || (existsSync(BIN) && existsSync(path.join(DIST, 'src', 'index.js')))) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from spawn to exit. */
  elapsedMs: number;
  /**
   * Milliseconds of CPU time (all its threads) the process used from the last signal sent with
   * `Started.signal` to its exit: the work it did to stop. That, not the wall time, is what a promise
   * like "Ctrl-C stops within 2 s" can be checked by on a shared machine: a process that needs 0.1 s
   * of work may wait seconds for a core under load. Sampled every 10 ms from /proc; where there is no
   * /proc, the wall time from the signal. NaN when no signal was sent.
   */
  cpuMsAfterSignal: number;
}

export interface Started {
  child: ChildProcess;
  /** Resolves when the process has exited. */
  finished: Promise<Finished>;
  /** Milliseconds since spawn. */
  age(): number;
  /** Sends a signal, and counts the process's CPU time from now (`Finished.cpuMsAfterSignal`). */
  signal(name: NodeJS.Signals): void;
}

let clockTicks: number | undefined;
/** The CPU time a running process has used so far (its threads included), in ms; null without /proc. */
export function cpuMsOf(pid: number): number | null {
  try {
    // Fields 14 and 15 (utime, stime), counted after the command's name, which may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** Starts a node script (the CLI by default) with output collected; kills it after `timeoutMs`. */
export function start(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; script?: string; timeoutMs?: number } = {},
): Started {
  const began = performance.now();
  const child = spawn(process.execPath, [options.script ?? BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d));
  child.stderr?.on('data', (d: Buffer) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  // CPU time at the last signal and at the last sample since (null: no /proc), and wall time at the signal.
  let signalled: { cpu: number | null; last: number | null; at: number } | undefined;
  let sampler: NodeJS.Timeout | undefined;
  const sample = () => {
    const now = child.pid === undefined ? null : cpuMsOf(child.pid);
    if (signalled && now !== null) signalled.last = now;
  };
  const finished = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(sampler);
      const elapsedMs = performance.now() - began;
      let cpuMsAfterSignal = NaN;
      if (signalled)
        cpuMsAfterSignal =
          signalled.cpu === null || signalled.last === null ? elapsedMs - signalled.at : signalled.last - signalled.cpu;
      resolve({ code, signal, stdout, stderr, elapsedMs, cpuMsAfterSignal });
    });
  });
  return {
    child,
    finished,
    age: () => performance.now() - began,
    signal(name) {
      const cpu = child.pid === undefined ? null : cpuMsOf(child.pid);
      signalled = { cpu, last: cpu, at: performance.now() - began };
      sampler ??= setInterval(sample, 10);
      child.kill(name);
    },
  };
}

/** Runs to the end. */
export function run(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; script?: string; timeoutMs?: number } = {},
): Promise<Finished> {
  return start(args, options).finished;
}

/** Resolves when `file` exists (polling every 10 ms); rejects after `timeoutMs`. */
export async function waitForFile(file: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!existsSync(file)) {
    if (performance.now() > deadline) throw new Error(`${file} did not appear within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves when the child's stdout has printed `text`. */
export function waitForOutput(child: ChildProcess, text: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no '${text}' within ${timeoutMs} ms: ${seen}`)), timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      seen += d;
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

export function tempDir(prefix = 'battle-odds-reliability-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Every file under `dir` with its bytes, for "the old folder is intact" comparisons. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub)).sort()) {
      const rel = path.join(sub, name);
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else out[rel] = readFileSync(path.join(dir, rel)).toString('base64');
    }
  };
  walk('');
  return out;
}

/** A refusal as the CLI must print it: exit 2, one short line, no stack trace. */
export function isCleanRefusal(r: { code: number | null; stderr: string }): boolean {
  const lines = r.stderr.trimEnd().split('\n');
  return (
    r.code === 2 &&
    lines.length === 1 &&
    lines[0].startsWith('battle-odds: error: ') &&
    lines[0].length <= 400 &&
    !/\n\s+at /.test(r.stderr)
  );
}

/**
 * A tiny disk for a suite of full-disk tests, mounted as the file loads. Where none can be
 * mounted (not root, no tmpfs) `skip` is true and the tests skip and say why, except under
 * CI (CI=true), where they run and `check` (the suite's beforeAll) fails them with the
 * reason: a fault suite that skipped there would pass without testing anything.
 */
export function tinyDiskSuite(
  megabytes: number,
  what: string,
): { dir: string; skip: boolean; check(): void; unmount(): void } {
  const disk = mountTinyDisk(megabytes);
  const reason = 'reason' in disk ? disk.reason : null;
  const dir = 'dir' in disk ? disk.dir : '';
  const skip = reason !== null && process.env.CI !== 'true';
  if (skip) console.warn(`${what} skipped: ${reason}`);
  return {
    dir,
    skip,
    check() {
      if (reason !== null) throw new Error(`CI=true and no tiny disk for the ${what} (${reason}): they cannot run`);
    },
    unmount() {
      if (dir) spawnSync('umount', [dir]);
    },
  };
}

/** A tiny tmpfs, when this runs as root and `mount` works; else the reason it cannot (unmount it with `umount`). */
export function mountTinyDisk(megabytes: number): { dir: string } | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'not running as root' };
  const dir = tempDir('battle-odds-tiny-disk-');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) return { reason: `mount failed: ${(r.stderr || r.error?.message || '').trim()}` };
  return { dir };
}
