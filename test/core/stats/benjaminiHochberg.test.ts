/** The Benjamini-Hochberg correction against Benjamini and Hochberg's own worked example (1995, section 4). */
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from '../../../src/core/stats/benjaminiHochberg.js';
import { holm } from '../../../src/core/stats/holm.js';

// The fifteen p-values of the paper's example (a study of myocardial infarction treatments).
const PAPER = [
  0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1,
];

describe('benjaminiHochberg', () => {
  it("rejects the paper's four smallest at 5% (Bonferroni-type procedures: three)", () => {
    const q = benjaminiHochberg(PAPER);
    expect(q.filter((x) => x <= 0.05)).toHaveLength(4);
    expect(q.slice(0, 4).map((x) => Number(x.toFixed(6)))).toEqual([0.0015, 0.003, 0.0095, 0.035625]);
    // p(5) = 0.0201 > 5/15 x 5%: the step-up stops at the fourth.
    expect(q[4]).toBeGreaterThan(0.05);
    expect(holm(PAPER).filter((x) => x <= 0.05)).toHaveLength(3);
  });

  it('is the p-value itself for one test, caps at 1, keeps the input order', () => {
    expect(benjaminiHochberg([0.2])).toEqual([0.2]);
    expect(benjaminiHochberg([0.04, 0.01])).toEqual([0.04, 0.02]);
    expect(benjaminiHochberg([0.9, 0.95])).toEqual([0.95, 0.95]);
  });
});
