/**
 * From a layout to metrics and distributions (src/core/engine/summarize/summarize.ts), on a layout small
 * enough to work out by hand: a battle of 3 armies that is won or held, ten trials.
 */
import { describe, expect, it } from 'vitest';
import { LayoutBuilder } from '../../../../src/core/model/tallyLayout.js';
import { summarizeLayout } from '../../../../src/core/engine/summarize/summarize.js';
import type { Metric } from '../../../../src/core/model/report.js';
import { wilsonInterval, Z95 } from '../../../../src/core/stats/wilson.js';

/** Blocks: armies left (0..3) after a win, after a hold, and a histogram with a block of its own. */
function smallLayout() {
  const b = new LayoutBuilder();
  const won = b.block('won#bins', 4);
  const held = b.block('held#bins', 4);
  // The headline is declared second: the summary puts it first all the same.
  b.event('pHold', 'P(hold)', [[held, 4]]);
  b.event('pWin', 'P(win)', [[won, 4]]);
  b.event('pWinWithThree', 'P(win with all three)', [[won + 3, 1]], { report: false });
  b.histogram('left', {
    label: 'Armies left',
    xLabel: 'armies',
    series: 'attacker',
    from: 0,
    to: 3,
    terms: [{ offset: won }, { offset: held }],
    means: [
      { key: 'left', label: 'Armies left' },
      { key: 'lost', label: 'Armies lost', reflect: 3 },
    ],
    quantiles: { key: 'left', label: 'Armies left' },
  });
  b.histogram('leftIfWin', {
    label: 'Armies left, given a win',
    xLabel: 'armies',
    series: 'attacker',
    from: 0,
    to: 3,
    terms: [{ offset: won }],
    given: 'given a win',
    condition: 'pWin',
    means: [{ key: 'leftIfWin', label: 'Armies left, given a win' }],
  });
  // Events placed on values: 0 for a hold, 1 for a win; only its mean is reported.
  b.histogram('wins', {
    label: 'Wins',
    xLabel: 'wins',
    series: 'attacker',
    from: 0,
    to: 1,
    terms: [
      { event: 'pHold', value: 0 },
      { event: 'pWin', value: 1 },
    ],
    means: [{ key: 'wins', label: 'Wins per battle' }],
    distribution: false,
  });
  const rounds = b.histogram('rounds', { label: 'Rounds', xLabel: 'rounds', series: 'battle', from: 1, to: 3 });
  return { layout: b.build(), won, held, rounds };
}

const { layout, won, held, rounds } = smallLayout();

/** Ten battles: won with 1, 1, 2, 2, 2, 3 armies; held with 0, 0, 0, 1; rounds 1 x5, 2 x3, 3 x2. */
function tally(): Float64Array {
  const t = new Float64Array(layout.size);
  t.set([0, 2, 3, 1], won);
  t.set([3, 1, 0, 0], held);
  t.set([5, 3, 2], rounds);
  return t;
}

/** The same battle solved: the tally's shares as exact probabilities. */
const exactVector = () => tally().map((c) => c / 10);

const byKey = (metrics: Metric[], key: string) => {
  const m = metrics.find((x) => x.key === key);
  if (!m) throw new Error(`no metric ${key}`);
  return m;
};

