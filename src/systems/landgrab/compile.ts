/** A validated LandGrab entry -> plan (dice tables, army counts, tally offsets) and its named layout. */
import type { Compiled } from '../../engine/contract.js';
import type { TallyLayout } from '../../engine/tally/layout.js';
import { territoryArmies, type LandgrabEntry } from './schema.js';
import { compileTables, type DiceRule } from './tables.js';
import { HEADLINE, battleLayout, capitolLayout, chainLayout, type LandgrabPlan } from './plan.js';

function diceRule(entry: LandgrabEntry, fortress: boolean, defendingLeader: boolean): DiceRule {
  return {
    attackerDice: entry.attackerDice,
    defenderDice: entry.defenderDice,
    attackerBonus: entry.attackingLeader ? entry.leaderBonus : 0,
    defenderBonus: (fortress ? entry.fortressBonus : 0) + (defendingLeader ? entry.leaderBonus : 0),
    ties: entry.ties,
    stopAt: entry.stopAt,
  };
}

export function compileLandgrab(entry: LandgrabEntry): Compiled<LandgrabPlan> {
  const attackers = territoryArmies(entry);
  if (entry.type === 'chain') {
    const { layout, at } = chainLayout(attackers, entry.path.length);
    const steps = entry.path.map((t) => ({
      defenders: t.defenders,
      tables: compileTables(diceRule(entry, t.fortress, t.defendingLeader)),
    }));
    return { type: 'chain', plan: { kind: 'chain', attackers, steps, at }, layout, headline: HEADLINE };
  }
  if (entry.type === 'capitol') {
    const { layout, at } = capitolLayout(attackers, entry.defenders, entry.territories);
    const tables = compileTables(diceRule(entry, false, entry.defendingLeader));
    const plan = {
      kind: 'capitol' as const,
      attackers,
      defenders: entry.defenders,
      tables,
      territories: entry.territories,
      at,
    };
    return { type: 'capitol', plan, layout, headline: HEADLINE };
  }
  const { layout, at } = battleLayout(attackers, entry.defenders);
  const tables = compileTables(diceRule(entry, entry.fortress, entry.defendingLeader));
  return {
    type: 'battle',
    plan: { kind: 'battle', attackers, defenders: entry.defenders, tables, at },
    layout,
    headline: HEADLINE,
  };
}

/** The layout of a plan (the solver needs its size; kernels read `plan.at`). */
export function layoutOf(plan: LandgrabPlan): TallyLayout {
  if (plan.kind === 'chain') return chainLayout(plan.attackers, plan.steps.length).layout;
  if (plan.kind === 'capitol') return capitolLayout(plan.attackers, plan.defenders, plan.territories).layout;
  return battleLayout(plan.attackers, plan.defenders).layout;
}
