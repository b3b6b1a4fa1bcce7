import { describe, expect, it } from 'vitest';
import { pairedDifference } from '../../../src/core/stats/pairedDifference.js';
import { Z95 } from '../../../src/core/stats/wilson.js';

describe('pairedDifference', () => {
  it('holds its @example values', () => {
    const r = pairedDifference({ both: 450, onlyA: 10, onlyB: 40, neither: 500 });
    expect(r.difference).toBeCloseTo(0.03, 12);
    expect(r.ci95[0]).toBeCloseTo(0.0163, 4);
    expect(r.ci95[1]).toBeCloseTo(0.0437, 4);
    expect(r.unpairedCi95[0]).toBeCloseTo(-0.0138, 4);
    expect(r.unpairedCi95[1]).toBeCloseTo(0.0738, 4);
  });

  it('uses the paired variance [(onlyA + onlyB) / n - d^2] / n', () => {
    const r = pairedDifference({ both: 300, onlyA: 20, onlyB: 80, neither: 600 });
    const half = Z95 * Math.sqrt((100 / 1000 - 0.06 * 0.06) / 1000);
    expect(r.difference).toBeCloseTo(0.06, 12);
    expect(r.ci95[1] - r.difference).toBeCloseTo(half, 12);
  });

  it('has a zero-width interval when the two always agree', () => {
    const r = pairedDifference({ both: 30, onlyA: 0, onlyB: 0, neither: 70 });
    expect(r.difference).toBe(0);
    expect(r.ci95).toEqual([0, 0]);
    expect(r.unpairedCi95[1]).toBeGreaterThan(0);
  });
});
