import { describe, expect, it } from 'vitest';
import { odds } from '../../src/index.js';
import { checkClaims, resolveRef } from './checkClaims.js';
import type { BattleReport } from '../../src/core/model/report.js';

const ask = () =>
  odds('landgrab', { type: 'battle', attackers: 12, defenders: 8, fortress: true }, { question: { advise: true } });

const copy = (r: BattleReport): BattleReport => structuredClone(r);

describe('checkClaims', () => {
  it('finds nothing wrong with a true verdict', async () => {
    expect(checkClaims(await ask())).toEqual([]);
  });

  it('catches a sentence whose number no longer matches the value it names', async () => {
    const r = copy(await ask());
    r.metrics[0].exact = 0.6; // the headline changed; the sentence still says 53.1%
    expect(checkClaims(r).join('\n')).toMatch(/metric.pAttackerWins is 60.0%.*says 53.1%/);
  });

  it('catches a number that names no value', async () => {
    const r = copy(await ask());
    r.verdict[1] += ' Up to 5000 armies.';
    expect(checkClaims(r)).toContain('line 2: the number 5000 names no value');
  });

  it('catches a recommendation word that disagrees with the chance it is read from', async () => {
    const r = copy(await ask());
    r.verdict[0] = r.verdict[0].replace(/^A gamble:/, 'Attack:');
    const problems = checkClaims(r).join('\n');
    expect(problems).toMatch(/does not open with 'A gamble:'/);
    r.decisions!.recommendation!.word = 'Attack';
    expect(checkClaims(r).join('\n')).toMatch(/reads 'A gamble'/);
  });

  it('catches an objective recommendation against the rule it follows', async () => {
    const r = await odds(
      'landgrab',
      { type: 'battle', attackers: 5, defenders: 8 },
      { question: { advise: true, objective: 'value', territoryWorth: 3 } },
    );
    expect(r.verdict[0]).toMatch(/^Hold back:/);
    expect(r.decisions?.stopRule?.attacks).toBe(false);
    const tampered = copy(r);
    tampered.decisions!.stopRule!.attacks = true;
    expect(checkClaims(tampered).join('\n')).toMatch(/rule attacks, the verdict says 'Hold back'/);
  });

  it('resolves refs into metrics, intervals, decisions, the entry and constants', async () => {
    const r = await odds(
      'landgrab',
      { type: 'battle', attackers: 12, defenders: 8 },
      { method: 'sample', trials: 5000 },
    );
    expect(resolveRef(r, 'metric.pAttackerWins')).toEqual({ value: r.metrics[0].estimate, sampled: true });
    expect(resolveRef(r, 'metric.pAttackerWins.low')).toEqual({ value: r.metrics[0].ci95![0], sampled: false });
    expect(resolveRef(r, 'entry.attackers')).toEqual({ value: 12, sampled: false });
    expect(resolveRef(r, 'const.confidence')).toEqual({ value: 0.95, sampled: false });
    expect(resolveRef(r, 'decisions.needed.count')).toMatch(/leads nowhere|not a value/);
    expect(resolveRef(r, 'metric.nope')).toBe("no metric 'nope'");
  });
});
