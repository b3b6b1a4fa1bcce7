import { describe, expect, it } from 'vitest';
import { wilsonHalfWidth, wilsonInterval } from '../../../src/core/stats/wilson.js';

describe('wilsonInterval', () => {
  it('holds its @example values (textbook)', () => {
    const [low, high] = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 4);
    expect(high).toBeCloseTo(0.5962, 4);
    const [l0, h0] = wilsonInterval(0, 10);
    expect(l0).toBe(0);
    expect(h0).toBeCloseTo(0.2775, 4);
  });

  it('gives an estimate of 0 a lower end of exactly 0 and an estimate of 1 an upper end of exactly 1', () => {
    // The formula alone gives 4.2e-22 for 0 of 10^6: an interval that misses its own estimate.
    expect(wilsonInterval(0, 1_000_000)[0]).toBe(0);
    expect(wilsonInterval(0, 1e9)[0]).toBe(0);
    expect(wilsonInterval(1_000_000, 1_000_000)[1]).toBe(1);
    expect(wilsonInterval(1e9, 1e9)[1]).toBe(1);
  });

  it('always contains its estimate and stays within [0, 1]', () => {
    for (const trials of [1, 2, 3, 7, 10, 100, 12_345, 1e6, 1e9]) {
      const counts = new Set([0, 1, Math.floor(trials / 3), Math.floor(trials / 2), trials - 1, trials]);
      for (const successes of counts) {
        const p = successes / trials;
        const [low, high] = wilsonInterval(successes, trials);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(p);
        expect(high).toBeGreaterThanOrEqual(p);
      }
    }
  });

  it('is [0, 1] with no trials', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('narrows like 1 / sqrt(n)', () => {
    expect(wilsonHalfWidth(5000, 10_000) / wilsonHalfWidth(500_000, 1_000_000)).toBeCloseTo(10, 1);
  });
});
