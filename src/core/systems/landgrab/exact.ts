/**
 * Exact LandGrab solver: a Markov chain over (attacker territory armies a, defender
 * armies d). Every round removes at least one army, so pushing probability mass in
 * order of decreasing a + d visits each transient state once: O(A * D * dice).
 *
 * @example
 * solveBattle(compileTables(standardRule), 4, 2).pWin // 6610505 / 10077696
 */
import { STRIDE, type BattleTables } from './rules/tables.js';
import type { LandgrabPlan } from './plan.js';
import type { Solution } from '../../model/contract.js';
import { conversionDistribution } from './rules/capitol.js';

export interface BattleSolution {
  pWin: number;
  /**
   * Which end states can be reached at all (1), decided on the dice tables' exact counts rather
   * than the floats (a chance of 1e-5400 underflows to 0): won[a], heldAttacker[a], heldDefender[d].
   */
  reach: { won: Uint8Array; heldAttacker: Uint8Array; heldDefender: Uint8Array };
  /** P(attacker conquers with a armies left in the attacking territory), index a. */
  won: Float64Array;
  /** P(defender holds with the attacker's territory at a armies), index a. */
  heldAttacker: Float64Array;
  /** P(defender holds with d armies left), index d. */
  heldDefender: Float64Array;
}

/** The most (attackers + 1) x (defenders + 1) states the solver takes on (80 MB of probabilities). */
export const MAX_EXACT_STATES = 10_000_000;

/** States the solver visits for a plan: (attackers + 1) x (defenders + 1), summed over a chain's steps. */
export function exactStates(plan: LandgrabPlan): number {
  const steps = plan.kind === 'chain' ? plan.steps.map((s) => s.defenders) : [plan.defenders];
  return steps.reduce((sum, d) => sum + (plan.attackers + 1) * (d + 1), 0);
}

/**
 * Solve from a distribution of starting attacker armies (index a -> probability)
 * against `defenders`. A point start is a distribution with one 1.
 */
export function solveFromDistribution(
  t: BattleTables,
  start: Float64Array,
  defenders: number,
  /** A stop rule: 1 at a * (defenders + 1) + d where the attacker breaks off. */
  stop?: Uint8Array,
  /** Which starting counts can happen (default: those with a probability above 0). */
  startReach?: Uint8Array,
): BattleSolution {
  const maxA = start.length - 1;
  const width = defenders + 1;
  const mass = new Float64Array((maxA + 1) * width);
  // Reachability beside the mass: a probability may underflow to 0, a reachable state stays reachable.
  const reached = new Uint8Array((maxA + 1) * width);
  for (let a = 0; a <= maxA; a++) {
    mass[a * width + defenders] = start[a];
    reached[a * width + defenders] = startReach ? startReach[a] : start[a] > 0 ? 1 : 0;
  }
  const won = new Float64Array(maxA + 1);
  const heldAttacker = new Float64Array(maxA + 1);
  const heldDefender = new Float64Array(defenders + 1);
  const reach = {
    won: new Uint8Array(maxA + 1),
    heldAttacker: new Uint8Array(maxA + 1),
    heldDefender: new Uint8Array(defenders + 1),
  };
  for (let total = maxA + defenders; total >= 0; total--) {
    const aFrom = Math.max(0, total - defenders);
    const aTo = Math.min(maxA, total);
    for (let a = aTo; a >= aFrom; a--) {
      const d = total - a;
      if (reached[a * width + d] === 0) continue;
      const p = mass[a * width + d];
      if (d === 0) {
        won[a] += p;
        reach.won[a] = 1;
      } else if (a <= t.stopAt || a < 2 || (stop !== undefined && stop[a * width + d] === 1)) {
        heldAttacker[a] += p;
        heldDefender[d] += p;
        reach.heldAttacker[a] = 1;
        reach.heldDefender[d] = 1;
      } else {
        const nA = Math.min(t.attackerDice, a - 1);
        const nD = Math.min(t.defenderDice, d);
        const c = (nA - 1) * t.defenderDice + (nD - 1);
        const k = t.pairs[c];
        for (let loss = 0; loss <= k; loss++) {
          // probs are counts / total: 0 exactly when no roll gives this outcome.
          const q = t.probs[c * STRIDE + loss];
          if (q === 0) continue;
          const next = (a - loss) * width + (d - (k - loss));
          mass[next] += p * q;
          reached[next] = 1;
        }
      }
    }
  }
  let pWin = 0;
  for (let a = 0; a <= maxA; a++) pWin += won[a];
  return { pWin, won, heldAttacker, heldDefender, reach };
}

