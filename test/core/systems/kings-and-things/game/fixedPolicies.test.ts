/**
 * (b) Fixed policies through the game's state machine equal today's exact solver
 * (the system's `solve`, hits absorbed along fixed loss orders): the same battles compiled by the
 * engine, solved both ways. An independent check of both solvers.
 */
import { describe, expect, it } from 'vitest';
import { kingsAndThings } from '../../../../../src/core/systems/kings-and-things/index.js';
import { isUnsolved } from '../../../../../src/core/model/contract.js';
import { binSum, findEvent } from '../../../../../src/core/model/tallyLayout.js';
import type { DuelPlan } from '../../../../../src/core/systems/kings-and-things/duel/plan.js';
import { gameFromPlan, solveGame } from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { compileEntry } from '../helpers.js';

const SIX = ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads:1', 'Bandits:2'];

const battles: Record<string, unknown> = {
  'the worked example armies against a city': {
    attacker: { creatures: ['Imp:1*', 'Wizard:3*', '3x Giant:4'] },
    defender: { creatures: ['Shaman:3*', '2x Archer:3R', 'Ogre:2', 'Troll:2'], city: true },
  },
  'six creatures vs castle and two defenders (buildings-first)': {
    attacker: { creatures: SIX },
    defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle' },
  },
  'the same, defender protect-strongest, attacker protect-strongest': {
    attacker: { creatures: SIX, losses: 'protect-strongest' },
    defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle', losses: 'protect-strongest' },
  },
  'two defenders, weakest-first, citadel and city': {
    attacker: { creatures: SIX },
    defender: { creatures: ['Ogre:2', 'Troll:4'], fort: 'citadel', city: true, losses: 'weakest-first' },
  },
  'an explicit loss order on both sides': {
    attacker: { creatures: ['Giant:4', 'Nomads:1', 'Bear:2'], losses: ['Giant', 'Bear'] },
    defender: { creatures: ['Wolf:2', 'Owl:1F'], fort: 'keep', losses: ['Wolf', 'fort'] },
  },
  'attacker retreats when outnumbered 1:1 (castle assault scenario)': {
    attacker: { creatures: SIX, retreat: { whenOutnumbered: 1 } },
    defender: { creatures: ['Ogre:2', 'Archers:2R', 'Troll:4', 'Witch:3*'], fort: 'castle' },
  },
  'both retreat when down to one creature (no buildings)': {
    attacker: { creatures: ['Giant:4', 'Nomads:1', 'Bear:2'], retreat: { whenDownTo: 1 } },
    defender: { creatures: ['Wolf:2', 'Wolf:2', 'Owl:1F'], retreat: { whenDownTo: 1 } },
  },
  'goblins leave the keep when outnumbered and the hex falls': {
    attacker: { creatures: ['2x Orc:2', 'Troll:3'], retreat: { whenOutnumbered: 2 } },
    defender: {
      creatures: ['2x Goblin:1'],
      fort: 'keep',
      losses: 'weakest-first',
      retreat: { whenOutnumbered: 1.5 },
      fortAfterRetreat: 'falls',
    },
  },
};

describe('fixed loss orders and retreat rules: the game solver equals solveDuel', () => {
  for (const [name, entry] of Object.entries(battles)) {
    it(name, () => {
      const battle = compileEntry(entry);
      const plan = battle.plan as DuelPlan;
      const answer = kingsAndThings.solve!(plan);
      if (isUnsolved(answer)) throw new Error(answer.unsolved);
      const pCapture = binSum(answer.probabilities, findEvent(battle.layout, 'pCapture').bins);
      const game = gameFromPlan(plan);
      if (!('battle' in game)) throw new Error(game.problem);
      const result = solveGame(game.battle, { attacker: game.attacker, defender: game.defender });
      if (!result.ok) throw new Error(result.reason);
      expect(result.solution.pCapture).toBeCloseTo(pCapture, 12);
    });
  }

  it('a retreat after N rounds is refused with a reason (the state has no round number)', () => {
    const plan = compileEntry({
      attacker: { creatures: ['Giant:4'], retreat: { afterRounds: 2 } },
      defender: { creatures: ['Wolf:2'] },
    }).plan as DuelPlan;
    expect(gameFromPlan(plan)).toEqual({ problem: expect.stringMatching(/round number/) });
  });
});
