/**
 * Difference of two proportions measured on the same trials (common random numbers).
 * With joint counts (both, only A, only B, neither) the difference pB - pA has variance
 * [(onlyA + onlyB)/n - (pB - pA)^2] / n: the shared outcomes cancel, which is why a
 * paired comparison of two close house rules is far tighter than two separate runs.
 *
 * @example
 * pairedDifference({ both: 450, onlyA: 10, onlyB: 40, neither: 500 })
 * // { difference: 0.03, ci95: [0.0163, 0.0437], unpairedCi95: [-0.0138, 0.0738] }
 */
import { Z95 } from './wilson.js';

export interface JointCounts {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

export interface PairedDifference {
  difference: number;
  /** Interval from the paired (joint) counts. */
  ci95: [number, number];
  /** Interval two independent runs of the same size would give, for comparison. */
  unpairedCi95: [number, number];
}

export function pairedDifference(j: JointCounts, z = Z95): PairedDifference {
  const n = j.both + j.onlyA + j.onlyB + j.neither;
  const pA = (j.both + j.onlyA) / n;
  const pB = (j.both + j.onlyB) / n;
  const difference = pB - pA;
  const pairedVariance = Math.max(0, ((j.onlyA + j.onlyB) / n - difference * difference) / n);
  const unpairedVariance = (pA * (1 - pA) + pB * (1 - pB)) / n;
  const half = z * Math.sqrt(pairedVariance);
  const unpairedHalf = z * Math.sqrt(unpairedVariance);
  return {
    difference,
    ci95: [difference - half, difference + half],
    unpairedCi95: [difference - unpairedHalf, difference + unpairedHalf],
  };
}
