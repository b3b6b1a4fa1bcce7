/**
 * LandGrab hot loops. One kernel per plan kind, each parameterised by how a single
 * battle is fought (exact round tables or real dice). No allocation per battle:
 * state is two integers and the tally is a flat Float64Array.
 */
import type { Kernel, Sampler } from '../../engine/contract.js';
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { fightByTables, fightWithDice } from './fight.js';
import { ARMY_PACK, MAX_DICE, type BattleTables } from './tables.js';
import type { BattleOffsets, LandgrabPlan } from './plan.js';
import { convertedArmies } from './capitol.js';
import { die } from '../../kit/dice.js';

type Fight = (t: BattleTables, a: number, d: number, rng: Xoshiro128) => number;

const attackerRoll = new Int32Array(MAX_DICE);
const defenderRoll = new Int32Array(MAX_DICE);
const fightDice: Fight = (t, a, d, rng) => fightWithDice(t, a, d, rng, attackerRoll, defenderRoll);

function makeKernel(fight: Fight): Kernel<LandgrabPlan> {
  return (plan, rng, trials, tally) => {
    if (plan.kind === 'battle') {
      const layout = plan.at;
      for (let i = 0; i < trials; i++) {
        const end = fight(plan.tables, plan.attackers, plan.defenders, rng);
        recordBattle(layout, end, tally);
      }
    } else if (plan.kind === 'capitol') {
      const layout = plan.at;
      for (let i = 0; i < trials; i++) {
        const end = fight(plan.tables, plan.attackers, plan.defenders, rng);
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
          const end = fight(steps[s].tables, a, steps[s].defenders, rng);
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
  fast: makeKernel(fightByTables),
  faithful: makeKernel(fightDice),
  lockstep,
};
