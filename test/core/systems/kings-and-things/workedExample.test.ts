/**
 * The rulebook's worked example (seed 004): magic, ranged and melee steps against a city,
 * replayed die by die through the faithful resolver with scripted dice.
 */
import { describe, expect, it } from 'vitest';
import { CounterBattle } from '../../../../src/core/systems/kings-and-things/rules/counterBattle.js';
import { scriptedDice as scripted } from '../../../helpers/scriptedRng.js';
import { duelOf } from './helpers.js';

describe('worked example: Player A attacks Player B, whose hex has a city', () => {
  // A: a *1 and a *3 magic creature and three melee 4s; he retreats after the round.
  // B: a *3, two R3 archers, two melee 2s and the city (buildings absorb first).
  const plan = duelOf({
    attacker: { creatures: ['Imp:1*', 'Wizard:3*', '3x Giant:4'], retreat: { afterRounds: 1 } },
    defender: { creatures: ['Shaman:3*', '2x Archer:3R', 'Ogre:2', 'Troll:2'], city: true },
  }).plan;

  it('follows the example step by step', () => {
    expect(plan.defender.names).toEqual(['City', 'Ogre', 'Troll', 'Archer', 'Archer', 'Shaman']);
    expect(plan.attacker.names).toEqual(['Imp', 'Wizard', 'Giant', 'Giant', 'Giant']);
    const b = new CounterBattle(2, 6);
    b.loadSide(0, plan.defender, plan.defenderRetreat);
    b.loadSide(1, plan.attacker, plan.attackerRetreat);
    // Dice are rolled defender first, each side in loss order.
    b.fight(
      scripted([
        // Magic: B's Shaman rolls 4 (miss); A rolls 3 (Imp, miss) and 2 (Wizard, hit) -> B's city takes it.
        4, 3, 2,
        // Ranged: B's archers roll 4 and 1 -> one hit; A removes the *1 creature.
        4, 1,
        // Melee: B rolls 2, 2, 2 -> 2 hits (the city is down to 1); A rolls 4, 4, 4 -> 3 hits.
        2, 2, 2, 4, 4, 4,
      ]),
    );
    expect(b.round).toBe(1);
    // B: the city absorbed its second hit (neutralized), the Ogre and Troll fell.
    expect(b.current(0, 0)).toBe(0);
    expect(b.damage[0]).toBe(2);
    expect(b.creaturesAlive(0)).toBe(3);
    // A: lost the Imp (ranged step), then the Wizard and a Giant (melee); then retreated.
    expect(b.creaturesAlive(1)).toBe(2);
    expect(b.left[1]).toBe(1);
  });

  it('a counter killed in the magic step does not fire later in the round', () => {
    // The attacker's magic kills the defender's only ranged counter before it fires.
    const p = duelOf({ attacker: { creatures: ['Mage:6*'] }, defender: { creatures: ['Archer:6R'] } }).plan;
    const b = new CounterBattle(2, 1);
    b.loadSide(0, p.defender, p.defenderRetreat);
    b.loadSide(1, p.attacker, p.attackerRetreat);
    b.fight(scripted([1]));
    expect(b.fighting(0)).toBe(false);
    expect(b.creaturesAlive(1)).toBe(1);
  });
});
