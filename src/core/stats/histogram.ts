/**
 * Statistics of a histogram given as counts per integer value (index = value, or an
 * explicit list of values): mean, sample variance and the mean's 95% interval, quantiles,
 * and the mean of an exact probability vector.
 *
 * @example
 * histogramSummary([0, 2, 2]) // { n: 4, mean: 1.5, variance: 0.3333, ci95: [0.9342, 2.0658] }
 * histogramQuantile([1, 1, 1, 1], 0.5) // 1
 * expectedValue([0.25, 0.5, 0.25]) // 1
 */
import { Z95 } from './wilson.js';

export interface HistogramSummary {
  n: number;
  mean: number;
  variance: number;
  /** 95% normal interval of the mean (n is large in every Monte Carlo use). */
  ci95: [number, number];
}

export function histogramSummary(counts: ArrayLike<number>, values?: ArrayLike<number>): HistogramSummary {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    const x = values ? values[i] : i;
    n += counts[i];
    sum += counts[i] * x;
  }
  const mean = n > 0 ? sum / n : NaN;
  let squares = 0;
  for (let i = 0; i < counts.length; i++) {
    const x = values ? values[i] : i;
    squares += counts[i] * (x - mean) * (x - mean);
  }
  const variance = n > 1 ? squares / (n - 1) : 0;
  const half = n > 0 ? Z95 * Math.sqrt(variance / n) : NaN;
  return { n, mean, variance, ci95: [mean - half, mean + half] };
}

/** The smallest value whose cumulative share reaches q (the inverse CDF). */
export function histogramQuantile(counts: ArrayLike<number>, q: number, values?: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  if (n === 0) return NaN;
  const target = q * n;
  let cumulative = 0;
  for (let i = 0; i < counts.length; i++) {
    cumulative += counts[i];
    if (cumulative >= target && counts[i] > 0) return values ? values[i] : i;
  }
  return values ? values[counts.length - 1] : counts.length - 1;
}

/** Mean of a probability vector over integer values (index = value). */
export function expectedValue(probabilities: ArrayLike<number>): number {
  let total = 0;
  let mass = 0;
  for (let i = 0; i < probabilities.length; i++) {
    total += i * probabilities[i];
    mass += probabilities[i];
  }
  return mass > 0 ? total / mass : NaN;
}
