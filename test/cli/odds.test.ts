/** `battle-odds odds <system>`: one question from flags, answered in-process as the binary would. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';
import type { BattleReport, Metric, ScenarioReport } from '../../src/core/model/report.js';

const metric = (r: BattleReport, key: string) => r.metrics.find((m) => m.key === key) as Metric;

describe('battle-odds odds landgrab', () => {
  it('answers as JSON in the one report shape, headline first, exact beside the estimate', async () => {
    const args = ['--attackers', '4', '--defenders', '2', '--sample', '--trials', '200000', '--seed', '1', '--json'];
    const r = await cli(['odds', 'landgrab', ...args]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as ScenarioReport;
    expect(out.format).toBe('battle-odds-report/1');
    expect(out.file).toBeNull();
    const [battle] = out.battles;
    expect(battle.system).toBe('landgrab');
    expect(battle.trials).toBe(200_000);
    expect(battle.seed).toBe(1);
    expect(battle.headline).toBe('pAttackerWins');
    const win = battle.metrics[0];
    expect(win.key).toBe('pAttackerWins');
    expect(win.ci95![0]).toBeLessThan(win.estimate);
    expect(win.ci95![1]).toBeGreaterThan(win.estimate);
    expect(win.exact).toBeCloseTo(6610505 / 10077696, 12);
    // The exact value lies within the estimate's reach (4.5 standard errors).
    const se = Math.sqrt((win.exact! * (1 - win.exact!)) / 200_000);
    expect(Math.abs(win.estimate - win.exact!)).toBeLessThan(4.5 * se);
    // odds --json carries the distributions too (the same report as report.json).
    const left = battle.distributions.find((d) => d.key === 'attackerLeft')!;
    expect(left.values).toEqual([1, 2, 3, 4]);
    const defenders = battle.distributions.find((d) => d.key === 'defenderLeft')!;
    expect(defenders.counts.reduce((s, x) => s + x, 0)).toBe(200_000);
    expect(metric(battle, 'attackerLeft').estimate).toBeGreaterThan(1);
    // A sampled answer's verdict quotes the estimate the table shows (with its interval), not the exact value.
    const said = `${(win.estimate * 100).toFixed(1)}% of the time (95% interval ${(win.ci95![0] * 100).toFixed(1)}%`;
    expect(battle.verdict[0]).toContain(`Attack: you take the territory ${said}`);
  });

  it('answers exactly by default, and by Monte Carlo with --sample', async () => {
    const exact = await cli(['odds', 'landgrab', '--attackers', '11', '--defenders', '10', '--fortress']);
    expect(exact.code).toBe(0);
    expect(exact.stdout.split('\n')[0]).toMatch(/\(landgrab battle; exact\)$/);
    expect(exact.stdout).toMatch(/P\(attacker conquers\)\s+26\.68%/);
    const sampled = await cli(['odds', 'landgrab', '--attackers', '11', '--defenders', '10', '--fortress', '--sample']);
    expect(sampled.stdout.split('\n')[0]).toContain('1,000,000 trials');
  });

  it('prints the verdict first, then a readable table with percentages, not long decimals', async () => {
    const args = ['--attackers', '11', '--defenders', '10', '--fortress', '--sample', '--trials', '100000'];
    const r = await cli(['odds', 'landgrab', ...args]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    // The verdict quotes the estimate the table shows (the exact value beside it is a check, not the answer).
    const table = Number(/P\(attacker conquers\)\s+(\d+\.\d\d)%/.exec(r.stdout)![1]);
    const said = /^ {2}Hold back: you take the territory (\d+\.\d)% of the time \(95% interval/.exec(lines[1]);
    expect(said).not.toBeNull();
    expect(Math.abs(Number(said![1]) - table)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(r.stdout).toMatch(/P\(attacker conquers\)\s+\d+\.\d\d%\s+\[\d+\.\d\d%, \d+\.\d\d%\]/);
    expect(r.stdout).not.toMatch(/\d\.\d{5,}/);
  });

  it('explains the army-count convention in --help', async () => {
    const r = await cli(['odds', 'landgrab', '--help']);
    expect(r.code).toBe(0);
    // commander wraps help to the terminal width: compare with whitespace folded.
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'armies in the attacking territory (one must stay behind, so n - 1 may attack)',
    );
    expect(r.stdout).toContain('Examples:');
  });

  it('a chain takes per-step fortresses and leaders, and the exact solver sees them', async () => {
    const chain = ['odds', 'landgrab', '--attackers', '16', '--path', '3,4,2'];
    const plain = JSON.parse((await cli([...chain, '--exact-only', '--json'])).stdout) as ScenarioReport;
    const marked = await cli([...chain, '--fortresses', '2', '--leaders', '3', '--exact-only', '--json']);
    expect(marked.code, marked.stderr).toBe(0);
    const [battle] = (JSON.parse(marked.stdout) as ScenarioReport).battles;
    expect(battle.label).toBe('16 in territory along path 3-4F-2L [F fortress, L leader]');
    expect(battle.metrics[0].exact!).toBeLessThan(plain.battles[0].metrics[0].exact! - 0.1);
  });

  it('says when --precision was not reached within the --trials cap, about the headline', async () => {
    const args = [
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
    ];
    const r = await cli([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [battle] = (JSON.parse(r.stdout) as ScenarioReport).battles;
    expect(battle.precision).toMatchObject({ target: 0.001, met: false });
    // The half-width reported is the printed headline's own.
    const [low, high] = battle.metrics[0].ci95!;
    expect(battle.precision!.halfWidth).toBeCloseTo((high - low) / 2, 12);
    const text = await cli(args);
    expect(text.stdout).toMatch(
      /note: precision 0\.001 not reached: the 95% half-width is 0\.00\d+ after 200,000 trials/,
    );
  });

  it('--entry answers a battle given inline; mixing it with flags or a typo is refused', async () => {
    const r = await cli([
      'odds',
      'landgrab',
      '--entry',
      '{"type":"chain","attackers":9,"path":[{"defenders":2}]}',
      '--exact-only',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as ScenarioReport).battles[0].type).toBe('chain');
    const mixed = await cli(['odds', 'landgrab', '--entry', '{"attackers":5,"defenders":3}', '--fortress']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr.trim()).toBe(
      'battle-odds: error: odds landgrab: --entry: describes the whole battle; leave out --fortress',
    );
    const typo = await cli(['odds', 'landgrab', '--entry', '{"attackers":5,"defenders":3,"fortres":true}']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--entry fortres: unknown key');
  });

  it('--exact-only answers without sampling', async () => {
    const r = await cli(['odds', 'landgrab', '--attackers', '101', '--defenders', '100', '--exact-only', '--json']);
    expect(r.code).toBe(0);
    const [battle] = (JSON.parse(r.stdout) as ScenarioReport).battles;
    expect(battle.method).toBe('exact');
    expect(battle.trials).toBe(0);
    expect(battle.kernel).toBeNull();
    expect(battle.metrics[0].estimate).toBe(battle.metrics[0].exact);
    expect(battle.metrics[0].ci95).toBeUndefined();
  });

  it('--out writes the same files as a run, counts exact in the CSVs', async () => {
    const out = tempDir();
    const args = [
      '--attackers',
      '2',
      '--defenders',
      '1',
      '--sample',
      '--trials',
      '1234567',
      '--threads',
      '0',
      '--no-charts',
    ];
    const r = await cli(['odds', 'landgrab', ...args, '--out', out]);
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
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as ScenarioReport;
    expect(report.battles[0].metrics[0].key).toBe('pAttackerWins');
  });
});

describe('reinforcements (a LandGrab command)', () => {
  it('computes max(3, floor(t / 3)) + bonuses', async () => {
    const r = await cli(['reinforcements', '--territories', '14', '--continent-bonus', '2,5']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('11');
  });
});

describe('--objective: what the stop rule optimises (LandGrab)', () => {
  const attack = ['landgrab', '--attackers', '20', '--defenders', '10', '--exact-only'];

  it('should-i-attack --objective conquest says fighting to the end is optimal', async () => {
    const r = await cli(['should-i-attack', ...attack, '--objective', 'conquest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '  Stop rule for the best chance of taking the territory: fight to the end; that is optimal, no stop rule ' +
        'takes it more often than 96.5% of the time (it keeps 11.7 armies on average).\n',
    );
  });

  it('should-i-attack --objective value --territory-worth 10: the rule, its gain, and the table', async () => {
    const r = await cli(['should-i-attack', ...attack, '--objective', 'value', '--territory-worth', '10']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '  Stop rule for the most value (armies kept + 10 per territory taken): break off at (your armies vs their ' +
        'defenders) 2 vs 4+, 3 vs 5+, 4 vs 6+, 5 vs 7+, 6 vs 8+, 9 vs 9+, ... (table).\n' +
        '  It is worth 21.41 on average (+0.03): it takes it 95.8% of the time and keeps 11.8 armies; fighting to ' +
        'the end is worth 21.38 (it takes it 96.5% of the time and keeps 11.7 armies).\n',
    );
    expect(r.stdout).toMatch(/Stop rule for the most value \(armies kept \+ 10 per territory taken\): break off with/);
    expect(r.stdout).toMatch(/\n {2}12 +10 or more\n/);
  });

  it('odds --advise --objective value on a chain (--path), and the default objective unchanged', async () => {
    const chain = ['landgrab', '--attackers', '20', '--path', '3,4,2', '--fortresses', '2', '--exact-only'];
    const r = await cli(['odds', ...chain, '--advise', '--objective', 'value', '--territory-worth', '4']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Stop rule for the most value (armies kept + 4 per territory taken): break off at');
    expect(r.stdout).toContain('territory 1: 2 vs 3+, territory 2: 2 vs 2+');
    const named = await cli(['should-i-attack', ...attack, '--objective', 'armies']);
    const plain = await cli(['should-i-attack', ...attack]);
    expect(named.stdout).toBe(plain.stdout);
    expect(plain.stdout).toContain('Stop rule for at least 80% while keeping the most armies: break off at');
  });

  it.each([
    [['odds', ...attack, '--objective', 'conquest'], 'odds landgrab: --objective: applies only with --advise'],
    [
      ['should-i-attack', ...attack, '--objective', 'value'],
      // The command as typed, not the odds command it shares its code with.
      'should-i-attack landgrab: --territory-worth: is required with --objective value',
    ],
    [
      ['should-i-attack', ...attack, '--territory-worth', '5'],
      'should-i-attack landgrab: --territory-worth: applies only with --objective value',
    ],
    [['should-i-attack', 'landgrab', '--attackers', '1', '--defenders', '3'], 'should-i-attack landgrab: --attackers:'],
    [
      ['should-i-attack', ...attack, '--objective', 'most'],
      "argument 'most' is invalid. Allowed choices are armies, conquest, value",
    ],
    [
      ['should-i-attack', ...attack, '--objective', 'value', '--territory-worth', 'x'],
      "argument 'x' is invalid. must be a number of armies, 0 or more",
    ],
    [
      ['should-i-attack', 'princes-and-queens', '--distance', '2', '--objective', 'conquest'],
      "unknown option '--objective'",
    ],
  ])('%j is refused with one line naming the flag', async (args, message) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('is offered only where the system has objectives, and explained in --help', async () => {
    const help = await cli(['should-i-attack', 'landgrab', '--help']);
    expect(help.stdout).toMatch(/--objective <name>/);
    expect(help.stdout).toMatch(/--territory-worth <w>/);
    const other = await cli(['should-i-attack', 'princes-and-queens', '--help']);
    expect(other.stdout).not.toMatch(/--objective/);
  });
});
