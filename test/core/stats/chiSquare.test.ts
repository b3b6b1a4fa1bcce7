import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, chiSquareTest } from '../../../src/core/stats/chiSquare.js';

describe('chiSquareTest', () => {
  it('holds its @example values', () => {
    const r = chiSquareTest([48, 52], [0.5, 0.5]);
    expect(r.statistic).toBeCloseTo(0.16, 10);
    expect(r.degreesOfFreedom).toBe(1);
    expect(r.pValue).toBeCloseTo(0.6892, 4);
  });

  it('rejects a wrong distribution', () => {
    expect(chiSquareTest([600, 400], [0.5, 0.5]).pValue).toBeLessThan(1e-9);
  });

  it('pools bins with small expected counts', () => {
    const pooled = chiSquareTest([1000, 1, 0, 0], [0.999, 0.0005, 0.0003, 0.0002]);
    expect(pooled.degreesOfFreedom).toBe(1);
  });
});

describe('chiSquareSurvival', () => {
  it('has the textbook critical values, also beyond 100 degrees of freedom', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(18.307038053275146, 10)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(124.34211340400407, 100)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });
});
