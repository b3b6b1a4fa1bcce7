/**
 * Pearson's two-sample chi-square for two histograms of counts from equally many trials
 * (two kernels' tallies of one battle, say): do they share a distribution? Bins are pooled
 * from the left until both samples together hold at least `minPooled` (the remainder joins
 * the last pool); each pool adds (a - b)^2 / (a + b), which is the homogeneity statistic of
 * a 2 x k table whose rows have equal totals; k pools give k - 1 degrees of freedom. A
 * segment of a tally (some of its bins) need not sum to the trials: the test stays the
 * trials' comparison, bin by bin.
 *
 * @example
 * chiSquareTwoSample([40, 60], [60, 40]) // { statistic: 8, degreesOfFreedom: 1, pValue: 0.00468 }
 */
import { chiSquareSurvival, type ChiSquareResult } from '../../../src/core/stats/chiSquare.js';
import { poolFromLeft } from '../../../src/core/stats/poolFromLeft.js';

export function chiSquareTwoSample(a: ArrayLike<number>, b: ArrayLike<number>, minPooled = 20): ChiSquareResult {
  if (a.length !== b.length) throw new Error(`two-sample chi-square: ${a.length} bins against ${b.length}`);
  const { first: pooledA, second: pooledB } = poolFromLeft(
    a.length,
    (i) => a[i],
    (i) => b[i],
    (x, y) => x + y >= minPooled,
  );
  let statistic = 0;
  for (let i = 0; i < pooledA.length; i++) statistic += (pooledA[i] - pooledB[i]) ** 2 / (pooledA[i] + pooledB[i]);
  const degreesOfFreedom = Math.max(1, pooledA.length - 1);
  return { statistic, degreesOfFreedom, pValue: chiSquareSurvival(statistic, degreesOfFreedom) };
}
