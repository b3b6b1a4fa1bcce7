/**
 * Process time of a command (user + system CPU of the whole process, all its threads), as the
 * start-up goal is stated, and its peak memory: a child started with `--import` of this module
 * reports its own `process.resourceUsage()` on exit, on stderr, after everything else it printed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MARK = '@battle-odds-bench-cpu ';

const MEMORY_MARK = '@battle-odds-bench-max-rss ';

if (process.env.BATTLE_ODDS_BENCH_CPU === '1') {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    process.stderr.write(`\n${MARK}${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
    // maxRSS is in KiB: the process's peak resident memory, all threads included.
    process.stderr.write(`${MEMORY_MARK}${usage.maxRSS}\n`);
  });
}

const SELF = fileURLToPath(import.meta.url);

/**
 * Wall and process time of `node <args>`, in ms, and its peak resident memory in KiB (`quiet`:
 * its standard output is not kept, for a command that prints megabytes).
 */
export function measureCommand(
  args: string[],
  options: { quiet?: boolean } = {},
): { wallMs: number; cpuMs: number; maxRssKiB: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', SELF, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BATTLE_ODDS_BENCH_CPU: '1' },
    stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe'],
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`bench: ${args.join(' ')} failed: ${result.stderr}`);
  const lines = result.stderr.split('\n');
  const line = lines.find((l) => l.startsWith(MARK));
  const memory = lines.find((l) => l.startsWith(MEMORY_MARK));
  if (!line || !memory) throw new Error(`bench: ${args.join(' ')} did not report its process time`);
  const cpuMs = Number(line.slice(MARK.length));
  return { wallMs, cpuMs, maxRssKiB: Number(memory.slice(MEMORY_MARK.length)), stdout: result.stdout ?? '' };
}
