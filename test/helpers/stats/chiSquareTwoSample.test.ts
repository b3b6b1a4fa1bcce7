import { describe, expect, it } from 'vitest';
import { chiSquareTwoSample } from './chiSquareTwoSample.js';
import { chiSquareSurvival } from '../../../src/core/stats/chiSquare.js';

describe('chiSquareTwoSample', () => {
  it('holds its @example values', () => {
    const r = chiSquareTwoSample([40, 60], [60, 40]);
    expect(r.statistic).toBe(8);
    expect(r.degreesOfFreedom).toBe(1);
    expect(r.pValue).toBeCloseTo(0.00468, 5);
  });

  it('is the textbook homogeneity statistic of a 2 x k table whose rows have equal totals', () => {
    const a = [30, 50, 20];
    const b = [40, 35, 25];
    // Expected count of a cell: its row's total x its column's total / the grand total.
    let textbook = 0;
    for (let j = 0; j < a.length; j++) {
      const expected = (100 * (a[j] + b[j])) / 200;
      textbook += (a[j] - expected) ** 2 / expected + (b[j] - expected) ** 2 / expected;
    }
    const r = chiSquareTwoSample(a, b);
    expect(r.statistic).toBeCloseTo(textbook, 12);
    expect(r.degreesOfFreedom).toBe(2);
    expect(r.pValue).toBeCloseTo(chiSquareSurvival(textbook, 2), 12);
  });

  it('pools bins from the left until both samples hold minPooled, the remainder joining the last pool', () => {
    // Pools: 1+2+50 | 2+1+48, then the bins left over (0+1 | 1+0) join it: 54 against 52, one pool.
    const r = chiSquareTwoSample([1, 2, 50, 0, 1], [2, 1, 48, 1, 0]);
    expect(r.statistic).toBeCloseTo(4 / 106, 12);
    expect(r.degreesOfFreedom).toBe(1);
    // With a smaller minimum the same bins stay apart: 1|2, 2|1, 50|48, then 0+1|1+0 joins the last.
    expect(chiSquareTwoSample([1, 2, 50, 0, 1], [2, 1, 48, 1, 0], 3).degreesOfFreedom).toBe(2);
  });

  it('finds nothing between equal samples and rejects clearly different ones', () => {
    expect(chiSquareTwoSample([10, 20, 30], [10, 20, 30])).toEqual({ statistic: 0, degreesOfFreedom: 2, pValue: 1 });
    expect(chiSquareTwoSample([600, 400], [400, 600]).pValue).toBeLessThan(1e-9);
  });

  it('refuses histograms of different lengths', () => {
    expect(() => chiSquareTwoSample([1, 2], [1, 2, 3])).toThrow(/2 bins against 3/);
  });
});
