/**
 * (e) The rulebook's worked example (seed 004, 11.5) as a trace through the solved game:
 * A (a *1 and a *3 magic creature, three melee 4s) attacks B (a *3, two R3 archers, two
 * melee 2s and a city). At each step the book's choice is located among the options and
 * compared with the optimal one.
 */
import { describe, expect, it } from 'vitest';
import {
  answerLosses,
  decideLosses,
  decideRetreat,
  positionOf,
  solveGame,
  startPosition,
  type FieldCounter,
  type LossOption,
  type Position,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { army } from './fixtures.js';

const A = army('Imp:1*, Wizard:3*, Giant:4, Giant:4, Giant:4');
const B = army('Shaman:3*, Archer:3R, Archer:3R, Ogre:2, Troll:2, City');
const result = solveGame({ attacker: A, defender: B });
if (!result.ok) throw new Error(result.reason);
const s = result.solution;

function at(attacker: FieldCounter[], defender: FieldCounter[]): Position {
  const p = positionOf(s, { attacker, defender });
  if ('problem' in p) throw new Error(p.problem);
  return p;
}
const without = (side: FieldCounter[], ...names: string[]) => {
  const left = [...side];
  for (const n of names)
    left.splice(
      left.findIndex((c) => c.name === n),
      1,
    );
  return left;
};
const cityHit = (side: FieldCounter[]) => side.map((c) => (c.name === 'City' ? { ...c, damage: 1 } : c));
const takes = (o: LossOption) => o.takes.map((t) => `${t.names[0]} x${t.hits}`).sort();

describe('the worked example (seed 004) step by step', () => {
  it('magic: A scores one hit, B takes it on the city, which is B’s best choice', () => {
    const { second } = decideLosses(s, startPosition(s), 'magic', 0, 1);
    expect(second.side).toBe('defender');
    expect(second.options).toHaveLength(4); // the city, an ogre or troll (same type), the shaman, an archer
    expect(takes(second.options[0])).toEqual(['City x1']);
    expect(second.options[0].after).toBe(at(A, cityHit(B)).defender);
  });

  it('ranged: B scores one hit, A removes the *1 creature (it has fired), which is A’s best choice', () => {
    const { first } = decideLosses(s, at(A, cityHit(B)), 'ranged', 1, 0);
    expect(first.side).toBe('attacker');
    expect(takes(first.options[0])).toEqual(['Imp x1']);
    expect(first.options.map((o) => o.pCapture)).toEqual(
      [...first.options.map((o) => o.pCapture)].sort((x, y) => y - x),
    );
  });

  it('melee: A scores 3, B scores 2; B’s losses are its best answer, A’s (Wizard and a Giant) are not A’s best', () => {
    const here = at(without(A, 'Imp'), cityHit(B));
    const { first } = decideLosses(s, here, 'melee', 2, 3);
    const book = first.options.find((o) => takes(o).join() === ['Giant x1', 'Wizard x1'].join())!;
    expect(book).toBeDefined();
    // Keeping the Wizard (it fires first, in the magic step) beats keeping a second Giant.
    expect(takes(first.options[0])).toEqual(['Giant x2']);
    expect(first.options[0].pCapture - book.pCapture).toBeGreaterThan(0.04);
    const answer = answerLosses(s, here, 'melee', 2, 3, book.after);
    expect(takes(answer.options[0])).toEqual(['City x1', 'Ogre x2']);
    expect(answer.options[0].pCapture).toBeCloseTo(book.pCapture, 12);
  });

  it('end of round: A retreats in the book; under P(capture) fighting on is worth more than nothing', () => {
    const after = at(without(A, 'Imp', 'Wizard', 'Giant'), without(B, 'City', 'Ogre', 'Troll'));
    const { attacker } = decideRetreat(s, after);
    expect(attacker.retreat).toBe(0);
    expect(attacker.fightOn).toBeGreaterThan(0.05);
    expect(attacker.best).toBe('fight on');
  });
});
