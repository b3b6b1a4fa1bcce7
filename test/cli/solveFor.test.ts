/**
 * --solve-for: the answer, its curve and its files on the built binary; the rest in process (the
 * same program, without a process start each): a knob the battle does not have, and one along
 * which the chance turns (refused, the curve printed), exit 2.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { binary, cli, tempDir } from '../helpers/cli.js';
import type { ScenarioReport } from '../../src/core/model/report.js';

const FORTRESS = ['landgrab', '--attackers', '12', '--defenders', '8', '--fortress'];

describe('--solve-for', () => {
  it('answers with the curve around the answer, and writes its chart and decision (the built binary)', () => {
    const out = path.join(tempDir(), 'fair');
    const r = binary(['odds', ...FORTRESS, '--solve-for', 'fortressBonus', '--target', '0.5', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('12 in territory vs 8 (fortress); solved: fortressBonus = 1  (landgrab battle; exact)');
    expect(lines[1]).toBe(
      '  Solved for fortressBonus: 1 is the largest value at which P(attacker conquers) is at least 50%: 53.1%; ' +
        'at 2 it is 26.9%.',
    );
    expect(r.stdout).toMatch(/fortressBonus\s+P\(attacker conquers\)\s+at least 50%/);
    expect(r.stdout).toMatch(/\n\s+2\s+26\.91%\s+no\n/);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as ScenarioReport;
    expect(report.battles[0].decisions?.solvedFor).toMatchObject({ field: 'fortressBonus', value: { value: 1 } });
    expect(existsSync(path.join(out, `${report.battles[0].file}.solved-for.vl.json`))).toBe(true);
  });

  it('should-i-attack solves by the flag name too, and advises at the answer', async () => {
    const r = await cli([
      'should-i-attack',
      'landgrab',
      '--attackers',
      '18',
      '--defenders',
      '8',
      '--solve-for',
      '--stop-at',
      '--target',
      '0.7',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /Solved for stopAt: \d+ is the largest value at which P\(attacker conquers\) is at least 70%/,
    );
    expect(r.stdout).toContain('Stop rule');
  });

  it('refuses a field the battle does not have, listing the fields, exit 2', async () => {
    const r = await cli(['odds', ...FORTRESS, '--solve-for', 'fortres', '--target', '0.5']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^battle-odds: error: odds landgrab: --solve-for: 'fortres' is not a field of this battle; /,
    );
    expect(r.stderr).toContain("this battle's numeric fields: attackers, stopAt, ");
    expect(r.stdout).toBe('');
  });

  it('refuses a knob along which the chance turns, naming it, after printing the curve', async () => {
    const r = await cli(['odds', ...FORTRESS, '--defending-leader', '--solve-for', 'defenderDice', '--target', '0.2']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/defenderDice\s+P\(attacker conquers\)/);
    expect(lines.length).toBeGreaterThan(3);
    const refusal =
      "battle-odds: error: odds landgrab: --solve-for: P(attacker conquers) does not move one way along 'defenderDice'";
    expect(lines[lines.length - 1].startsWith(refusal)).toBe(true);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to shard a solve that samples, in one line, writing no part', async () => {
    const out = path.join(tempDir('battle-odds-solve-shard-'), 'part');
    const scenario = path.join('scenarios', 'landgrab-fair-fortress.json');
    const r = await cli(['run', scenario, '--sample', '--trials', '2000', '--shard', '0/2', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^battle-odds: error: run --shard: --shard: a solve that samples .* cannot be sharded/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // The shard's folder (claimed before any simulation) holds no part.
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('run --solve-for names the flag in its refusal, writing nothing', async () => {
    const out = path.join(tempDir('battle-odds-solve-run-'), 'results');
    const r = await cli(['run', path.join('scenarios', 'landgrab-chain.json'), '--solve-for', 'bogus', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^battle-odds: error: scenarios\/landgrab-chain\.json: --solve-for: 'bogus' is not a field/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
