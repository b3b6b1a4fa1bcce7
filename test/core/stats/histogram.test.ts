import { describe, expect, it } from 'vitest';
import { expectedValue, histogramQuantile, histogramSummary } from '../../../src/core/stats/histogram.js';

describe('histogramSummary', () => {
  it('holds its @example values: mean, sample variance and the normal 95% interval of the mean', () => {
    const s = histogramSummary([0, 2, 2]);
    expect(s.n).toBe(4);
    expect(s.mean).toBe(1.5);
    expect(s.variance).toBeCloseTo(1 / 3, 10);
    expect(s.ci95[0]).toBeCloseTo(0.9342, 4);
    expect(s.ci95[1]).toBeCloseTo(2.0658, 4);
  });

  it('uses explicit values when given', () => {
    expect(histogramSummary([1, 1], [10, 20]).mean).toBe(15);
  });

  it('has no mean for an empty histogram', () => {
    expect(histogramSummary([0, 0]).mean).toBeNaN();
  });
});

describe('histogramQuantile', () => {
  it('is the smallest value whose cumulative share reaches q', () => {
    expect(histogramQuantile([1, 1, 1, 1], 0.5)).toBe(1);
    expect(histogramQuantile([0, 0, 5], 0.05)).toBe(2);
    expect(histogramQuantile([0, 0], 0.5)).toBeNaN();
  });
});

describe('expectedValue', () => {
  it('is the mean of a probability vector over 0, 1, 2, ...', () => {
    expect(expectedValue([0.25, 0.5, 0.25])).toBe(1);
    expect(expectedValue([0, 0])).toBeNaN();
  });
});
