/**
 * Workers send tallies and solutions back as copies, never by transfer: a transfer detaches
 * an ArrayBuffer, and after the first detach in a thread V8 checks every typed-array access
 * for it (the Advanced Civilization kernel ran ~35% slower in a worker; see src/threads/threadWorker.ts).
 * A timing test would be noise on a shared machine, so this checks the code that would do it.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(path.join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe('no transferred buffers', () => {
  it("no source file transfers a buffer (piscina's move, a transfer list or option)", () => {
    const offenders = sources('src').filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return (
        /\bmove\s*\(|\.buffer\s*\]|\btransfer\s*:/.test(text) ||
        /import\s*\{[^}]*\bmove\b[^}]*\}\s*from\s*'piscina'/.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });
});
