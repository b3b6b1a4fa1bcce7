import { cumulativeStdNormalProbability } from 'simple-statistics';

/**
 * Two-sided z-test of an observed proportion against a known probability p0,
 * with the standard error sqrt(p0 (1 - p0) / n) of the exact value.
 *
 * @example
 * proportionZTest(5100, 10000, 0.5) // { z: 2, pValue: 0.0455 }
 */
export function proportionZTest(successes: number, trials: number, p0: number): { z: number; pValue: number } {
  const standardError = Math.sqrt((p0 * (1 - p0)) / trials);
  const z = standardError > 0 ? (successes / trials - p0) / standardError : 0;
  const pValue = 2 * (1 - cumulativeStdNormalProbability(Math.abs(z)));
  return { z, pValue: Math.max(0, Math.min(1, pValue)) };
}
