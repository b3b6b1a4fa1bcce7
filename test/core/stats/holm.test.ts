/** Holm's step-down correction against Wikipedia's worked example (Holm-Bonferroni method, "Example"). */
import { describe, expect, it } from 'vitest';
import { holm } from '../../../src/core/stats/holm.js';

describe('holm', () => {
  it("rejects H1 and H4 of Wikipedia's four (p = 0.01, 0.04, 0.03, 0.005) at 5%, and no more", () => {
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    // Sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, then 0.04 x 1 = 0.04 raised to 0.06.
    expect(adjusted.map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(adjusted.map((p) => p <= 0.05)).toEqual([true, false, false, true]);
  });

  it('is Bonferroni for one test, caps at 1, keeps ties and the input order', () => {
    expect(holm([0.2])).toEqual([0.2]);
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
    expect(holm([0.01, 0.01])).toEqual([0.02, 0.02]);
    expect(holm([])).toEqual([]);
  });
});
