/**
 * A run's peak memory against its number of battles (issue 21: it grew ~85 KB a battle, and
 * 10,000 battles peaked at 1 GB). The built CLI runs scenarios of 400, 2,000 and 10,000 LandGrab
 * battles (exact answers, so the time is the writing, not the sampling) into a temporary
 * folder; GNU time reads each run's peak resident memory from its wait status (bench/processTime.ts:
 * a child's own maxRSS counts the memory of the bench it was forked from). The number that matters
 * is the ratio of the largest run's peak to the smallest's: flat is ~1.
 * Charts are off by default (10,000 battles of charts take a quarter of an hour); `--charts`
 * measures 100 and 400 battles with charts instead.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand } from './processTime.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export interface MemoryRow {
  battles: number;
  charts: boolean;
  peakMiB: number;
  seconds: number;
  /** report.json's size per battle, in bytes. */
  reportBytesPerBattle: number;
}

/** A scenario of `n` different LandGrab battles (with and without a fortress, 5-24 vs 3-17 armies). */
function scenario(n: number): unknown {
  const battles = Array.from({ length: n }, (_, i) => ({
    label: `battle ${i}`,
    attackers: 5 + (i % 20),
    defenders: 3 + (Math.floor(i / 20) % 15),
    fortress: i % 3 === 0,
  }));
  return { name: `memory-${n}`, system: 'landgrab', seed: 'memory', battles };
}

export function benchMemory(sizes: number[], charts = false): MemoryRow[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-memory-'));
  try {
    return sizes.map((n) => {
      const file = path.join(dir, `memory-${n}.json`);
      writeFileSync(file, JSON.stringify(scenario(n)));
      const out = path.join(dir, 'out');
      const args = [CLI, 'run', file, '--out', out, '--brief', '--threads', '0', ...(charts ? [] : ['--no-charts'])];
      const measured = measureCommand(args, { quiet: true, memory: true });
      const reportBytes = statSync(path.join(out, `memory-${n}`, 'report.json')).size;
      rmSync(out, { recursive: true, force: true });
      return {
        battles: n,
        charts,
        peakMiB: measured.maxRssKiB / 1024,
        seconds: measured.wallMs / 1000,
        reportBytesPerBattle: reportBytes / n,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows as the bench prints them, the ratio last. */
export function memoryLines(rows: MemoryRow[]): string[] {
  const lines = rows.map(
    (r) =>
      `${`peak memory, ${r.battles.toLocaleString('en-US')} battles${r.charts ? ' with charts' : ''}`.padEnd(48)}` +
      `${r.peakMiB.toFixed(0).padStart(6)} MiB  (${r.seconds.toFixed(1)} s; report.json ` +
      `${(r.reportBytesPerBattle / 1024).toFixed(1)} KiB a battle)`,
  );
  const [first, last] = [rows[0], rows[rows.length - 1]];
  const what = `  ratio ${last.battles.toLocaleString('en-US')} / ${first.battles.toLocaleString('en-US')} battles`;
  const ratio = (last.peakMiB / first.peakMiB).toFixed(2);
  lines.push(`${what.padEnd(48)}${ratio.padStart(6)} x  (battles: ${last.battles / first.battles}x)`);
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const charts = process.argv.includes('--charts');
  const rows = benchMemory(charts ? [100, 400] : [400, 2000, 10_000], charts);
  for (const line of memoryLines(rows)) process.stdout.write(`${line}\n`);
}
