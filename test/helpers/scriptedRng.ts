/**
 * A stand-in generator for scripted-dice tests: each draw is the smallest uint32 that
 * `die(rng, 6)` and `d6(rng)` (src/core/random/dice.ts) both read as the next scripted die.
 */
import type { Xoshiro128 } from '../../src/core/random/xoshiro128.js';

export function drawForDie(value: number): number {
  return (Math.ceil(((value - 1) * 2 ** 29) / 6) * 8) >>> 0;
}

export function scriptedDice(dice: number[]): Xoshiro128 {
  let i = 0;
  return {
    nextUint32: () => {
      if (i >= dice.length) throw new Error('script ran out of dice');
      return drawForDie(dice[i++]);
    },
  } as unknown as Xoshiro128;
}
