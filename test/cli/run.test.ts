/** `battle-odds run`: scenario files to a results folder, in-process as the binary would. */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir, ROOT } from '../helpers/cli.js';
import type { ScenarioReport } from '../../src/core/model/report.js';

describe('battle-odds run', () => {
  it('writes summary and distribution CSVs, report.json and the page, nothing left over', async () => {
    const out = tempDir();
    const r = await cli([
      'run',
      'scenarios/landgrab-fortress-assault.json',
      '--out',
      out,
      '--sample',
      '--trials',
      '100000',
      '--no-charts',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(out, 'landgrab-fortress-assault');
    const files = readdirSync(dir).sort();
    expect(files).toEqual(expect.arrayContaining(['summary.csv', 'distributions.csv', 'report.json', 'index.html']));
    // No staging folder or lock left behind: the scenario's folder and the results home.
    expect(readdirSync(out).sort()).toEqual(['index.html', 'landgrab-fortress-assault']);
    const summary = readFileSync(path.join(dir, 'summary.csv'), 'utf8').trim().split('\n');
    expect(summary).toHaveLength(5); // header + 4 battles
    // Each row says what was fought: the entry's fields as columns.
    const header = summary[0].split(',');
    const fortressRow = summary.find((line) => line.split(',')[1] === 'fortress')!.split(',');
    expect(fortressRow[header.indexOf('attackers')]).toBe('12');
    expect(fortressRow[header.indexOf('defenders')]).toBe('8');
    expect(fortressRow[header.indexOf('fortress')]).toBe('true');
    expect(fortressRow[header.indexOf('defendingLeader')]).toBe('false');
    expect(summary[0]).toContain('pAttackerWins,pAttackerWins_ci_low,pAttackerWins_ci_high,pAttackerWins_exact');
    // No float noise in CSV cells: at most 6 significant digits.
    expect(summary.join('\n')).not.toMatch(/\d\.\d{7,}/);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as ScenarioReport;
    expect(report.format).toBe('battle-odds-report/1');
    expect(report.battles.map((b) => b.metrics[0].key)).toEqual(report.battles.map((b) => b.headline));
  });

  it('run --json prints a list of the same reports report.json holds', async () => {
    const out = tempDir();
    const r = await cli([
      'run',
      'scenarios/landgrab-chain.json',
      '--out',
      out,
      '--trials',
      '20000',
      '--no-charts',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as ScenarioReport[];
    const written = JSON.parse(readFileSync(path.join(out, 'landgrab-chain', 'report.json'), 'utf8')) as ScenarioReport;
    expect(printed).toHaveLength(1);
    const { elapsedMs: _a, startedAt: _b, ...printedRest } = printed[0];
    const { elapsedMs: _c, startedAt: _d, ...writtenRest } = written;
    expect(printedRest.battles.map((b) => b.metrics)).toEqual(writtenRest.battles.map((b) => b.metrics));
  });

  it('gives byte-identical CSVs for --threads 1, --threads 2 and in-process', async () => {
    const outputs: string[][] = [];
    // 11 chunks of the smallest size, the last of one trial: two threads share them unevenly.
    for (const threads of ['1', '2', '0']) {
      const out = tempDir();
      const args = ['run', 'scenarios/landgrab-chain.json', '--out', out, '--threads', threads, '--trials', '100001'];
      const r = await cli([...args, '--sample', '--no-charts']);
      expect(r.code, r.stderr).toBe(0);
      const dir = path.join(out, 'landgrab-chain');
      outputs.push(['summary.csv', 'distributions.csv'].map((f) => readFileSync(path.join(dir, f), 'utf8')));
    }
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it('gives byte-identical sweep CSVs for --threads 0, 1 and 2', async () => {
    const outputs: string[] = [];
    for (const threads of ['0', '1', '2']) {
      const out = tempDir();
      const args = ['run', 'scenarios/landgrab-fortress-house-rules.json', '--out', out, '--threads', threads];
      const r = await cli([...args, '--sample', '--trials', '4000', '--no-charts']);
      expect(r.code, r.stderr).toBe(0);
      outputs.push(readFileSync(path.join(out, 'landgrab-fortress-house-rules', 'sweep.csv'), 'utf8'));
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
  });

  it('publishes JSON Schemas of scenario files and of reports that match the validators', async () => {
    const scenario = await cli(['schema']);
    expect(scenario.code).toBe(0);
    expect(scenario.stdout).toBe(readFileSync(path.join(ROOT, 'schema/scenario.schema.json'), 'utf8'));
    const report = await cli(['schema', '--report']);
    expect(report.code).toBe(0);
    expect(report.stdout).toBe(readFileSync(path.join(ROOT, 'schema/report.schema.json'), 'utf8'));
  });
});

describe('sweeps and the HTML report', () => {
  it('a bundled sweep writes sweep.csv, paired differences, thresholds and a self-contained index.html', async () => {
    const out = tempDir();
    const r = await cli([
      'run',
      'scenarios/landgrab-fortress-house-rules.json',
      '--out',
      out,
      '--sample',
      '--trials',
      '5000',
      '--no-charts',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/minus fortress \+1: -[\d.]+ \.\. -?[\d.]+ percentage points/);
    expect(r.stdout).toMatch(/\(paired 95% half-width <= [\d.]+; unpaired would be [\d.]+\)/);
    const dir = path.join(out, 'landgrab-fortress-house-rules');
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining(['sweep.csv', 'thresholds.csv', 'index.html', 'report.json']),
    );
    const csv = readFileSync(path.join(dir, 'sweep.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(1 + 11 * 6);
    expect(csv[0]).toContain('fortress_2_minus_fortress_1_ci_low');
    expect(csv[0]).toContain('fortress_2_minus_fortress_1_unpaired_ci_low');
    expect(csv[0]).toContain('fortress_1_pAttackerWins_exact');
    const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(html).toContain('landgrab-fortress-house-rules');
    expect(html).toContain('battle-odds version');
    // Works offline: no scripts, stylesheets or images fetched from anywhere.
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });

  it('--exact-only runs a sweep exactly and the report says so', async () => {
    const out = tempDir();
    const r = await cli(['run', 'scenarios/landgrab-sweep.json', '--out', out, '--exact-only', '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(path.join(out, 'landgrab-sweep', 'sweep.csv'), 'utf8')
      .trim()
      .split('\n');
    const header = csv[0].split(',');
    expect(csv[1].split(',')[header.indexOf('method')]).toBe('exact');
    expect(readFileSync(path.join(out, 'landgrab-sweep', 'index.html'), 'utf8')).toContain('all exact');
  });
});
