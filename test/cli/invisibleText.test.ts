/**
 * Issue 31 row 20: labels may hold right-to-left overrides (U+202E) and line separators (U+2028):
 * valid text, kept in the files. On the terminal they are escaped (`\u202e`), as error messages
 * escape them, so a label cannot reorder or break what is printed; printed JSON stays the same data.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

const INVISIBLE = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LABELS = ['\u202eevil\u202c', 'line\u2028break', 'mark\u200fhere'];

function scenario(dir: string): string {
  const file = path.join(dir, 'labels.json');
  const battles = LABELS.map((label, i) => ({ label, attackers: 5 + i, defenders: 3 }));
  writeFileSync(file, JSON.stringify({ name: 'labels', system: 'landgrab', battles }));
  return file;
}

describe('bidirectional controls and separators in labels', () => {
  it('run prints them escaped, in full tables and brief', async () => {
    const dir = tempDir('battle-odds-invisible-');
    for (const brief of [[], ['--brief']]) {
      const r = await cli(['run', scenario(dir), '--out', path.join(dir, 'out'), '--no-charts', ...brief]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(INVISIBLE);
      expect(r.stdout).toContain('\\u202eevil\\u202c');
      expect(r.stdout).toContain('line\\u2028break');
    }
  });

  it('run --json and odds --json print the same data, with the characters as JSON escapes', async () => {
    const dir = tempDir('battle-odds-invisible-json-');
    const r = await cli(['run', scenario(dir), '--out', path.join(dir, 'out'), '--no-charts', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(INVISIBLE);
    expect(JSON.parse(r.stdout)[0].battles.map((b: { label: string }) => b.label)).toEqual(LABELS);
    const entry = JSON.stringify({ label: LABELS[0], attackers: 5, defenders: 3 });
    const odds = await cli(['odds', 'landgrab', '--entry', entry, '--json']);
    expect(odds.code, odds.stderr).toBe(0);
    expect(odds.stdout).not.toMatch(INVISIBLE);
    expect(JSON.parse(odds.stdout).battles[0].label).toBe(LABELS[0]);
  });
});
