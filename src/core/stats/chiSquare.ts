/**
 * Pearson chi-square goodness of fit of observed counts against exact probabilities,
 * with bins of small expected count pooled (expected >= 5 per bin), and its p-value
 * from the regularized upper incomplete gamma function. simple-statistics has no
 * p-value for this, and its critical-value table stops at 100 degrees of freedom.
 *
 * @example
 * chiSquareTest([48, 52], [0.5, 0.5]) // { statistic: 0.16, degreesOfFreedom: 1, pValue: 0.6892 }
 * chiSquareSurvival(3.841458820694124, 1) // 0.05
 */
import { poolFromLeft } from './poolFromLeft.js';

export interface ChiSquareResult {
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

export function chiSquareTest(
  observed: ArrayLike<number>,
  expectedProbabilities: ArrayLike<number>,
  minExpected = 5,
): ChiSquareResult {
  let n = 0;
  for (let i = 0; i < observed.length; i++) n += observed[i];
  const { first: pooledObserved, second: pooledExpected } = poolFromLeft(
    observed.length,
    (i) => observed[i],
    (i) => expectedProbabilities[i] * n,
    (_observed, expected) => expected >= minExpected,
  );
  let statistic = 0;
  for (let i = 0; i < pooledExpected.length; i++) {
    const diff = pooledObserved[i] - pooledExpected[i];
    statistic += (diff * diff) / pooledExpected[i];
  }
  const degreesOfFreedom = Math.max(1, pooledExpected.length - 1);
  return { statistic, degreesOfFreedom, pValue: chiSquareSurvival(statistic, degreesOfFreedom) };
}

/** P(X >= x) for X ~ chi-square(k). */
export function chiSquareSurvival(x: number, k: number): number {
  if (x <= 0) return 1;
  return regularizedGammaQ(k / 2, x / 2);
}

/** Q(s, x) = Gamma(s, x) / Gamma(s), by series for x < s + 1 and continued fraction otherwise. */
function regularizedGammaQ(s: number, x: number): number {
  const logPrefix = s * Math.log(x) - x - logGamma(s);
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 10000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Lentz's continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** Lanczos approximation of ln Gamma(z), z > 0. */
function logGamma(z: number): number {
  const g = 7;
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  z -= 1;
  let x = coefficients[0];
  for (let i = 1; i < g + 2; i++) x += coefficients[i] / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(x);
}
