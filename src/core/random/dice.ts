/**
 * Dice from a uniform uint32 generator, shared by the rule systems (the engine itself
 * knows no dice). Each maps one draw to a die by multiply-shift: no `% 6` bias.
 *
 * @example
 * const rng = Xoshiro128.fromState([1, 2, 3, 4]);
 * d6(rng); // 1..6
 */
import type { Xoshiro128 } from './xoshiro128.js';

const POW6 = [1, 6, 36, 216, 1296, 7776];

/** Uniform integer in [1, sides] by multiply-shift (bias below 2^-29 for any die used here). */
export function die(rng: Xoshiro128, sides: number): number {
  return Math.floor((rng.nextUint32() * sides) / 4294967296) + 1;
}

/**
 * A six-sided die, 1..6, by integer multiply-shift on the top 29 bits: the product
 * stays below 2^32 so it is all integer arithmetic; bias 2 / 2^29 (below 4e-9).
 */
export function d6(rng: Xoshiro128): number {
  return (((rng.nextUint32() >>> 3) * 6) >>> 29) + 1;
}

/**
 * `n` six-sided dice (n <= 5) from one draw, packed as base-6 digits: a uniform integer in
 * [0, 6^n) by multiply-shift (6^n * 2^32 < 2^53, so the product is exact; bias below
 * 6^5 / 2^32 < 2e-6 for five dice, below 6e-8 for the three of a Risk attack). Die i is
 * digit i plus 1: `Math.floor(v / 6 ** i) % 6 + 1`.
 */
export function diceBase6(rng: Xoshiro128, n: number): number {
  return Math.floor((rng.nextUint32() * POW6[n]) / 4294967296);
}

/** Rolls `n` six-sided dice into buf[0..n), sorted highest first (insertion sort: n <= 5). */
export function rollSorted(rng: Xoshiro128, buf: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const value = d6(rng);
    let j = i;
    while (j > 0 && buf[j - 1] < value) {
      buf[j] = buf[j - 1];
      j--;
    }
    buf[j] = value;
  }
}
