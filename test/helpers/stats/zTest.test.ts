import { describe, expect, it } from 'vitest';
import { proportionZTest } from './zTest.js';

describe('proportionZTest', () => {
  it('holds its @example values: z in standard errors of the exact value', () => {
    const r = proportionZTest(5100, 10_000, 0.5);
    expect(r.z).toBeCloseTo(2, 10);
    expect(r.pValue).toBeCloseTo(0.0455, 3);
  });

  it('is symmetric, and z = 0 when the exact value is certain', () => {
    expect(proportionZTest(4900, 10_000, 0.5).z).toBeCloseTo(-2, 10);
    expect(proportionZTest(10, 10, 1)).toEqual({ z: 0, pValue: 1 });
  });
});
