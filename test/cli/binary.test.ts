/**
 * The built binary, run as a user would: the few things only a real process shows
 * (start-up, exit codes, signals, charts rendered through the native PNG renderer).
 * Everything else runs in-process (test/cli/*.test.ts) and is much faster.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BIN, binary, tempDir } from '../helpers/cli.js';
import type { ScenarioReport } from '../../src/core/model/report.js';

describe('the built binary', () => {
  it('prints its version and its help', () => {
    const version = binary(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = binary(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('odds');
    expect(help.stdout).toContain('Examples:');
  });

  it('answers an exact question and refuses a bad flag with one line and exit 2', () => {
    const r = binary(['odds', 'landgrab', '--attackers', '4', '--defenders', '2', '--exact-only']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('65.60%');
    const bad = binary(['odds', 'landgrab', '--attackers', 'x', '--defenders', '2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')[0]).toMatch(
      /^battle-odds: error: option '--attackers <n>' argument 'x' is invalid/,
    );
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

/** Starts a long run and resolves once it signals that sampling has started (no fixed sleep). */
async function startLongRun(out: string): Promise<{ child: ReturnType<typeof spawn>; stdout: () => string }> {
  const ready = path.join(tempDir(), 'ready');
  const args = [
    'odds',
    'landgrab',
    '--attackers',
    '50',
    '--defenders',
    '50',
    '--sample',
    '--trials',
    '1e9',
    '--threads',
    '2',
  ];
  const child = spawn(process.execPath, [BIN, ...args, '--json', '--out', out, '--no-charts'], {
    env: { ...process.env, BATTLE_ODDS_READY_FILE: ready },
  });
  let stdout = '';
  child.stdout!.on('data', (d) => (stdout += d));
  const deadline = Date.now() + 60_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error('the run never signalled that sampling started');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, stdout: () => stdout };
}

describe('interrupts', () => {
  it('Ctrl-C stops within seconds, writes what finished marked partial, and exits 130', async () => {
    const out = tempDir();
    const run = await startLongRun(out);
    const sent = Date.now();
    run.child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => run.child.on('exit', resolve));
    expect(code).toBe(130);
    expect(Date.now() - sent).toBeLessThan(10_000);
    const result = JSON.parse(run.stdout()) as ScenarioReport;
    expect(result.partial).toBe(true);
    // A chunk still running is dropped, not waited for: only whole chunks count.
    expect(result.battles[0].trials % 1_000_000).toBe(0);
    expect(result.battles[0].trials).toBeLessThan(1e9);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as ScenarioReport;
    expect(report.partial).toBe(true);
  });
});

describe('charts', () => {
  it('render with the bundled font (the PNG is not blank of text)', () => {
    const out = tempDir();
    const r = binary(['run', 'scenarios/landgrab-capitol.json', '--out', out, '--trials', '20000']);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(out, 'landgrab-capitol');
    const svgs = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) expect(readFileSync(path.join(dir, svg), 'utf8')).toContain('DejaVu Sans');
    const png = readdirSync(dir).find((f) => f.endsWith('.png'))!;
    expect(readFileSync(path.join(dir, png)).subarray(1, 4).toString()).toBe('PNG');
  });
});
