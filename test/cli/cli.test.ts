import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir, ROOT } from '../helpers/cli.js';

describe('battle-odds odds landgrab', () => {
  it('answers the question as JSON with the documented fields', () => {
    const r = cli([
      'odds',
      'landgrab',
      '--attackers',
      '4',
      '--defenders',
      '2',
      '--trials',
      '200000',
      '--seed',
      '1',
      '--exact',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.system).toBe('landgrab');
    expect(out.trials).toBe(200_000);
    expect(out.seed).toBe(1);
    expect(out.ci95[0]).toBeLessThan(out.pAttackerWins);
    expect(out.ci95[1]).toBeGreaterThan(out.pAttackerWins);
    expect(out.exact.pAttackerWins).toBeCloseTo(6610505 / 10077696, 12);
    expect(out.attackerLeft.mean).toBeGreaterThan(1);
    expect(out.attackerLeft.histogram.values).toEqual([1, 2, 3, 4]);
    expect(out.defenderLeft.histogram.counts.reduce((s: number, x: number) => s + x, 0)).toBe(200_000);
    // The exact value lies within the interval's reach (4.5 standard errors).
    const se = Math.sqrt((out.exact.pAttackerWins * (1 - out.exact.pAttackerWins)) / 200_000);
    expect(Math.abs(out.pAttackerWins - out.exact.pAttackerWins)).toBeLessThan(4.5 * se);
  });

  it('prints a readable table with percentages, not long decimals', () => {
    const r = cli(['odds', 'landgrab', '--attackers', '11', '--defenders', '10', '--fortress', '--trials', '100000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/P\(attacker conquers\)\s+\d+\.\d\d%\s+\[\d+\.\d\d%, \d+\.\d\d%\]/);
    expect(r.stdout).not.toMatch(/\d\.\d{5,}/);
  });

  it('explains the army-count convention in --help', () => {
    const r = cli(['odds', 'landgrab', '--help']);
    expect(r.code).toBe(0);
    // commander wraps help to the terminal width: compare with whitespace folded.
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'armies in the attacking territory (one must stay behind, so n - 1 may attack)',
    );
    expect(r.stdout).toContain('Examples:');
  });

  it('a chain takes per-step fortresses and leaders, and the exact solver sees them', () => {
    const plain = JSON.parse(
      cli(['odds', 'landgrab', '--attackers', '16', '--path', '3,4,2', '--exact-only', '--json']).stdout,
    );
    const marked = cli([
      'odds',
      'landgrab',
      '--attackers',
      '16',
      '--path',
      '3,4,2',
      '--fortresses',
      '2',
      '--leaders',
      '3',
      '--exact-only',
      '--json',
    ]);
    expect(marked.code, marked.stderr).toBe(0);
    const out = JSON.parse(marked.stdout);
    expect(out.label).toBe('16 in territory along path 3-4F-2L [F fortress, L leader]');
    expect(out.pAttackerWins).toBeLessThan(plain.pAttackerWins - 0.1);
  });

  it('says when --precision was not reached within the --trials cap', () => {
    const r = cli([
      'odds',
      'landgrab',
      '--attackers',
      '11',
      '--defenders',
      '10',
      '--precision',
      '0.001',
      '--trials',
      '200000',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.precision.target).toBe(0.001);
    expect(out.precision.met).toBe(false);
    expect(out.precision.halfWidth).toBeGreaterThan(0.001);
    const text = cli([
      'odds',
      'landgrab',
      '--attackers',
      '11',
      '--defenders',
      '10',
      '--precision',
      '0.001',
      '--trials',
      '200000',
    ]);
    expect(text.stdout).toMatch(
      /note: precision 0\.001 not reached: the 95% half-width is 0\.00\d+ after 200,000 trials/,
    );
  });

  it('--entry answers any battle type given inline as a scenario entry (a three-player battle)', () => {
    const entry = {
      type: 'multi',
      players: [
        { name: 'Blue', creatures: ['Ogre:2', '2x Archer:2R'], fort: 'keep' },
        { name: 'Red', creatures: ['Giant:4', 'Dragon:3*C'] },
        { name: 'Green', creatures: ['3x Orc:2'] },
      ],
    };
    const r = cli(['odds', 'kings-and-things', '--entry', JSON.stringify(entry), '--trials', '20000', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const holders = out.metrics.filter((m: { label: string }) => m.label.includes('ends holding the hex'));
    expect(holders).toHaveLength(3);
    expect(holders.reduce((sum: number, m: { estimate: number }) => sum + m.estimate, 0)).toBeCloseTo(1, 12);
    const mixed = cli(['odds', 'landgrab', '--entry', '{"attackers":5,"defenders":3}', '--fortress']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr.trim()).toBe(
      'battle-odds: error: odds landgrab: --entry: describes the whole battle; leave out --fortress',
    );
    const typo = cli(['odds', 'landgrab', '--entry', '{"attackers":5,"defenders":3,"fortres":true}']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--entry fortres: unknown key');
  });

  it('--exact-only answers without sampling', () => {
    const r = cli(['odds', 'landgrab', '--attackers', '101', '--defenders', '100', '--exact-only', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.method).toBe('exact');
    expect(out.trials).toBe(0);
    expect(out.pAttackerWins).toBeCloseTo(out.exact.pAttackerWins, 15);
  });
});

describe('battle-odds run', () => {
  it('writes summary and distribution CSVs, report.json and charts', () => {
    const out = tempDir();
    const r = cli(['run', 'scenarios/landgrab-fortress-assault.json', '--out', out, '--trials', '100000']);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(out, 'landgrab-fortress-assault');
    const files = readdirSync(dir).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'summary.csv',
        'distributions.csv',
        'report.json',
        'fortress.vl.json',
        'fortress.svg',
        'fortress.png',
      ]),
    );
    expect(files.some((f) => f.includes('.tmp-'))).toBe(false);
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
    const png = readFileSync(path.join(dir, 'fortress.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const svg = readFileSync(path.join(dir, 'fortress.svg'), 'utf8');
    expect(svg).toContain('fortress: outcome distribution');
  });

  it('gives byte-identical CSVs for --threads 1, --threads 2 and in-process', () => {
    const outputs = ['1', '2', '0'].map((threads) => {
      const out = tempDir();
      const r = cli([
        'run',
        'scenarios/landgrab-chain.json',
        '--out',
        out,
        '--threads',
        threads,
        '--trials',
        '400000',
        '--no-charts',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const dir = path.join(out, 'landgrab-chain');
      return ['summary.csv', 'distributions.csv'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
    });
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it('writes counts and trial numbers exactly in the CSVs (only fractions are rounded)', () => {
    const out = tempDir();
    const r = cli([
      'odds',
      'landgrab',
      '--attackers',
      '2',
      '--defenders',
      '1',
      '--trials',
      '1234567',
      '--out',
      out,
      '--threads',
      '0',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = readFileSync(path.join(out, 'summary.csv'), 'utf8').split('\n');
    const header = summary[0].split(',');
    expect(summary[1].split(',')[header.indexOf('trials')]).toBe('1234567');
    const rows = readFileSync(path.join(out, 'distributions.csv'), 'utf8').trim().split('\n');
    const columns = rows[0].split(',');
    const counts = rows
      .slice(1)
      .map((row) => row.split(','))
      .filter((cells) => cells[columns.indexOf('distribution')] === 'attackerLeft')
      .map((cells) => Number(cells[columns.indexOf('count')]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1234567);
  });

  it('gives byte-identical sweep CSVs for --threads 0, 1 and 2', () => {
    const outputs = ['0', '1', '2'].map((threads) => {
      const out = tempDir();
      const r = cli([
        'run',
        'scenarios/landgrab-fortress-house-rules.json',
        '--out',
        out,
        '--threads',
        threads,
        '--trials',
        '4000',
        '--no-charts',
      ]);
      expect(r.code, r.stderr).toBe(0);
      return readFileSync(path.join(out, 'landgrab-fortress-house-rules', 'sweep.csv'), 'utf8');
    });
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
  });

  it('renders chart text with the bundled font (the PNG is not blank of text)', () => {
    const out = tempDir();
    const r = cli(['run', 'scenarios/landgrab-capitol.json', '--out', out, '--trials', '20000']);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(path.join(out, 'landgrab-capitol', 'capitol-with-leader.svg'), 'utf8');
    expect(svg).toContain('font-family="DejaVu Sans');
  });

  it('publishes a JSON Schema that matches the validators', () => {
    const r = cli(['schema']);
    expect(r.code).toBe(0);
    const committed = readFileSync(path.join(ROOT, 'schema/scenario.schema.json'), 'utf8');
    expect(r.stdout).toBe(committed);
  });
});

describe('reinforcements', () => {
  it('computes max(3, floor(t / 3)) + bonuses', () => {
    const r = cli(['reinforcements', '--territories', '14', '--continent-bonus', '2,5']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('11');
  });
});

describe('sweeps and the HTML report', () => {
  it('a bundled sweep writes sweep.csv, heatmaps and a self-contained index.html', () => {
    const out = tempDir();
    const r = cli(['run', 'scenarios/landgrab-fortress-house-rules.json', '--out', out, '--trials', '5000']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /minus fortress \+1: -[\d.]+ \.\. -?[\d.]+ percentage points \(paired 95% half-width <= [\d.]+; unpaired would be [\d.]+\)/,
    );
    const dir = path.join(out, 'landgrab-fortress-house-rules');
    const files = readdirSync(dir);
    expect(files).toEqual(
      expect.arrayContaining([
        'sweep.csv',
        'index.html',
        'report.json',
        'sweep-fortress-1.png',
        'delta-fortress-2.png',
        'delta-fortress-2.vl.json',
      ]),
    );
    const csv = readFileSync(path.join(dir, 'sweep.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(1 + 11 * 6);
    expect(csv[0]).toContain('fortress_2_minus_fortress_1_ci_low');
    expect(csv[0]).toContain('fortress_2_minus_fortress_1_unpaired_ci_low');
    expect(csv[0]).toContain('fortress_1_exact');
    const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('landgrab-fortress-house-rules');
    expect(html).toContain('battle-odds version');
    // Works offline: no scripts, stylesheets or images fetched from anywhere.
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });

  it('--exact-only runs a sweep exactly and the report says so', () => {
    const out = tempDir();
    const r = cli(['run', 'scenarios/landgrab-sweep.json', '--out', out, '--exact-only', '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(path.join(out, 'landgrab-sweep', 'sweep.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(csv[1].split(',')[3]).toBe('exact');
    expect(readFileSync(path.join(out, 'landgrab-sweep', 'index.html'), 'utf8')).toContain('all exact');
  });
});

describe('Ctrl-C', () => {
  it('stops at a chunk boundary, writes what finished marked partial, and exits 130', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../helpers/cli.js');
    const out = tempDir();
    const child = spawn(process.execPath, [
      BIN,
      'odds',
      'landgrab',
      '--attackers',
      '50',
      '--defenders',
      '50',
      '--trials',
      '1e9',
      '--threads',
      '2',
      '--json',
      '--out',
      out,
    ]);
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    // Interrupt once the first chunks are surely running (a 1e9-trial job takes far longer).
    setTimeout(() => child.kill('SIGINT'), 1500);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    const result = JSON.parse(stdout);
    expect(result.partial).toBe(true);
    expect(result.trials).toBeGreaterThan(0);
    expect(result.trials % 1_000_000).toBe(0); // whole chunks only
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    expect(report.partial).toBe(true);
  });
});
