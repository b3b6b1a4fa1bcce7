/**
 * Issue 31, the memory bench: a run's peak is the operating system's account of that run's own
 * process. Read inside a child (process.resourceUsage().maxRSS), it counted what the parent held
 * when it forked: every row printed the bench's own 238 MiB, whatever the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { peakOfCommand } from '../../bench/memory.js';
import { spawnSync } from 'node:child_process';

describe('the bench measures each run by its own peak', () => {
  it.skipIf(process.platform !== 'linux')('a small child of a big parent is measured small', () => {
    // This process holds 300 MB more, touched, while it starts the child.
    const held = Buffer.alloc(300 * 1024 * 1024, 1);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'battle-odds-peak-'));
    try {
      const own = peakOfCommand(['-e', 'Buffer.alloc(64 * 1024 * 1024, 1)'], dir);
      const tiny = peakOfCommand(['-e', '0'], dir);
      expect(own.kib / 1024).toBeGreaterThan(64);
      expect(own.kib / 1024).toBeLessThan(250);
      expect(tiny.kib).toBeLessThan(own.kib);
      // What the child reads of itself counts the parent's 300 MB (the bug the rows had).
      const read = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.resourceUsage().maxRSS))']);
      expect(Number(read.stdout.toString()) / 1024).toBeGreaterThan(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      expect(held.length).toBeGreaterThan(0);
    }
  });
});
