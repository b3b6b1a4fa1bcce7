/**
 * `battle-odds compare A B` on the command line: the words, the folder (compare.csv, the chart, the
 * page, headline.json) and its place in the results home; bad input one line, exit 2, nothing written.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';

const A = 'scenarios/landgrab-fortress-house-rules.json';
const B = 'scenarios/landgrab-bastion.json';

describe('battle-odds compare', () => {
  it('compares two bundled rule sets, writes its folder and lists it in the results home', async () => {
    const out = tempDir('battle-odds-compare-cli-');
    const r = await cli(['compare', A, B, '--out', out, '--no-png']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^Against A \(landgrab-fortress-house-rules\), B \(landgrab-bastion\) lowers /);
    expect(lines[1]).toMatch(/^Every cell is exact: 66 of 66 differ, 0 are equal\.$/);
    const dir = path.join(out, 'compare-landgrab-fortress-house-rules-vs-landgrab-bastion');
    for (const f of ['compare.csv', 'report.json', 'difference.svg', 'index.html', 'headline.json'])
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    expect(readFileSync(path.join(dir, 'compare.csv'), 'utf8').split('\n')).toHaveLength(68);
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('href="compare-landgrab-fortress-house-rules-vs-landgrab-bastion/index.html"');
    expect(home).toContain(`B against A:</span> ${lines[0]}`);
  });

  it('refuses grids that do not match, or a file beside a folder, in one line, exit 2, writing nothing', async () => {
    const out = tempDir('battle-odds-compare-cli-');
    const r = await cli(['compare', A, 'scenarios/landgrab-sweep.json', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^battle-odds: error: scenarios\/landgrab-sweep\.json: sweep\.axes: its axes .* are not A's/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const mixed = await cli(['compare', A, out, '--out', out]);
    expect(mixed.code).toBe(2);
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
  });
});