export function solveBattle(t: BattleTables, attackers: number, defenders: number): BattleSolution {
  const start = new Float64Array(attackers + 1);
  start[attackers] = 1;
  return solveFromDistribution(t, start, defenders);
}

/**
 * Exact probabilities laid out exactly like the plan's Monte Carlo tally (`plan.at`), so
 * the summary and the tests compare bin by bin. `size` is the layout's length.
 */
export function solvePlan(plan: LandgrabPlan, size: number): Solution {
  const out = new Float64Array(size);
  const possible = new Uint8Array(size);
  if (plan.kind === 'battle' || plan.kind === 'capitol') {
    const start = new Float64Array(plan.attackers + 1);
    start[plan.attackers] = 1;
    const rule = plan.kind === 'battle' ? plan.policy?.masks[0] : undefined;
    const s = solveFromDistribution(plan.tables, start, plan.defenders, rule);
    out.set(s.won, plan.at.won);
    out.set(s.heldAttacker, plan.at.heldAttacker);
    out.set(s.heldDefender, plan.at.heldDefender);
    possible.set(s.reach.won, plan.at.won);
    possible.set(s.reach.heldAttacker, plan.at.heldAttacker);
    possible.set(s.reach.heldDefender, plan.at.heldDefender);
    if (plan.kind === 'capitol') {
      // The conversion ratio is drawn independently of the battle: P(conquest) x its distribution.
      const conversion = conversionDistribution(plan.territories);
      const canWin = s.reach.won.includes(1);
      for (let x = 0; x < conversion.length; x++) {
        out[plan.at.converted + x] = s.pWin * conversion[x];
        possible[plan.at.converted + x] = canWin && conversion[x] > 0 ? 1 : 0;
      }
    }
    return { probabilities: out, possible };
  }
  let entering = new Float64Array(plan.attackers + 1);
  let enteringReach = new Uint8Array(plan.attackers + 1);
  entering[plan.attackers] = 1;
  enteringReach[plan.attackers] = 1;
  for (let s = 0; s < plan.steps.length; s++) {
    const step = plan.steps[s];
    const solution = solveFromDistribution(step.tables, entering, step.defenders, plan.policy?.masks[s], enteringReach);
    // Stopped at this step: held with the attacker at any count (summed, not 1 minus the rest: no rounding).
    let held = 0;
    for (let a = 0; a <= plan.attackers; a++) held += solution.heldAttacker[a];
    out[plan.at.taken + s] = held;
    possible[plan.at.taken + s] = solution.reach.heldAttacker.includes(1) ? 1 : 0;
    // After a conquest with a armies, a - 1 move into the conquered territory.
    const next = new Float64Array(plan.attackers + 1);
    const nextReach = new Uint8Array(plan.attackers + 1);
    for (let a = 1; a <= plan.attackers; a++) {
      next[a - 1] += solution.won[a];
      if (solution.reach.won[a] === 1) nextReach[a - 1] = 1;
    }
    entering = next;
    enteringReach = nextReach;
  }
  let taken = 0;
  for (let a = 0; a <= plan.attackers; a++) taken += entering[a];
  out[plan.at.taken + plan.steps.length] = taken;
  possible[plan.at.taken + plan.steps.length] = enteringReach.includes(1) ? 1 : 0;
  out.set(entering, plan.at.finalArmies);
  possible.set(enteringReach, plan.at.finalArmies);
  return { probabilities: out, possible };
}
