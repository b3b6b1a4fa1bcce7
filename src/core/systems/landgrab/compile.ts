/** A validated LandGrab entry -> plan (dice tables, army counts, tally offsets, stop rule) and its named layout. */
import type { Compiled } from '../../model/contract.js';
import type { TallyLayout } from '../../model/tallyLayout.js';
import { EntryIssue } from '../../model/inputError.js';
import { territoryArmies, type LandgrabEntry } from './schema.js';
import { compileTables, type DiceRule } from './rules/tables.js';
import {
  DEFENDER_HOLDS,
  HEADLINE,
  battleLayout,
  capitolLayout,
  chainLayout,
  type ChainStepPlan,
  type LandgrabPlan,
  type StopPolicy,
} from './plan.js';
import type { AttackPath } from './optimize/path.js';
import { whenToStop } from './optimize/stopping/whenToStop.js';
import { bestDefence } from './optimize/defence/bestDefence.js';
import { policyFromStopTable, stopsSomewhere } from './policy.js';
import { stoppingObjective, type ObjectiveChoice } from './optimize/objectives.js';

/**
 * The dice rule of one attack; `step` is its position on a chain (0: the first). An attacking
 * leader stays where the chain starts unless the entry lets it travel (`leaderMoves`).
 */
function diceRule(entry: LandgrabEntry, fortress: boolean, defendingLeader: boolean, step = 0): DiceRule {
  const travels = 'leaderMoves' in entry && entry.leaderMoves === 'every-attack';
  const leaderHere = entry.attackingLeader && (step === 0 || travels);
  return {
    attackerDice: entry.attackerDice,
    defenderDice: entry.defenderDice,
    attackerBonus: leaderHere ? entry.leaderBonus : 0,
    defenderBonus: (fortress ? entry.fortressBonus : 0) + (defendingLeader ? entry.leaderBonus : 0),
    ties: entry.ties,
    stopAt: entry.stopAt,
  };
}

/** The entry's stop rule, solved for its objective, as kernel masks (none if it never stops). */
function stopPolicy(path: AttackPath, rule: ObjectiveChoice): StopPolicy | undefined {
  let answer;
  try {
    answer = whenToStop(path, stoppingObjective(rule));
  } catch (error) {
    if (error instanceof RangeError) throw new EntryIssue(['stopRule'], `cannot be solved: ${error.message}`);
    throw error;
  }
  const policy = policyFromStopTable(path, answer.stopTable);
  return stopsSomewhere(policy) ? policy : undefined;
}

export function compileLandgrab(entry: LandgrabEntry): Compiled<LandgrabPlan> {
  const attackers = territoryArmies(entry);
  if (entry.type === 'chain' || entry.type === 'defence') {
    const defence = entry.type === 'defence' ? spreadDefenders(entry, attackers) : undefined;
    const steps: ChainStepPlan[] =
      entry.type === 'defence'
        ? (defence as NonNullable<typeof defence>).steps
        : entry.path.map((t, k) => ({
            defenders: t.defenders,
            tables: compileTables(diceRule(entry, t.fortress, t.defendingLeader, k)),
          }));
    const { layout, at } = chainLayout(attackers, steps.length, { defence: entry.type === 'defence' });
    const policy =
      entry.type === 'chain' && entry.stopRule ? stopPolicy({ attackers, steps }, entry.stopRule) : undefined;
    const plan = {
      kind: 'chain' as const,
      attackers,
      steps,
      at,
      ...(policy ? { policy } : {}),
      ...(defence ? { defence: defence.summary } : {}),
    };
    return { type: entry.type, plan, layout, headline: entry.type === 'defence' ? DEFENDER_HOLDS : HEADLINE };
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
  const policy = entry.stopRule
    ? stopPolicy({ attackers, steps: [{ defenders: entry.defenders, tables }] }, entry.stopRule)
    : undefined;
  const plan = {
    kind: 'battle' as const,
    attackers,
    defenders: entry.defenders,
    tables,
    at,
    ...(policy ? { policy } : {}),
  };
  return { type: 'battle', plan, layout, headline: HEADLINE };
}

/** The defender's best spread (solved exactly) as the chain the attacker fights, and what describe() shows. */
function spreadDefenders(entry: Extract<LandgrabEntry, { type: 'defence' }>, attackers: number) {
  const forts = new Set(entry.fortresses);
  const leaders = new Set(entry.leaders);
  const tables = Array.from({ length: entry.territories }, (_, k) =>
    compileTables(diceRule(entry, forts.has(k + 1), leaders.has(k + 1), k)),
  );
  let answer;
  try {
    answer = bestDefence({ attackers, armies: entry.armies, territories: tables });
  } catch (error) {
    if (error instanceof RangeError) throw new EntryIssue(['armies'], `cannot be solved: ${error.message}`);
    throw error;
  }
  const steps = answer.best.allocation.map((defenders, k) => ({ defenders, tables: tables[k] }));
  const summary = {
    allocation: answer.best.allocation,
    pHeld: answer.best.pHeld,
    ranking: answer.ranking.map((r) => ({ allocation: r.allocation, pHeld: r.pHeld })),
    baselines: answer.baselines.map((b) => ({ name: b.name, allocation: b.allocation, pHeld: b.pHeld })),
    allocations: answer.allocations,
    method: answer.method,
  };
  return { steps, summary };
}

/** The layout of a plan (the solver needs its size; kernels read `plan.at`). */
export function layoutOf(plan: LandgrabPlan): TallyLayout {
  if (plan.kind === 'chain')
    return chainLayout(plan.attackers, plan.steps.length, { defence: Boolean(plan.defence) }).layout;
  if (plan.kind === 'capitol') return capitolLayout(plan.attackers, plan.defenders, plan.territories).layout;
  return battleLayout(plan.attackers, plan.defenders).layout;
}
