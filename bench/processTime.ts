/**
 * Process time of a command (user + system CPU of the whole process, all its threads), as the
 * start-up goal is stated: a child started with `--import` of this module reports its own
 * `process.resourceUsage()` on exit, on stderr, after everything else it printed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MARK = '@battle-odds-bench-cpu ';

if (process.env.BATTLE_ODDS_BENCH_CPU === '1') {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    process.stderr.write(`\n${MARK}${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
  });
}

const SELF = fileURLToPath(import.meta.url);

/** Wall and process time of `node <args>`, in ms. */
export function measureCommand(args: string[]): { wallMs: number; cpuMs: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', SELF, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BATTLE_ODDS_BENCH_CPU: '1' },
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`bench: ${args.join(' ')} failed: ${result.stderr}`);
  const line = result.stderr.split('\n').find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`bench: ${args.join(' ')} did not report its process time`);
  return { wallMs, cpuMs: Number(line.slice(MARK.length)) };
}
