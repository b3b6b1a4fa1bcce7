/** The normal tail against tabulated values (any statistics table: 1.96 -> 0.05, 2.576 -> 0.01, 3.29 -> 0.001). */
import { describe, expect, it } from 'vitest';
import { erfc, twoSidedP } from '../../../src/core/stats/normal.js';
import { Z95 } from '../../../src/core/stats/wilson.js';

describe('twoSidedP', () => {
  it('gives the tabulated two-sided tails', () => {
    expect(twoSidedP(Z95)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(2.5758293035489)).toBeCloseTo(0.01, 6);
    expect(twoSidedP(3.2905267314919)).toBeCloseTo(0.001, 7);
    expect(twoSidedP(0)).toBe(1);
    expect(twoSidedP(-Z95)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(Infinity)).toBe(0);
  });

  it('erfc agrees with its tabulated values', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7);
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
  });
});
