/**
 * LandGrab hot loops. One kernel per plan kind, each parameterised by how a single
 * battle is fought (exact round tables or real dice). No allocation per battle:
 * state is two integers and the tally is a flat Float64Array.
 */
import type { Kernel, Sampler } from '../../model/contract.js';
import type { Xoshiro128 } from '../../random/xoshiro128.js';
import { fightByTables, fightByTablesUnderRule, fightWithDice, fightWithDiceUnderRule } from './rules/fight.js';
import { ARMY_PACK, MAX_DICE, type BattleTables } from './rules/tables.js';
import type { BattleOffsets, LandgrabPlan } from './plan.js';
import { convertedArmies } from './rules/capitol.js';
import { die } from '../../random/dice.js';

type Fight = (t: BattleTables, a: number, d: number, rng: Xoshiro128) => number;
/** A fight under a stop rule: `stop[a * width + d]` is 1 where the attacker breaks off. */
type FightUnderRule = (
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  stop: Uint8Array,
  width: number,
) => number;

const attackerRoll = new Int32Array(MAX_DICE);
const defenderRoll = new Int32Array(MAX_DICE);
const fightDice: Fight = (t, a, d, rng) => fightWithDice(t, a, d, rng, attackerRoll, defenderRoll);
const fightDiceUnderRule: FightUnderRule = (t, a, d, rng, stop, width) =>
  fightWithDiceUnderRule(t, a, d, rng, stop, width, attackerRoll, defenderRoll);

function makeKernel(plainFight: Fight, fightUnderRule: FightUnderRule): Kernel<LandgrabPlan> {
  return (plan, rng, trials, tally) => {
    // Under a stop rule each step's fight reads its mask; without one the plain loop runs untouched.
    const masks = plan.kind !== 'capitol' ? plan.policy?.masks : undefined;
    if (plan.kind === 'battle') {
      const layout = plan.at;
      const { tables, attackers, defenders } = plan;
      for (let i = 0; i < trials; i++) {
        const end = masks
          ? fightUnderRule(tables, attackers, defenders, rng, masks[0], defenders + 1)
          : plainFight(tables, attackers, defenders, rng);
        recordBattle(layout, end, tally);
      }
    } else if (plan.kind === 'capitol') {
      const layout = plan.at;
      for (let i = 0; i < trials; i++) {
        const end = plainFight(plan.tables, plan.attackers, plan.defenders, rng);
        if (recordBattle(layout, end, tally)) {
          const ratio = die(rng, 100);
          tally[layout.converted + convertedArmies(plan.territories, ratio)]++;
        }
      }
    } else {
      const layout = plan.at;
      const steps = plan.steps;
      for (let i = 0; i < trials; i++) {
        let a = plan.attackers;
        let taken = 0;
        for (let s = 0; s < steps.length; s++) {
          // Attacking needs more armies than the stop level, and at least 2.
          if (a <= steps[s].tables.stopAt || a < 2) break;
          const { tables, defenders } = steps[s];
          const end = masks
            ? fightUnderRule(tables, a, defenders, rng, masks[s], defenders + 1)
            : plainFight(tables, a, defenders, rng);
          if (end % ARMY_PACK !== 0) break;
          taken++;
          // Conquered: leave one behind, move the rest into the new territory.
          a = Math.floor(end / ARMY_PACK) - 1;
        }
        tally[layout.taken + taken]++;
        if (taken === steps.length) tally[layout.finalArmies + a]++;
      }
    }
  };
}

/** Adds one finished battle to the tally; true when the attacker conquered. */
function recordBattle(layout: BattleOffsets, end: number, tally: Float64Array): boolean {
  const d = end % ARMY_PACK;
  const a = (end - d) / ARMY_PACK;
  if (d === 0) {
    tally[layout.won + a]++;
    return true;
  }
  tally[layout.heldAttacker + a]++;
  tally[layout.heldDefender + d]++;
  return false;
}

/** The same plan with every dice table in lockstep mode (see BattleTables.lockstep). */
function lockstep(plan: LandgrabPlan): LandgrabPlan {
  if (plan.kind === 'chain') {
    return { ...plan, steps: plan.steps.map((s) => ({ ...s, tables: { ...s.tables, lockstep: true } })) };
  }
  return { ...plan, tables: { ...plan.tables, lockstep: true } };
}

export const landgrabSampler: Sampler<LandgrabPlan> = {
  fast: makeKernel(fightByTables, fightByTablesUnderRule),
  faithful: makeKernel(fightDice, fightDiceUnderRule),
  lockstep,
};
