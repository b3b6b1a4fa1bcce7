/**
 * Process time of a command (user + system CPU of the whole process, all its threads), as the
 * start-up goal is stated, and its peak memory, read from the operating system's own accounting of
 * the finished child: nothing is loaded into the measured process (an `--import` hook that reports
 * its own `process.resourceUsage()` adds ~50 ms to every command, a bare node's included, and
 * flatters every ratio; and a child's own `maxRSS` counts the memory of the process it was forked
 * from). Node's `child_process` does not expose a child's rusage, so a wrapper that only spawns reads
 * it: bash's `times` (the CPU of the children it waited for, to the millisecond) for process time;
 * GNU time (`/usr/bin/time -f %M`, the child's peak resident memory in KiB) when the peak is asked for.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, quantile } from 'simple-statistics';

/** Runs `"$@"` and writes, on descriptor 3, the CPU of the children bash waited for (two `times` lines). */
const TIMES = '"$@"; code=$?; times >&3; exit $code';

/** `0m0.052s 0m0.012s` (user, system) into ms. */
function timesMs(line: string): number {
  const parts = line.trim().split(/\s+/);
  const ms = parts.map((part) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(part);
    if (!match) throw new Error(`bench: cannot read bash's times: '${line}'`);
    return (Number(match[1]) * 60 + Number(match[2])) * 1000;
  });
  return ms[0] + ms[1];
}

export interface Measured {
  wallMs: number;
  /** User + system CPU of the child (and any process it waited for), ms. */
  cpuMs: number;
  /** The child's peak resident memory, KiB (only with `memory`). */
  maxRssKiB: number;
  stdout: string;
}

/**
 * Wall and process time of `node <args>` in ms (`quiet`: its standard output is not kept, for a
 * command that prints megabytes), and with `memory` its peak resident memory in KiB (the child then
 * runs under GNU time, whose own ~1 ms is in the process time: fine for runs of seconds, not for
 * start-up rows).
 */
export function measureCommand(args: string[], options: { quiet?: boolean; memory?: boolean } = {}): Measured {
  const dir = options.memory ? mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-time-')) : undefined;
  const peakFile = dir ? path.join(dir, 'peak') : '';
  const command = dir ? ['/usr/bin/time', '-f', '%M', '-o', peakFile, process.execPath] : [process.execPath];
  try {
    const started = performance.now();
    const result = spawnSync('bash', ['-c', TIMES, 'battle-odds-bench', ...command, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
    const wallMs = performance.now() - started;
    if (result.error) throw new Error(`bench: cannot start bash: ${result.error.message}`);
    if (result.status !== 0) throw new Error(`bench: ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
    const times = String(result.output[3] ?? '')
      .trim()
      .split('\n');
    if (times.length !== 2) throw new Error(`bench: ${args.join(' ')}: no process time from bash`);
    let maxRssKiB = Number.NaN;
    if (dir) {
      maxRssKiB = Number(readFileSync(peakFile, 'utf8').trim().split('\n').pop());
      if (!Number.isFinite(maxRssKiB)) throw new Error('bench: the peak memory needs GNU time at /usr/bin/time');
    }
    return { wallMs, cpuMs: timesMs(times[1]), maxRssKiB, stdout: result.stdout ?? '' };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export interface PairedRow {
  what: string;
  args: string[];
  pairs: number;
  /** Medians over the pairs, ms of process time. */
  bareCpuMs: number;
  cpuMs: number;
  bareWallMs: number;
  wallMs: number;
  /** The command's process time over the bare node's, pair by pair: median and spread. */
  ratio: { median: number; q1: number; q3: number; min: number; max: number };
}

export const BARE = ['-e', '0'];

/**
 * Each command against a bare `node -e 0`, measured the same way, interleaved (bare, command, bare,
 * command, ... for every command in turn, after one warm-up of each): the ratio of each pair, then
 * the medians. Commands that fail throw.
 */
export function pairedAgainstBare(commands: Array<{ what: string; args: string[] }>, pairs: number): PairedRow[] {
  for (const { args } of [{ args: BARE }, ...commands]) measureCommand(args, { quiet: true });
  const runs = commands.map(() => [] as Array<{ bare: Measured; command: Measured }>);
  for (let i = 0; i < pairs; i++)
    commands.forEach(({ args }, c) => {
      const bare = measureCommand(BARE, { quiet: true });
      runs[c].push({ bare, command: measureCommand(args, { quiet: true }) });
    });
  return commands.map(({ what, args }, c) => {
    const ratios = runs[c].map((r) => r.command.cpuMs / r.bare.cpuMs);
    return {
      what,
      args,
      pairs,
      bareCpuMs: median(runs[c].map((r) => r.bare.cpuMs)),
      cpuMs: median(runs[c].map((r) => r.command.cpuMs)),
      bareWallMs: median(runs[c].map((r) => r.bare.wallMs)),
      wallMs: median(runs[c].map((r) => r.command.wallMs)),
      ratio: {
        median: median(ratios),
        q1: quantile(ratios, 0.25),
        q3: quantile(ratios, 0.75),
        min: Math.min(...ratios),
        max: Math.max(...ratios),
      },
    };
  });
}

/** One row as text: medians, the median ratio and its spread (quartiles, then the extremes). */
export function pairedLine(row: PairedRow): string {
  const r = row.ratio;
  return (
    `${row.what}: ${row.cpuMs.toFixed(0)} ms vs bare node ${row.bareCpuMs.toFixed(0)} ms of process time ` +
    `(medians of ${row.pairs} pairs); ratio ${r.median.toFixed(2)}x ` +
    `(quartiles ${r.q1.toFixed(2)}-${r.q3.toFixed(2)}, range ${r.min.toFixed(2)}-${r.max.toFixed(2)}); ` +
    `wall ${row.wallMs.toFixed(0)} vs ${row.bareWallMs.toFixed(0)} ms`
  );
}
