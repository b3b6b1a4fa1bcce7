/**
 * LandGrab: Risk-style dice with fortresses, leaders and capitols.
 * Rules: README "LandGrab"; readings: attacker rolls min(3, territory armies - 1),
 * defender min(2, armies), bonuses on each side's single highest die, ties to the defender.
 */
import type { CompiledBattle, FieldIssue, RuleSystemWithOdds } from '../../engine/system.js';
import { landgrabEntrySchema, type LandgrabEntry } from './schema.js';
import { compileTables, type DiceRule } from './tables.js';
import { battleLayout, capitolLayout, chainLayout, type LandgrabPlan } from './plan.js';
import { landgrabKernels } from './kernels.js';
import { solvePlan } from './exact.js';
import { summarizeLandgrab } from './summarize.js';
import { landgrabOdds } from './odds.js';

/** Armies in the attacking territory, from whichever convention the entry used. */
export function territoryArmies(entry: Pick<LandgrabEntry, 'attackers' | 'attackingArmies'>): number {
  return entry.attackers ?? (entry.attackingArmies as number) + 1;
}

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

function check(entry: LandgrabEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if ((entry.attackers === undefined) === (entry.attackingArmies === undefined)) {
    issues.push({
      path: ['attackers'],
      message:
        'give exactly one of "attackers" (armies in the attacking territory, one stays behind) or "attackingArmies" (armies that may attack)',
    });
    return issues;
  }
  const a = territoryArmies(entry);
  if (a > 5000) issues.push({ path: ['attackingArmies'], message: 'must be at most 4999' });
  if (entry.stopAt >= a) {
    issues.push({
      path: ['stopAt'],
      message: `must be below the ${a} armies in the attacking territory, or no attack happens`,
    });
  }
  return issues;
}

function compile(entry: LandgrabEntry, label: string): CompiledBattle<LandgrabPlan> {
  const attackers = territoryArmies(entry);
  let plan: LandgrabPlan;
  let tallySize: number;
  if (entry.type === 'chain') {
    plan = {
      kind: 'chain',
      attackers,
      steps: entry.path.map((t) => ({
        defenders: t.defenders,
        tables: compileTables(diceRule(entry, t.fortress, t.defendingLeader)),
      })),
    };
    tallySize = chainLayout(plan).size;
  } else if (entry.type === 'capitol') {
    plan = {
      kind: 'capitol',
      attackers,
      defenders: entry.defenders,
      tables: compileTables(diceRule(entry, false, entry.defendingLeader)),
      territories: entry.territories,
    };
    tallySize = capitolLayout(plan).size;
  } else {
    plan = {
      kind: 'battle',
      attackers,
      defenders: entry.defenders,
      tables: compileTables(diceRule(entry, entry.fortress, entry.defendingLeader)),
    };
    tallySize = battleLayout(attackers, entry.defenders).size;
  }
  return { label, type: entry.type, plan, tallySize };
}

function headlineCount(plan: LandgrabPlan, tally: Float64Array): number {
  if (plan.kind === 'chain') return tally[chainLayout(plan).taken + plan.steps.length];
  let wins = 0;
  for (let a = 0; a <= plan.attackers; a++) wins += tally[a];
  return wins;
}

/** The same plan with every dice table in lockstep mode (see BattleTables.lockstep). */
function lockstepPlan(plan: LandgrabPlan): LandgrabPlan {
  if (plan.kind === 'chain')
    return { ...plan, steps: plan.steps.map((s) => ({ ...s, tables: { ...s.tables, lockstep: true } })) };
  return { ...plan, tables: { ...plan.tables, lockstep: true } };
}

export const landgrab: RuleSystemWithOdds<LandgrabEntry, LandgrabPlan> = {
  id: 'landgrab',
  title: 'LandGrab (Risk-style dice with fortresses, leaders and capitols)',
  battleSchema: landgrabEntrySchema as never,
  check,
  compile,
  kernels: landgrabKernels,
  headlineCount,
  solve: solvePlan,
  lockstep: lockstepPlan,
  summarize: summarizeLandgrab,
  odds: landgrabOdds,
};
