import { describe, expect, it } from 'vitest';
import { poolFromLeft } from '../../../src/core/stats/poolFromLeft.js';

const at = (values: number[]) => (i: number) => values[i];

describe('poolFromLeft', () => {
  it('closes a pool once its sums are enough, and the rest joins the last pool', () => {
    const pooled = poolFromLeft(5, at([3, 1, 4, 1, 1]), at([0, 2, 0, 0, 1]), (a, b) => a + b >= 4);
    expect(pooled).toEqual({ first: [4, 6], second: [2, 1] });
  });

  it('reads the criterion from either series', () => {
    const bySecond = poolFromLeft(3, at([9, 9, 9]), at([1, 2, 3]), (_a, b) => b >= 3);
    expect(bySecond).toEqual({ first: [18, 9], second: [3, 3] });
  });

  it('returns nothing when no pool ever closes', () => {
    expect(poolFromLeft(2, at([1, 1]), at([1, 1]), () => false)).toEqual({ first: [], second: [] });
  });
});
