/**
 * The results home, `<out>/index.html`: every scenario folder of the results folder with its
 * headline answers and a link, this run's and earlier runs', written whole, never over a page
 * battle-odds did not write; and a sweep's report.json kept compact (its cells' every metric
 * is in sweep.csv). The run's last line is the path to open.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import type { ScenarioReport } from '../../src/core/model/report.js';
import { runScenario } from '../../src/index.js';

const small = (name: string, label: string) => ({
  name,
  description: `a <b>small</b> scenario called ${name}`,
  system: 'landgrab',
  battles: [{ label, attackers: 11, defenders: 10, fortress: true }],
});

describe('the results home', () => {
  it('lists this run and earlier runs, each linked to its page, and ends with the path to open', async () => {
    const dir = tempDir('battle-odds-home-');
    const out = path.join(dir, 'results');
    for (const s of [small('first-one', 'eleven on ten'), small('second-one', 'again')])
      writeFileSync(path.join(dir, `${s.name}.json`), JSON.stringify(s));
    const first = await cli(['run', path.join(dir, 'first-one.json'), '--out', out, '--no-charts', '--brief']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Open ${path.join(out, 'index.html')}: every scenario in the folder (1 scenario from this run), ` +
        'each linked to its page',
    );
    const second = await cli(['run', path.join(dir, 'second-one.json'), '--out', out, '--no-charts', '--brief']);
    expect(second.code, second.stderr).toBe(0);
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    // Both scenarios, each linked, the earlier one marked; the answer is the verdict's first line.
    expect(home).toContain('<a href="first-one/index.html">first-one</a>');
    expect(home).toContain('<a href="second-one/index.html">second-one</a>');
    expect(home).toContain('2 scenarios: 1 from the latest run, 1 from earlier runs still in the folder');
    expect(home.indexOf('an earlier run')).toBeGreaterThan(home.indexOf('first-one'));
    expect(home.indexOf('an earlier run')).toBeLessThan(home.indexOf('second-one/index.html'));
    expect(home).toContain('eleven on ten:</span> Hold back: you take the territory 26.7% of the time');
    // User text is escaped; nothing is fetched.
    expect(home).toContain('a &lt;b&gt;small&lt;/b&gt; scenario');
    expect(home).not.toMatch(/<script|src="http|href="http/);
    // Written whole: no temporary file or lock left beside it.
    expect(readdirSync(out).sort()).toEqual(['first-one', 'index.html', 'second-one']);
  });

  it('leaves alone an index.html it did not write (unless --force), and a folder without headline.json', async () => {
    const out = tempDir('battle-odds-home-');
    writeFileSync(path.join(out, 'index.html'), '<p>my own page</p>');
    // A results folder from an older battle-odds: the marker but no headline.json; and a broken one.
    mkdirSync(path.join(out, 'older'));
    writeFileSync(path.join(out, 'older', '.battle-odds-results'), 'x');
    mkdirSync(path.join(out, 'broken'));
    writeFileSync(path.join(out, 'broken', '.battle-odds-results'), 'x');
    writeFileSync(path.join(out, 'broken', 'headline.json'), '{"format": "battle-odds-headline/1", "scenario": 3}');
    const run = ['run', 'scenarios/landgrab-chain.json', '--out', out, '--no-charts', '--brief', '--trials', '2000'];
    const kept = await cli(run);
    expect(kept.code, kept.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('<p>my own page</p>');
    expect(kept.stdout).toContain(`${path.join(out, 'index.html')} not written (a file battle-odds did not write`);
    const forced = await cli([...run, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('<a href="landgrab-chain/index.html">');
    for (const folder of ['older', 'broken'])
      expect(home).toContain(`<a href="${folder}/index.html">${folder}</a></h2><p class="how">no headline.json`);
  });

  it('a run that writes nothing (bad input) leaves the home as it was', async () => {
    const out = tempDir('battle-odds-home-');
    const bad = path.join(out, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...small('bad', 'x'), battles: [{ attackers: 0, defenders: 1 }] }));
    const r = await cli(['run', bad, '--out', path.join(out, 'results')]);
    expect(r.code).toBe(2);
    expect(existsSync(path.join(out, 'results'))).toBe(false);
  });
});

describe("a sweep's report.json", () => {
  it("holds each cell's headline on one line; sweep.csv has every metric of every cell", async () => {
    const out = tempDir('battle-odds-compact-');
    const r = await cli(['run', 'scenarios/landgrab-fortress-house-rules.json', '--out', out, '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(out, 'landgrab-fortress-house-rules');
    const text = readFileSync(path.join(dir, 'report.json'), 'utf8');
    const report = JSON.parse(text) as ScenarioReport;
    const sweep = report.sweep!;
    expect(sweep.detail).toBe('sweep.csv');
    expect(sweep.cells.length).toBeGreaterThan(10);
    for (const cell of sweep.cells) {
      expect(cell.variants.map((v) => v.metrics.map((m) => m.key))).toEqual(
        sweep.variants.map(() => ['pAttackerWins']),
      );
      expect(text).toContain(`\n      ${JSON.stringify(cell)}`);
    }
    // The library's report holds every metric; sweep.csv has a column for each of them.
    const full = await runScenario('scenarios/landgrab-fortress-house-rules.json');
    const header = readFileSync(path.join(dir, 'sweep.csv'), 'utf8').split('\n')[0].split(',');
    const keys = full.sweep!.cells[0].variants[0].metrics.map((m) => m.key);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(header).toContain(`fortress_1_${key}`);
    expect(full.sweep!.cells.map((c) => c.variants.map((v) => v.metrics[0]))).toEqual(
      sweep.cells.map((c) => c.variants.map((v) => v.metrics[0])),
    );
  });
});
