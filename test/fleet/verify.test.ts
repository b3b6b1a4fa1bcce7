/**
 * The sampled re-run's arithmetic (src/fleet/verify.ts): the --verify values, the seeded
 * draw (deterministic from its seed, uniform over the chunks), the reservoir a fleet run
 * keeps of each worker's results, and the detection probability docs/fleet.md states.
 */
import { describe, expect, it } from 'vitest';
import {
  detectionProbability,
  drawSample,
  parseVerify,
  parseVerifySeed,
  Reservoir,
  sampleSize,
  SeededDraws,
  tallyDifference,
} from '../../src/fleet/verify.js';
import { InputError } from '../../src/core/model/inputError.js';

/** C(n, k) for small numbers, exactly enough in float64. */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

describe('--verify', () => {
  it('reads a count, a percentage, all and none; refuses anything else naming the flag', () => {
    expect(parseVerify('2')).toEqual({ kind: 'count', count: 2 });
    expect(parseVerify('5%')).toEqual({ kind: 'percent', percent: 5 });
    expect(parseVerify('ALL')).toEqual({ kind: 'all' });
    expect(parseVerify('none')).toEqual({ kind: 'none' });
    expect(parseVerify('0')).toEqual({ kind: 'none' });
    // Numbers as every flag reads them (issue 31): 0% is none too, 1e3 is 1000.
    expect(parseVerify('0%')).toEqual({ kind: 'none' });
    expect(parseVerify('1e3')).toEqual({ kind: 'count', count: 1000 });
    for (const bad of ['-1', '2.5', '101%', 'some', '', '0x10', '99999999999']) {
      expect(() => parseVerify(bad), bad).toThrow(InputError);
      expect(() => parseVerify(bad), bad).toThrow(/^--verify: /);
    }
    expect(() => parseVerifySeed('xyz')).toThrow(/^--verify-seed: 'xyz' is not 8 to 64 hex digits/);
    expect(sampleSize({ kind: 'count', count: 2 }, 17)).toBe(2);
    expect(sampleSize({ kind: 'count', count: 2 }, 1)).toBe(1);
    expect(sampleSize({ kind: 'percent', percent: 5 }, 17)).toBe(1);
    expect(sampleSize({ kind: 'percent', percent: 5 }, 100)).toBe(5);
    expect(sampleSize({ kind: 'all' }, 17)).toBe(17);
  });
});

describe('the seeded draw', () => {
  const items = Array.from({ length: 20 }, (_, i) => `chunk ${i}`);

  it('is a function of the seed and stream, and differs between seeds and streams', () => {
    const draw = (seed: string, stream: string) => drawSample(items, 3, new SeededDraws(seed, stream));
    expect(draw('00aa11bb', 'part 0')).toEqual(draw('00aa11bb', 'part 0'));
    const others = [draw('00aa11bc', 'part 0'), draw('00aa11bb', 'part 1')].map((d) => d.join());
    expect(others.some((d) => d !== draw('00aa11bb', 'part 0').join())).toBe(true);
    expect(new Set(draw('00aa11bb', 'part 0')).size).toBe(3);
  });

  it('draws every chunk about equally often (k/n each, 4.5 standard errors)', () => {
    const counts = new Array(items.length).fill(0);
    const rounds = 1500;
    for (let r = 0; r < rounds; r++)
      for (const item of drawSample(items, 3, new SeededDraws('5eed', `round ${r}`))) counts[items.indexOf(item)]++;
    const p = 3 / items.length;
    const sd = Math.sqrt(rounds * p * (1 - p));
    for (const c of counts) expect(Math.abs(c - rounds * p)).toBeLessThan(4.5 * sd);
  });

  it('a reservoir keeps k of a stream uniformly, and a percentage keeps each with that chance', () => {
    const counts = new Array(items.length).fill(0);
    const rounds = 1500;
    for (let r = 0; r < rounds; r++) {
      const reservoir = new Reservoir<number>({ kind: 'count', count: 3 }, new SeededDraws('5eed', `round ${r}`));
      items.forEach((_, i) => reservoir.offer(i));
      expect(reservoir.sample()).toHaveLength(3);
      for (const i of reservoir.sample()) counts[i]++;
    }
    const p = 3 / items.length;
    const sd = Math.sqrt(rounds * p * (1 - p));
    for (const c of counts) expect(Math.abs(c - rounds * p)).toBeLessThan(4.5 * sd);

    const percent = new Reservoir<number>({ kind: 'percent', percent: 10 }, new SeededDraws('5eed', 'p'));
    for (let i = 0; i < 4_000; i++) percent.offer(i);
    expect(Math.abs(percent.sample().length - 400)).toBeLessThan(4.5 * Math.sqrt(4_000 * 0.1 * 0.9));
    const none = new Reservoir<number>({ kind: 'none' }, new SeededDraws('5eed', 'n'));
    none.offer(1);
    expect([none.sample(), none.offered]).toEqual([[], 1]);
  });
});

describe('the detection probability', () => {
  it('is 1 - C(n - t, k) / C(n, k), checked against enumeration', () => {
    for (const [n, t, k] of [
      [10, 1, 2],
      [10, 3, 2],
      [12, 4, 5],
      [8, 8, 1],
      [9, 0, 3],
      [7, 2, 6],
    ]) {
      expect(detectionProbability(n, t, k)).toBeCloseTo(1 - choose(n - t, k) / choose(n, k), 12);
    }
    // The worked numbers of docs/fleet.md.
    expect(detectionProbability(1000, 1000, 2)).toBe(1);
    expect(detectionProbability(1000, 100, 2)).toBeCloseTo(0.19, 2);
    expect(detectionProbability(1000, 100, 20)).toBeCloseTo(0.88, 2);
    expect(detectionProbability(1000, 10, 20)).toBeCloseTo(0.18, 2);
  });

  it('a difference is said by its first differing count', () => {
    expect(tallyDifference([1, 2, 3], [1, 2, 3])).toBeNull();
    expect(tallyDifference([1, 5, 9], [1, 2, 3])).toBe('count 1 is 5 there and 2 here, and 1 more count differs');
    expect(tallyDifference([1], [1, 2])).toBe('1 counts there, 2 here');
  });
});
