/**
 * The decisions read back from a solution are consistent with its values: at every
 * position and step, the chance-weighted value of the best loss choices (both hit counts
 * enumerated) rebuilds the solver's value; `chooseLosses` picks the ranked best; the
 * retreat node's value is the attacker's chosen option. Positions round-trip through
 * table snapshots.
 */
import { describe, expect, it } from 'vitest';
import {
  STEP_NAMES,
  chooseLosses,
  decideLosses,
  decideRetreat,
  describeSide,
  positionOf,
  solveGame,
  type GameSolution,
  type LossTurn,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { battleOf } from './fixtures.js';

function solved(attacker: string, defender: string, lossTurn: LossTurn): GameSolution {
  const result = solveGame(battleOf(attacker, defender), { lossTurn });
  if (!result.ok) throw new Error(result.reason);
  return result.solution;
}

function checkEveryPosition(s: GameSolution) {
  const [A, D] = s.sides;
  const nD = D.states.length;
  let checked = 0;
  for (let a = 0; a < A.states.length; a++) {
    for (let d = 0; d < nD; d++) {
      if (A.capacity[a] === 0 || D.capacity[d] === 0) continue;
      const at = { attacker: a, defender: d };
      const pair = a * nD + d;
      for (let step = 0; step < 3; step++) {
        let rebuilt = 0;
        for (let kOnA = 0; kOnA <= D.maxHits[d * 3 + step]; kOnA++) {
          for (let kOnD = 0; kOnD <= A.maxHits[a * 3 + step]; kOnD++) {
            const p = D.probs[(d * 3 + step) * D.stride + kOnA] * A.probs[(a * 3 + step) * A.stride + kOnD];
            if (p === 0) continue;
            const { first, second } = decideLosses(s, at, STEP_NAMES[step], kOnA, kOnD);
            expect(second.options[0].pCapture).toBeCloseTo(first.options[0].pCapture, 12);
            const chosen = chooseLosses(s, at, step, kOnA, kOnD);
            expect(s.values[step + 1][chosen.attacker * nD + chosen.defender]).toBeCloseTo(
              first.options[0].pCapture,
              12,
            );
            rebuilt += p * first.options[0].pCapture;
          }
        }
        expect(rebuilt).toBeCloseTo(s.values[step][pair], 12);
      }
      const { attacker } = decideRetreat(s, at);
      expect(s.values[3][pair]).toBeCloseTo(attacker.best === 'retreat' ? 0 : attacker.fightOn, 12);
      checked++;
    }
  }
  return checked;
}

describe('decisions rebuild the solved values', () => {
  it('attacker assigns first: creatures, a keep, every step', () => {
    const s = solved('Giant:4, Elves:2R, Dragon:3*C', 'Ogre:2, Keep', 'attacker-first');
    expect(checkEveryPosition(s)).toBe(7 * 5);
  });
  it('defender assigns first: a castle and a charging knight', () => {
    const s = solved('Knight:3C, Elf:3R', 'Ogre:3, Mage:2*, Castle', 'defender-first');
    expect(checkEveryPosition(s)).toBe(3 * 15);
  });
});

describe('positions and table snapshots', () => {
  const s = solved('Giant:4, Giant:4, Elves:2R', 'Ogre:2, Castle', 'attacker-first');
  const [giant, , elves] = s.battle.attacker;
  const [ogre, castle] = s.battle.defender;

  it('a snapshot with a damaged castle round-trips through describeSide', () => {
    const at = positionOf(s, { attacker: [giant, elves], defender: [{ ...castle, damage: 1 }, ogre] });
    if ('problem' in at) throw new Error(at.problem);
    expect(describeSide(s.sides[0], at.attacker).map((c) => [c.names[0], c.count, c.current])).toEqual([
      ['Elves', 1, 2],
      ['Giant', 1, 4],
    ]);
    expect(describeSide(s.sides[1], at.defender).map((c) => [c.names[0], c.step, c.current])).toEqual([
      ['Ogre', 'melee', 2],
      ['Castle', 'ranged', 2],
    ]);
  });

  it('a counter the side does not have is refused', () => {
    expect(positionOf(s, { attacker: [giant, giant, giant], defender: [ogre] })).toEqual({
      problem: "attacker: 'Giant' is not one of the side's counters",
    });
  });
});
