/**
 * LandGrab battle plans (what workers receive) and their tally layouts.
 *
 * Army counts in plans are always armies IN THE ATTACKING TERRITORY (one must stay
 * behind); the schema converts `attackingArmies` (armies that may attack) to this.
 */
import type { BattleTables } from './tables.js';

export interface SingleBattlePlan {
  kind: 'battle';
  attackers: number;
  defenders: number;
  tables: BattleTables;
}

export interface ChainStepPlan {
  defenders: number;
  tables: BattleTables;
}

export interface ChainPlan {
  kind: 'chain';
  attackers: number;
  steps: ChainStepPlan[];
}

export interface CapitolPlan {
  kind: 'capitol';
  attackers: number;
  defenders: number;
  tables: BattleTables;
  /** Armies in each of the defeated player's other territories. */
  territories: number[];
}

export type LandgrabPlan = SingleBattlePlan | ChainPlan | CapitolPlan;

/**
 * Battle tally: [won by attacker, by attacker armies left: A + 1]
 *               [held by defender, by attacker armies left: A + 1]
 *               [held by defender, by defender armies left: D + 1]
 */
export function battleLayout(attackers: number, defenders: number) {
  const won = 0;
  const heldAttacker = attackers + 1;
  const heldDefender = 2 * (attackers + 1);
  return { won, heldAttacker, heldDefender, size: heldDefender + defenders + 1 };
}

/**
 * Chain tally: [territories taken: steps + 1]
 *              [armies moved into the last territory, when the whole path is taken: A + 1]
 */
export function chainLayout(plan: Pick<ChainPlan, 'attackers' | 'steps'>) {
  const taken = 0;
  const finalArmies = plan.steps.length + 1;
  return { taken, finalArmies, size: finalArmies + plan.attackers + 1 };
}

/** Capitol tally: the battle layout, then [armies converted: sum of territories + 1]. */
export function capitolLayout(plan: Pick<CapitolPlan, 'attackers' | 'defenders' | 'territories'>) {
  const battle = battleLayout(plan.attackers, plan.defenders);
  const converted = battle.size;
  const maxConverted = plan.territories.reduce((s, x) => s + x, 0);
  return { ...battle, converted, maxConverted, size: converted + maxConverted + 1 };
}
