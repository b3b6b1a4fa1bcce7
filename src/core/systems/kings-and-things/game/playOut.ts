/**
 * Play a solved battle out with real dice: every counter of the step rolls (a die at most
 * its current value hits, `die(rng, 6)` as the faithful resolver), then the sides assign
 * their hits as the solution says (optimal sides take their best option, fixed sides their
 * order), and at the end of each round they retreat or not as the solution says. The
 * share of captures over many battles estimates the solved P(capture): an independent
 * check of both the values and the decisions read from them.
 *
 * @example
 * const rng = Xoshiro128.fromState([1, 2, 3, 4]);
 * let captures = 0;
 * for (let i = 0; i < 10_000; i++) if (playBattle(solution, rng).captured) captures++;
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { die } from '../../../random/dice.js';
import { chooseLosses, retreatChoices } from './choices.js';
import { startPosition, type Position } from './positions.js';
import { digitsOf } from './sideModel.js';
import { STEPS, type SideSpace } from './sideSpace.js';
import type { GameSolution } from './solve.js';

export interface PlayedBattle {
  captured: boolean;
  rounds: number;
  end: 'defenders gone' | 'attacker gone' | 'both gone' | 'attacker retreated' | 'defender retreated' | 'round cap';
}

/** Roll the step's dice of a side's position. */
function rollHits(space: SideSpace, position: number, step: number, rng: Xoshiro128): number {
  const m = space.model;
  const digits = digitsOf(m, space.states[position]);
  const T = m.creatureTypes.length;
  let hits = 0;
  m.creatureTypes.forEach((t, i) => {
    if (t.step !== step) return;
    for (let n = 0; n < digits[i] * t.dice; n++) if (die(rng, 6) <= t.value) hits++;
  });
  m.buildings.forEach((b, i) => {
    if (b.step === step && digits[T + i] > 0 && die(rng, 6) <= digits[T + i]) hits++;
  });
  return hits;
}

export function playBattle(s: GameSolution, rng: Xoshiro128, maxRounds = 1000): PlayedBattle {
  const [A, D] = s.sides;
  let at: Position = startPosition(s);
  const over = (): PlayedBattle['end'] | null => {
    const a = A.capacity[at.attacker] > 0;
    const d = D.capacity[at.defender] > 0;
    return a && d ? null : a ? 'defenders gone' : d ? 'attacker gone' : 'both gone';
  };
  const finish = (end: PlayedBattle['end'], rounds: number): PlayedBattle => ({
    captured: end === 'defenders gone' || end === 'defender retreated',
    rounds,
    end,
  });
  let end = over();
  if (end) return finish(end, 0);
  for (let round = 1; round <= maxRounds; round++) {
    for (let step = 0; step < STEPS; step++) {
      const hitsOnDefender = rollHits(A, at.attacker, step, rng);
      const hitsOnAttacker = rollHits(D, at.defender, step, rng);
      if (hitsOnDefender + hitsOnAttacker === 0) continue;
      at = chooseLosses(s, at, step, hitsOnAttacker, hitsOnDefender);
      end = over();
      if (end) return finish(end, round);
    }
    const choice = retreatChoices(s, at);
    if (choice.attacker) return finish('attacker retreated', round);
    if (choice.defender) {
      const left = D.buildingsOnly[at.defender];
      if (s.battle.fortAfterRetreat === 'falls' || left < 0 || D.capacity[left] === 0)
        return finish('defender retreated', round);
      at = { attacker: at.attacker, defender: left };
    }
  }
  return finish('round cap', maxRounds);
}
