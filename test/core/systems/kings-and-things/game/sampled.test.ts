/**
 * (d) Sampled check: battles played with real dice, both sides following the solved
 * policy (playOut.ts), against the solved P(capture). Fixed seeds; the tolerance is 4.5
 * standard errors of the estimate, sqrt(p (1 - p) / n), fixed a priori.
 */
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import {
  OPTIMAL,
  namedControl,
  playBattle,
  solveGame,
  type GameBattle,
  type SolveOptions,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { battleOf } from './fixtures.js';

const TRIALS = 10_000;
const Z_MAX = 4.5;

function expectSampledValue(battle: GameBattle, options: SolveOptions, seed: [number, number, number, number]) {
  const result = solveGame(battle, options);
  if (!result.ok) throw new Error(result.reason);
  const rng = Xoshiro128.fromState(seed);
  let captures = 0;
  for (let i = 0; i < TRIALS; i++) if (playBattle(result.solution, rng).captured) captures++;
  const p = result.solution.pCapture;
  const se = Math.sqrt((p * (1 - p)) / TRIALS);
  expect(Math.abs(captures / TRIALS - p)).toBeLessThan(Z_MAX * se);
}

describe('Monte Carlo with the solved policies agrees with the solved value', () => {
  const keep = battleOf('Giant:4, Elves:2R, Dragon:3*C, Nomads:1', 'Ogre:2, Wolf:3, Imp:2*, Keep');

  it('both sides optimal (attacker assigns first)', () => {
    expectSampledValue(keep, {}, [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x71374491]);
  });

  it('both sides optimal, defender assigns first', () => {
    const knights = battleOf('Knight:3C, Knight:3C, Elf:3R', 'Ogre:3, Mage:2*, Tower');
    expectSampledValue(knights, { lossTurn: 'defender-first' }, [0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c]);
  });

  it('the attacker optimal against a fixed buildings-first defender', () => {
    const defender = namedControl(keep.defender, 'buildings-first');
    expectSampledValue(keep, { attacker: OPTIMAL, defender }, [0x1f83d9ab, 0x5be0cd19, 0x6a09e667, 0xbb67ae85]);
  });
});
