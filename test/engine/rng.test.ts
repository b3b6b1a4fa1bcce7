import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../src/engine/random/xoshiro128.js';
import { chunkStates, stateFromSeed } from '../../src/engine/random/seed.js';
import { chiSquareTest } from '../../src/stats/chiSquare.js';
import { d6, diceBase6, die } from '../../src/kit/dice.js';

describe('xoshiro128**', () => {
  it('matches the reference implementation on a known state', () => {
    // Reference C (Blackman & Vigna): state {1, 2, 3, 4} -> first output rotl(2 * 5, 7) * 9.
    const rng = Xoshiro128.fromState([1, 2, 3, 4]);
    expect(rng.nextUint32()).toBe(11520);
    expect(rng.nextUint32()).toBe(0);
    expect(rng.nextUint32()).toBe(5927040);
    expect(rng.nextUint32()).toBe(70819200);
  });

  it('jump() matches the reference implementation', () => {
    // Values from the reference C code: four outputs, jump(), then two outputs.
    const rng = Xoshiro128.fromState([1, 2, 3, 4]);
    for (let i = 0; i < 4; i++) rng.nextUint32();
    rng.jump();
    expect([rng.nextUint32(), rng.nextUint32()]).toEqual([3046317961, 3130903476]);
  });

  it('rejects the all-zero state', () => {
    expect(() => Xoshiro128.fromState([0, 0, 0, 0])).toThrow();
  });

  it('jump() moves to a stream that does not share its first outputs with the original', () => {
    const a = Xoshiro128.fromState(stateFromSeed('x'));
    const b = Xoshiro128.fromState(a.state()).jump();
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(a.nextUint32());
    let shared = 0;
    for (let i = 0; i < 10_000; i++) if (seen.has(b.nextUint32())) shared++;
    // Two independent streams of 10^4 uint32 share ~10^8 / 2^32 = 0.02 values on average.
    expect(shared).toBeLessThan(3);
  });

  it('d6() and die(n) are uniform (chi-square, fixed seed)', () => {
    const rng = Xoshiro128.fromState(stateFromSeed('dice'));
    const six = new Array(6).fill(0);
    const hundred = new Array(100).fill(0);
    for (let i = 0; i < 600_000; i++) six[d6(rng) - 1]++;
    for (let i = 0; i < 1_000_000; i++) hundred[die(rng, 100) - 1]++;
    expect(chiSquareTest(six, new Array(6).fill(1 / 6)).pValue).toBeGreaterThan(1e-4);
    expect(chiSquareTest(hundred, new Array(100).fill(1 / 100)).pValue).toBeGreaterThan(1e-4);
    expect(Math.min(...six)).toBeGreaterThan(0);
  });

  it('diceBase6(n) rolls n independent fair dice: every ordered roll of 3 equally likely', () => {
    const rng = Xoshiro128.fromState(stateFromSeed('three dice'));
    const rolls = new Array(216).fill(0);
    const firstDie = new Array(6).fill(0);
    for (let i = 0; i < 1_080_000; i++) {
      const roll = diceBase6(rng, 3);
      rolls[roll]++;
      firstDie[roll % 6]++;
    }
    expect(chiSquareTest(rolls, new Array(216).fill(1 / 216)).pValue).toBeGreaterThan(1e-4);
    expect(chiSquareTest(firstDie, new Array(6).fill(1 / 6)).pValue).toBeGreaterThan(1e-4);
    for (let n = 1; n <= 5; n++) {
      for (let i = 0; i < 1000; i++) {
        const roll = diceBase6(rng, n);
        expect(Number.isInteger(roll) && roll >= 0 && roll < 6 ** n).toBe(true);
      }
    }
  });
});

describe('seeding', () => {
  it('is deterministic for string and numeric seeds, and 42 equals "42"', () => {
    expect(stateFromSeed('abc')).toEqual(stateFromSeed('abc'));
    expect(stateFromSeed(42)).toEqual(stateFromSeed('42'));
    expect(stateFromSeed('abc')).not.toEqual(stateFromSeed('abd'));
  });

  it('gives every chunk and every cell its own stream', () => {
    const states = [...chunkStates('s', 200, 0), ...chunkStates('s', 200, 1)].map((s) => s.join(','));
    expect(new Set(states).size).toBe(400);
    expect(chunkStates('s', 3, 0)).toEqual(chunkStates('s', 3, 0));
  });
});
