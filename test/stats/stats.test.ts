import { describe, expect, it } from 'vitest';
import { wilsonInterval, wilsonHalfWidth } from '../../src/stats/wilson.js';
import { chiSquareSurvival, chiSquareTest } from '../../src/stats/chiSquare.js';
import { histogramQuantile, histogramSummary } from '../../src/stats/histogram.js';
import { proportionZTest } from '../../src/stats/zTest.js';

describe('Wilson interval', () => {
  it('matches textbook values', () => {
    const [low, high] = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 4);
    expect(high).toBeCloseTo(0.5962, 4);
    const [l0, h0] = wilsonInterval(0, 10);
    expect(l0).toBe(0);
    expect(h0).toBeCloseTo(0.2775, 4);
  });

  it('narrows like 1 / sqrt(n)', () => {
    expect(wilsonHalfWidth(5000, 10_000) / wilsonHalfWidth(500_000, 1_000_000)).toBeCloseTo(10, 1);
  });
});

describe('chi-square', () => {
  it('has the textbook critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(18.307038053275146, 10)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(124.34211340400407, 100)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });

  it('pools bins with small expected counts and rejects a wrong distribution', () => {
    const good = chiSquareTest([48, 52], [0.5, 0.5]);
    expect(good.pValue).toBeGreaterThan(0.5);
    const bad = chiSquareTest([600, 400], [0.5, 0.5]);
    expect(bad.pValue).toBeLessThan(1e-9);
    const pooled = chiSquareTest([1000, 1, 0, 0], [0.999, 0.0005, 0.0003, 0.0002]);
    expect(pooled.degreesOfFreedom).toBe(1);
  });
});

describe('histogram statistics', () => {
  it('computes mean, interval and quantiles from counts', () => {
    const s = histogramSummary([0, 2, 2]);
    expect(s.mean).toBe(1.5);
    expect(s.variance).toBeCloseTo(1 / 3, 10);
    expect(histogramQuantile([1, 1, 1, 1], 0.5)).toBe(1);
    expect(histogramQuantile([0, 0, 5], 0.05)).toBe(2);
  });
});

describe('z-test of a proportion', () => {
  it('gives z in standard errors of the exact value', () => {
    const r = proportionZTest(5100, 10_000, 0.5);
    expect(r.z).toBeCloseTo(2, 10);
    expect(r.pValue).toBeCloseTo(0.0455, 3);
  });
});
