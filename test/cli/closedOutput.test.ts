/**
 * Issue 31 rows 5 and 10: standard output closed by its reader (`| head`) or full (`> /dev/full`).
 * The program says so in one line with an exit code that says so (141 for a closed pipe, as a shell
 * reports SIGPIPE; 74 for a failed write), never a stack trace, and a results folder is still
 * written whole (before, `| head -3` exited 0 with --out empty).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, tempDir } from '../helpers/cli.js';
import { ensureBuilt } from '../helpers/processes.js';

const SCENARIO = path.join(ROOT, 'test/fleet/fleet-scenario.json');

/** Runs the binary with its stdout closed at once (`| true`) or on /dev/full. */
function runWith(args: string[], stdout: 'closed' | 'full'): Promise<{ code: number | null; stderr: string }> {
  const full = stdout === 'full' ? openSync('/dev/full', 'w') : undefined;
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    stdio: ['ignore', full ?? 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (full !== undefined) closeSync(full);
  else child.stdout!.destroy();
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

beforeAll(() => ensureBuilt());

describe('standard output full', () => {
  it.skipIf(!existsSync('/dev/full'))('odds: one line, exit 74', async () => {
    const r = await runWith(['odds', 'landgrab', '--attackers', '3', '--defenders', '2'], 'full');
    expect(r.stderr).toBe('battle-odds: error: standard output cannot be written: the disk is full (ENOSPC)\n');
    expect(r.code).toBe(74);
  });

  it.skipIf(!existsSync('/dev/full'))('run: one line, exit 74, the results folder written whole', async () => {
    const out = path.join(tempDir('battle-odds-full-'), 'out');
    const r = await runWith(['run', SCENARIO, '--out', out, '--threads', '0', '--no-charts'], 'full');
    expect(r.stderr).toBe('battle-odds: error: standard output cannot be written: the disk is full (ENOSPC)\n');
    expect(r.code).toBe(74);
    expect(readdirSync(path.join(out, 'fleet-check'))).toContain('report.json');
  });
});

describe('standard output closed by its reader', () => {
  it('run: one line, exit 141, the results folder and home written whole', async () => {
    const out = path.join(tempDir('battle-odds-closed-'), 'out');
    const r = await runWith(['run', SCENARIO, '--out', out, '--threads', '0', '--no-charts'], 'closed');
    expect(r.stderr).toBe('battle-odds: error: standard output was closed before everything was printed (EPIPE)\n');
    expect(r.code).toBe(141);
    expect(readdirSync(out).sort()).toEqual(['fleet-check', 'index.html']);
    expect(readdirSync(path.join(out, 'fleet-check'))).toEqual(
      expect.arrayContaining(['report.json', 'summary.csv', 'index.html', 'sweep.csv']),
    );
  });
});
