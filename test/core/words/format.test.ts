import { describe, expect, it } from 'vitest';
import { ofTheTime, percent, percentShort, sampledOnly } from '../../../src/core/words/format.js';
import type { Metric } from '../../../src/core/model/report.js';
import { cli } from '../../helpers/cli.js';

const probability = (estimate: number, more: Partial<Metric> = {}): Metric =>
  ({ key: 'p', label: 'P(x)', kind: 'probability', estimate, ...more }) as Metric;

describe('percent: an uncertain probability never prints as certain', () => {
  it('prints two decimals, and exact 0 and 1 as 0.00% and 100.00%', () => {
    expect(percent(0.5676)).toBe('56.76%');
    expect(percent(0)).toBe('0.00%');
    expect(percent(1)).toBe('100.00%');
    expect(percent(Number.NaN)).toBe('-');
  });

  it('a value that would round to 0.00% or 100.00% prints as a bound', () => {
    expect(percent(0.99996)).toBe('>99.99%');
    expect(percent(1 - 1e-12)).toBe('>99.99%');
    expect(percent(0.00004)).toBe('<0.01%');
    expect(percent(1e-12)).toBe('<0.01%');
    // Not near the ends: rounded as usual.
    expect(percent(0.99994)).toBe('99.99%');
    expect(percent(0.00006)).toBe('0.01%');
  });

  it('a sampled 0 or 1 (every trial, or none) is not certain either', () => {
    expect(percent(1, true)).toBe('>99.99%');
    expect(percent(0, true)).toBe('<0.01%');
    expect(percent(0.5, true)).toBe('50.00%');
  });

  it('percentShort: one decimal, "over 99.9%" / "under 0.1%" unless certain', () => {
    expect(percentShort(0.736)).toBe('73.6%');
    expect(percentShort(1)).toBe('100.0%');
    expect(percentShort(0)).toBe('0.0%');
    expect(percentShort(0.99996)).toBe('over 99.9%');
    expect(percentShort(0.0004)).toBe('under 0.1%');
    expect(percentShort(1, true)).toBe('over 99.9%');
    expect(percentShort(0, true)).toBe('under 0.1%');
  });
});

describe('sampledOnly: a shown value is a sampled frequency with no exact value behind it', () => {
  it('an estimate with an interval and no exact is sampled only', () => {
    expect(sampledOnly(probability(1, { ci95: [0.99998, 1] }))).toBe(true);
  });

  it('an exact value shown (solved, or the exact beside a sample that agrees) is not', () => {
    expect(sampledOnly(probability(1, { exact: 1 }))).toBe(false);
    expect(sampledOnly(probability(1, { exact: 1, ci95: [0.99998, 1] }))).toBe(false);
  });

  it('a sampled estimate that differs from the exact beside it is', () => {
    const m = probability(1, { exact: 0.999999, ci95: [0.99998, 1] });
    expect(sampledOnly(m, m.estimate)).toBe(true);
    expect(sampledOnly(m)).toBe(false);
  });

  it('ofTheTime writes a sampled certainty as a bound, an exact one as it is', () => {
    expect(ofTheTime(probability(1, { ci95: [0.99998, 1] }))).toBe(
      'over 99.9% of the time (95% interval over 99.9% to 100.0%)',
    );
    expect(ofTheTime(probability(1, { exact: 1 }))).toBe('100.0% of the time');
  });
});

describe('the terminal table: a sampled near-certainty is never shown as 100.00%', () => {
  it('30 against 1, sampled: every trial conquers, yet the estimate reads >99.99% (the exact is <1 too)', async () => {
    const r = await cli(['odds', 'landgrab', '--attackers', '30', '--defenders', '1', '--sample', '--trials', '20000']);
    expect(r.code, r.stderr).toBe(0);
    const row = r.stdout.split('\n').find((line) => line.startsWith('P(attacker conquers)'))!;
    expect(row.trim().split(/\s{2,}/)).toEqual(['P(attacker conquers)', '>99.99%', '[99.98%, 100.00%]', '>99.99%']);
    const holds = r.stdout.split('\n').find((line) => line.startsWith('P(defender holds)'))!;
    expect(holds).not.toMatch(/\s0\.00%/);
    expect(r.stdout).not.toMatch(/\s100\.00%\s+\[/);
  });
});
