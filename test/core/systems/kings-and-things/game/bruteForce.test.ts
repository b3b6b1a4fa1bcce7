/**
 * (a) The solver's game value against an independent brute force on tiny battles: every
 * deterministic policy pair enumerated and evaluated exactly (bruteForce.ts); the game
 * value must equal max-min (and min-max) over those policies.
 */
import { describe, expect, it } from 'vitest';
import { NEVER } from '../../../../../src/core/systems/kings-and-things/rules/retreat.js';
import {
  OPTIMAL,
  optimalLosses,
  solveGame,
  type LossTurn,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { BruteForce } from './bruteForce.js';
import { army } from './fixtures.js';

interface Case {
  attacker: string;
  defender: string;
  attackerMayRetreat: boolean;
  defenderMayRetreat: boolean;
  fortAfterRetreat?: 'fights-on' | 'falls';
  lossTurn?: LossTurn;
}

const cases: Record<string, Case> = {
  'the attacker chooses which of two creatures dies; both may retreat': {
    attacker: 'Giant:3, Elf:2R',
    defender: 'Ogre:2',
    attackerMayRetreat: true,
    defenderMayRetreat: true,
  },
  'a keep or its creature takes a charging knight’s hits; the creature may leave the keep fighting': {
    attacker: 'Knight:3C',
    defender: 'Ogre:2, Keep',
    attackerMayRetreat: true,
    defenderMayRetreat: true,
  },
  'the same with fortAfterRetreat falls': {
    attacker: 'Knight:3C',
    defender: 'Ogre:2, Keep',
    attackerMayRetreat: true,
    defenderMayRetreat: true,
    fortAfterRetreat: 'falls',
  },
  'both sides choose their losses (attacker assigns first), no retreats': {
    attacker: 'Giant:3, Mage:2*',
    defender: 'Ogre:2, Archer:1R',
    attackerMayRetreat: false,
    defenderMayRetreat: false,
  },
  'a castle fires ranged at its reduced value': {
    attacker: 'Troll:2, Elf:1R',
    defender: 'Castle',
    attackerMayRetreat: false,
    defenderMayRetreat: false,
  },
  'who assigns first matters here (attacker first)': {
    attacker: 'Knight:3C, Elf:3R',
    defender: 'Ogre:3, Mage:2*',
    attackerMayRetreat: false,
    defenderMayRetreat: false,
  },
  'who assigns first matters here (defender first)': {
    attacker: 'Knight:3C, Elf:3R',
    defender: 'Ogre:3, Mage:2*',
    attackerMayRetreat: false,
    defenderMayRetreat: false,
    lossTurn: 'defender-first',
  },
};

describe('game value = max-min over every deterministic policy pair (brute force)', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      const lossTurn = c.lossTurn ?? 'attacker-first';
      const fortAfterRetreat = c.fortAfterRetreat ?? 'fights-on';
      const brute = new BruteForce({
        attacker: army(c.attacker),
        defender: army(c.defender),
        lossTurn,
        attackerMayRetreat: c.attackerMayRetreat,
        defenderMayRetreat: c.defenderMayRetreat,
        fortAfterRetreat,
      });
      const { maxMin, minMax, pairs } = brute.gameValue();
      const result = solveGame(
        { attacker: army(c.attacker), defender: army(c.defender), fortAfterRetreat },
        {
          attacker: c.attackerMayRetreat ? OPTIMAL : optimalLosses(NEVER),
          defender: c.defenderMayRetreat ? OPTIMAL : optimalLosses(NEVER),
          lossTurn,
        },
      );
      if (!result.ok) throw new Error(result.reason);
      expect(pairs).toBeGreaterThan(1);
      expect(minMax).toBeCloseTo(maxMin, 12);
      expect(result.solution.pCapture).toBeCloseTo(maxMin, 12);
    });
  }
});

it('the loss turn reading changes the value of the last two cases (so both readings are really checked)', () => {
  const battle = { attacker: army('Knight:3C, Elf:3R'), defender: army('Ogre:3, Mage:2*') };
  const first = solveGame(battle, { attacker: optimalLosses(NEVER), defender: optimalLosses(NEVER) });
  const second = solveGame(battle, {
    attacker: optimalLosses(NEVER),
    defender: optimalLosses(NEVER),
    lossTurn: 'defender-first',
  });
  if (!first.ok || !second.ok) throw new Error('not solved');
  expect(second.solution.pCapture - first.solution.pCapture).toBeGreaterThan(1e-3);
});