describe('summarizeLayout from a tally', () => {
  const { metrics, distributions } = summarizeLayout(layout, 'pWin', tally(), 10, null);

  it('lists the headline first, then the reported events and the histograms in layout order', () => {
    expect(metrics.map((m) => m.key)).toEqual([
      'pWin',
      'pHold',
      'left',
      'lost',
      'leftP05',
      'leftP25',
      'leftP50',
      'leftP75',
      'leftP95',
      'leftIfWin',
      'wins',
    ]);
  });

  it('gives probabilities with Wilson intervals, and no exact value', () => {
    expect(metrics[0]).toEqual({
      key: 'pWin',
      label: 'P(win)',
      kind: 'probability',
      estimate: 0.6,
      ci95: wilsonInterval(6, 10),
    });
    expect(byKey(metrics, 'pHold').estimate).toBe(0.4);
  });

  it('gives means with normal intervals from the sample variance, reflected means too', () => {
    // Armies left 0 x3, 1 x3, 2 x3, 3 x1: mean 1.2, sample variance 9.6 / 9.
    const left = byKey(metrics, 'left');
    expect(left.kind).toBe('mean');
    expect(left.estimate).toBeCloseTo(1.2, 12);
    const half = Z95 * Math.sqrt(9.6 / 9 / 10);
    expect(left.ci95![0]).toBeCloseTo(1.2 - half, 12);
    expect(left.ci95![1]).toBeCloseTo(1.2 + half, 12);
    expect(byKey(metrics, 'lost').estimate).toBeCloseTo(1.8, 12);
    // Given a win (6 battles: 1, 1, 2, 2, 2, 3): 11 / 6.
    expect(byKey(metrics, 'leftIfWin').estimate).toBeCloseTo(11 / 6, 12);
    // Events placed on values: holds count 0, wins 1.
    expect(byKey(metrics, 'wins').estimate).toBeCloseTo(0.6, 12);
  });

  it('gives quantiles as the smallest value whose cumulative share reaches q', () => {
    // Cumulative shares of 0, 1, 2, 3 armies left: 0.3, 0.6, 0.9, 1.
    const q = ['leftP05', 'leftP25', 'leftP50', 'leftP75', 'leftP95'].map((k) => byKey(metrics, k));
    expect(q.map((m) => m.estimate)).toEqual([0, 0, 1, 2, 3]);
    expect(q.map((m) => m.label)).toEqual([
      'Armies left, 5th percentile',
      'Armies left, 25th percentile',
      'Armies left, median',
      'Armies left, 75th percentile',
      'Armies left, 95th percentile',
    ]);
    expect(q.every((m) => m.kind === 'quantile' && m.ci95 === undefined)).toBe(true);
  });

  it('gives distributions over the trials, conditional ones over their own total, none for distribution: false', () => {
    expect(distributions.map((d) => d.key)).toEqual(['left', 'leftIfWin', 'rounds']);
    const [left, ifWin, r] = distributions;
    expect(left).toEqual({
      key: 'left',
      label: 'Armies left',
      xLabel: 'armies',
      series: 'attacker',
      values: [0, 1, 2, 3],
      counts: [3, 3, 3, 1],
      probabilities: [0.3, 0.3, 0.3, 0.1],
    });
    expect(ifWin.given).toBe('given a win');
    expect(ifWin.probabilities).toEqual([0, 2 / 6, 3 / 6, 1 / 6]);
    // A histogram with a block of its own, from 1: the values start there.
    expect(r.values).toEqual([1, 2, 3]);
    expect(r.counts).toEqual([5, 3, 2]);
  });
});

describe('summarizeLayout from an exact vector', () => {
  it('gives every estimate as its exact value, without intervals', () => {
    const { metrics, distributions } = summarizeLayout(layout, 'pWin', null, 0, exactVector());
    expect(metrics[0]).toEqual({ key: 'pWin', label: 'P(win)', kind: 'probability', estimate: 0.6, exact: 0.6 });
    for (const [key, value] of [
      ['left', 1.2],
      ['lost', 1.8],
      ['leftIfWin', 11 / 6],
      ['wins', 0.6],
    ] as const) {
      const m = byKey(metrics, key);
      expect(m.estimate).toBeCloseTo(value, 12);
      expect(m.exact).toBe(m.estimate);
      expect(m.ci95).toBeUndefined();
    }
    expect(['leftP05', 'leftP50', 'leftP95'].map((k) => byKey(metrics, k).exact)).toEqual([0, 1, 3]);
    const [left, ifWin] = distributions;
    expect(left.counts).toEqual([0, 0, 0, 0]);
    expect(left.probabilities.map((p) => +p.toFixed(12))).toEqual([0.3, 0.3, 0.3, 0.1]);
    expect(left.exact).toEqual(left.probabilities);
    // A conditional distribution's exact values are normalised by the condition's probability.
    expect(ifWin.exact!.map((p) => +p.toFixed(12))).toEqual([0, 0.333333333333, 0.5, 0.166666666667]);
  });

  it('beside a tally, estimates come from the tally and the exact values stand beside them', () => {
    const t = tally();
    // One more win with 3 and one fewer hold with 0: the estimates move, the exact values do not.
    t[won + 3]++;
    t[held]--;
    const { metrics } = summarizeLayout(layout, 'pWin', t, 10, exactVector());
    expect(metrics[0].estimate).toBe(0.7);
    expect(metrics[0].ci95).toEqual(wilsonInterval(7, 10));
    expect(metrics[0].exact).toBeCloseTo(0.6, 12);
    expect(byKey(metrics, 'left').estimate).toBeCloseTo(1.5, 12);
    expect(byKey(metrics, 'left').exact).toBeCloseTo(1.2, 12);
  });

  it('a sampled answer with no trial finished has no estimate, not the exact one', () => {
    const { metrics, distributions } = summarizeLayout(layout, 'pWin', new Float64Array(layout.size), 0, null);
    expect(metrics.every((m) => Number.isNaN(m.estimate))).toBe(true);
    expect(distributions[0].probabilities.every(Number.isNaN)).toBe(true);
  });

  it('refuses a headline the layout does not declare', () => {
    expect(() => summarizeLayout(layout, 'pWinWithTwo', tally(), 10, null)).toThrow(/no event 'pWinWithTwo'/);
  });
});
