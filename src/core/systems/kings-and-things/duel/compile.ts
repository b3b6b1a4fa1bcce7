/** A two-sided battle's entry into its plan: both sides' loss orders into per-step tables, the layout's offsets. */
import type { Compiled } from '../../../model/contract.js';
import { countersOf, fortLevelOf, isBuilding } from '../rules/counters.js';
import { hexCounters, specialsIn } from '../rules/hex.js';
import { lossOrder } from '../rules/lossOrder.js';
import { NEVER, friendlyIn, retreatRule } from '../rules/retreat.js';
import { compileSide } from '../rules/tables.js';
import { DUEL_HEADLINE, duelLayout, type DuelPlan, type DuelRules } from './plan.js';
import type { BattleEntry } from './schema.js';

export function duelRules(entry: BattleEntry): DuelRules {
  const { attacker, defender } = entry;
  const fort = fortLevelOf(defender.fort);
  const aOrder = lossOrder(countersOf(attacker.creatures), attacker.losses ?? 'weakest-first', 'weakest-first').order;
  const dOrder = lossOrder(hexCounters(defender, fort), defender.losses ?? 'buildings-first', 'buildings-first').order;
  return {
    attacker: compileSide(aOrder),
    defender: compileSide(dOrder),
    defenderBuildings: compileSide(dOrder.filter(isBuilding)),
    buildingsFightOn: defender.fortAfterRetreat !== 'falls',
    attackerRetreat: retreatRule(attacker),
    defenderRetreat: entry.unexplored ? NEVER : retreatRule(defender),
    attackerFriendly: friendlyIn(attacker),
    defenderFriendly: friendlyIn(defender),
    fortLevel: fort,
    specials: specialsIn(defender),
  };
}

export function compileBattle(entry: BattleEntry): Compiled<DuelPlan> {
  const rules = duelRules(entry);
  const { layout, at } = duelLayout(rules);
  return { type: 'battle', plan: { kind: 'battle', ...rules, at }, layout, headline: DUEL_HEADLINE };
}
