/** z for a two-sided 95% interval (simple-statistics' probit is off in the third decimal). */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion: well behaved near 0 and 1, unlike the
 * normal (Wald) interval. The interval always contains the estimate successes / trials: an
 * estimate of 0 gets a lower end of exactly 0 (the formula gives ~1e-22 in floating point),
 * an estimate of 1 an upper end of exactly 1.
 *
 * @example
 * wilsonInterval(50, 100) // [0.4038, 0.5962]
 * wilsonInterval(0, 10) // [0, 0.2775]
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  const low = successes <= 0 ? 0 : Math.min(p, Math.max(0, centre - half));
  const high = successes >= trials ? 1 : Math.max(p, Math.min(1, centre + half));
  return [low, high];
}

/** Half of the Wilson interval's width: the `--precision` stopping criterion. */
export function wilsonHalfWidth(successes: number, trials: number, z = Z95): number {
  const [low, high] = wilsonInterval(successes, trials, z);
  return (high - low) / 2;
}
