/**
 * Builders for the metrics and distributions of a BattleReport, shared by every rule
 * system. Each takes Monte Carlo counts (or null when only exact values exist) and
 * the optional exact probabilities, so a number is never reported without either its
 * confidence interval or the word exact.
 */
import type { BattleReport, Distribution, Metric, SummarizeInput } from './system.js';
import { wilsonInterval } from '../stats/wilson.js';
import { expectedValue, histogramQuantile, histogramSummary } from '../stats/histogram.js';

export function probabilityMetric(
  key: string,
  label: string,
  successes: number | null,
  trials: number,
  exact?: number | null,
): Metric {
  const metric: Metric = { key, label, kind: 'probability', estimate: NaN };
  if (successes !== null && trials > 0) {
    metric.estimate = successes / trials;
    metric.ci95 = wilsonInterval(successes, trials);
  } else if (exact !== undefined && exact !== null) {
    metric.estimate = exact;
  }
  if (exact !== undefined && exact !== null) metric.exact = exact;
  return metric;
}

/** Mean of a histogram over integer values `offset + index`. */
export function meanMetric(
  key: string,
  label: string,
  counts: ArrayLike<number> | null,
  exactProbabilities?: ArrayLike<number> | null,
  offset = 0,
): Metric {
  const metric: Metric = { key, label, kind: 'mean', estimate: NaN };
  const exact = exactProbabilities ? expectedValue(exactProbabilities) + offset : undefined;
  if (counts && total(counts) > 0) {
    const s = histogramSummary(counts);
    metric.estimate = s.mean + offset;
    metric.ci95 = [s.ci95[0] + offset, s.ci95[1] + offset];
  } else if (exact !== undefined) {
    metric.estimate = exact;
  }
  if (exact !== undefined) metric.exact = exact;
  return metric;
}

/** Quantiles of a histogram (or exact distribution) over integer values. */
export function quantileMetrics(
  key: string,
  label: string,
  counts: ArrayLike<number> | null,
  exactProbabilities?: ArrayLike<number> | null,
  levels: readonly number[] = [0.05, 0.25, 0.5, 0.75, 0.95],
): Metric[] {
  return levels.map((q) => {
    const pct = Math.round(q * 100);
    const metric: Metric = {
      key: `${key}P${String(pct).padStart(2, '0')}`,
      label: `${label}, ${pct === 50 ? 'median' : `${pct}th percentile`}`,
      kind: 'quantile',
      estimate: NaN,
    };
    const exact = exactProbabilities ? histogramQuantile(exactProbabilities, q) : undefined;
    if (counts && total(counts) > 0) metric.estimate = histogramQuantile(counts, q);
    else if (exact !== undefined) metric.estimate = exact;
    if (exact !== undefined) metric.exact = exact;
    return metric;
  });
}

export function distribution(
  spec: Omit<Distribution, 'counts' | 'probabilities' | 'exact' | 'values'> & { values: number[] },
  counts: ArrayLike<number> | null,
  exactProbabilities?: ArrayLike<number> | null,
): Distribution {
  const n = counts ? total(counts) : 0;
  const countList = spec.values.map((_, i) => (counts ? counts[i] : 0));
  const exact = exactProbabilities ? spec.values.map((_, i) => exactProbabilities[i]) : undefined;
  const probabilities = counts && n > 0 ? countList.map((c) => c / n) : (exact ?? countList.map(() => NaN));
  return { ...spec, counts: countList, probabilities, ...(exact ? { exact } : {}) };
}

export function total(counts: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) s += counts[i];
  return s;
}

/** A slice of a flat tally (or exact vector) as a view, no copy. */
export function segment(vector: Float64Array | null, start: number, length: number): Float64Array | null {
  return vector ? vector.subarray(start, start + length) : null;
}

/** Values lo..hi inclusive. */
export function range(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let x = lo; x <= hi; x++) out.push(x);
  return out;
}

/** The fields every report starts with: sampled battles are Monte Carlo, the rest exact. */
export function reportHeader(
  system: string,
  input: SummarizeInput<unknown>,
): Pick<BattleReport, 'label' | 'system' | 'type' | 'method' | 'trials' | 'partial'> {
  return {
    label: input.battle.label,
    system,
    type: input.battle.type,
    method: input.tally ? 'monte-carlo' : 'exact',
    trials: input.tally ? input.trials : 0,
    partial: input.partial,
  };
}
