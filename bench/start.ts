/**
 * What `npm start` writes and how long it takes (issue 22: 294 files, 31 MB, one report.json of
 * 13 MB; budget: 10 MB and 30 s with the build). The built CLI runs every bundled scenario as
 * `npm start` does (`run scenarios --brief --no-png`), and once more with PNGs (`run scenarios
 * --brief`, what a plain `run` writes), into a temporary folder; each reports files, bytes, the
 * largest file, and wall-clock and process time. `npm run bench:start`, and a row of `npm run bench`.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand } from './processTime.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const SCENARIOS = fileURLToPath(new URL('../../scenarios', import.meta.url));

export interface StartRow {
  what: string;
  files: number;
  bytes: number;
  largest: { file: string; bytes: number };
  seconds: number;
  cpuSeconds: number;
}

function walk(dir: string): Array<{ file: string; bytes: number }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [{ file: full, bytes: statSync(full).size }];
  });
}

export function benchStart(): StartRow[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-bench-start-'));
  try {
    return [
      { what: 'npm start (run scenarios --brief --no-png)', flags: ['--no-png'] },
      { what: 'run scenarios --brief (with PNGs)', flags: [] },
    ].map(({ what, flags }) => {
      const out = path.join(dir, 'results');
      const measured = measureCommand([CLI, 'run', SCENARIOS, '--brief', '--out', out, ...flags], { quiet: true });
      const files = walk(out).filter((f) => !path.basename(f.file).startsWith('.'));
      rmSync(out, { recursive: true, force: true });
      const largest = files.reduce((a, b) => (b.bytes > a.bytes ? b : a));
      return {
        what,
        files: files.length,
        bytes: files.reduce((s, f) => s + f.bytes, 0),
        largest: { file: path.relative(out, largest.file), bytes: largest.bytes },
        seconds: measured.wallMs / 1000,
        cpuSeconds: measured.cpuMs / 1000,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench:start`: the rows as text. */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const row of benchStart())
    console.log(
      `${row.what}: ${row.files} files, ${(row.bytes / 1e6).toFixed(1)} MB ` +
        `(largest ${row.largest.file}, ${(row.largest.bytes / 1e6).toFixed(2)} MB), ` +
        `${row.seconds.toFixed(1)} s wall, ${row.cpuSeconds.toFixed(1)} s process time; ` +
        `load average ${os.loadavg()[0].toFixed(1)}`,
    );
}
