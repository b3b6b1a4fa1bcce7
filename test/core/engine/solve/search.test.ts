/** The search behind --solve-for (src/core/engine/solve/search.ts), on curves whose answers are known. */
import { describe, expect, it } from 'vitest';
import { scanValues, searchAlong, type CurvePoint } from '../../../../src/core/engine/solve/search.js';

const exact =
  (f: (v: number) => number) =>
  (value: number): CurvePoint => ({ value, probability: f(value) });

describe('searchAlong', () => {
  it('finds the smallest value reaching the target on a rising curve, and the value just below it', async () => {
    const r = await searchAlong(
      exact((v) => v / 100),
      { from: 0, to: 100, target: 0.37, start: 5 },
    );
    expect(r).toMatchObject({ kind: 'found', direction: 'increasing', value: 37, neighbour: 36 });
  });

  it('finds the largest value still reaching the target on a falling curve', async () => {
    const r = await searchAlong(
      exact((v) => 1 - v / 10),
      { from: 0, to: 10, target: 0.5, start: 1 },
    );
    expect(r).toMatchObject({ kind: 'found', direction: 'decreasing', value: 5, neighbour: 6, everyValue: true });
  });

  it('pins the crossing of a long range by bisection, evaluating far fewer values than the range', async () => {
    let calls = 0;
    const r = await searchAlong(
      (v) => {
        calls++;
        return { value: v, probability: 1 - Math.exp(-v / 700) };
      },
      { from: 1, to: 5000, target: 0.9, start: 10 },
    );
    const answer = Math.ceil(-700 * Math.log(0.1));
    expect(r).toMatchObject({ kind: 'found', value: answer, everyValue: false });
    expect(calls).toBeLessThan(120);
  });

  it('refuses a curve that turns, naming where', async () => {
    const r = await searchAlong(
      exact((v) => [0.2, 0.5, 0.3, 0.6][v]),
      { from: 0, to: 3, target: 0.55, start: 0 },
    );
    expect(r.kind).toBe('not-monotone');
    if (r.kind === 'not-monotone') expect(r.turn).toEqual([1, 2]);
  });

  it('says when no value reaches the target, with the closest one', async () => {
    const r = await searchAlong(
      exact((v) => 0.4 - 0.02 * v),
      { from: 0, to: 6, target: 0.5, start: 3 },
    );
    expect(r).toMatchObject({ kind: 'unreachable', direction: 'decreasing', best: 0 });
  });

  it('answers the end of the range when every value reaches the target', async () => {
    const r = await searchAlong(
      exact((v) => 0.9 + v / 100),
      { from: 2, to: 8, target: 0.5, start: 2 },
    );
    expect(r).toMatchObject({ kind: 'found', value: 2, neighbour: null });
  });

  it('does not refuse a sampled curve for noise within its intervals, but does for a sure turn', async () => {
    const noisy = (v: number): CurvePoint => {
      const p = v / 20 + (v % 2 ? 0.01 : -0.01);
      return { value: v, probability: p, ci95: [p - 0.03, p + 0.03] };
    };
    expect((await searchAlong(noisy, { from: 0, to: 20, target: 0.5, start: 0 })).kind).toBe('found');
    const turning = (v: number): CurvePoint => {
      const p = v < 10 ? v / 20 : 0.45 - (v - 10) / 20;
      return { value: v, probability: p, ci95: [p - 0.01, p + 0.01] };
    };
    expect((await searchAlong(turning, { from: 0, to: 20, target: 0.9, start: 0 })).kind).toBe('not-monotone');
  });
});

describe('scanValues', () => {
  it('takes every value of a short range, and a ladder to the end of a long one', () => {
    expect(scanValues(3, 9, 3)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const long = scanValues(1, 5000, 100);
    expect(long[0]).toBe(1);
    expect(long[long.length - 1]).toBe(5000);
    expect(long).toContain(100);
    expect(long.length).toBeLessThan(80);
  });
});
