/**
 * Exact solver for two-sided battles with fixed loss orders. The state is the hits
 * absorbed by each side, (ha, hd); a round is three step transitions, each the product
 * of the two sides' exact hit distributions (../rules/tables.ts). Probability mass is pushed
 * round by round, so the rounds-fought distribution is exact too. It stops once less than
 * 1e-16 is still in play (or at MAX_ROUNDS); that remainder lands in the round-limit bin.
 * Multi-hit counters (the `hits` knob) need nothing more: hits still go down the fixed loss
 * order, so the hits a side has absorbed still say which counters are hurt or gone.
 *
 * Retreats that depend only on (ha, hd, round) are exact as well. Not solved (unsolved,
 * with the reason): a defender that may retreat while a fort, city or village of its own
 * still stands and `fortAfterRetreat` is `fights-on` (the battle would go on against the
 * buildings, a state this solver does not carry); with `falls` the retreat ends the battle
 * and it is solved. Battles too large to solve within its work budget (a second or so) are
 * refused with their state count rather than run for many seconds.
 */
import type { Solution, Unsolved } from '../../../model/contract.js';
import { percentShort } from '../../../words/format.js';
import { MAX_ROUNDS } from '../rules/counterBattle.js';
import { mayRetreat, wantsRetreat } from '../rules/retreat.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  type DuelOffsets,
  type DuelPlan,
  type DuelRules,
} from './plan.js';
import { addDuelEnd, addPostBattleExact, isCapture } from './record.js';

/** Stop pushing rounds once this little probability is still in play. */
const NEGLIGIBLE = 1e-16;

/**
 * The exact solver's budget, counted in work (elementary updates: one state's pair of hit
 * counts in one step), never in time: about 1e8, a second or so. Battles whose probability decays slowly (many
 * counters that rarely hit) would need more rounds than that; they are refused with their
 * state count and sampled instead, rather than run for many seconds.
 */
export const MAX_EXACT_WORK = 1e8;

/**
 * What is left of the work budget; shared by every duel of one exact answer (explorations solve
 * many, the added-creature search one per kind). A solve spends what it used, solved or not.
 */
export interface WorkBudget {
  work: number;
}

/** Why the duel cannot be solved exactly at all, in a player's words, or null when it can be tried. */
export function duelUnsolvable(plan: DuelRules): string | null {
  if (mayRetreat(plan.defenderRetreat) && plan.defenderBuildings.capacity > 0 && plan.buildingsFightOn) {
    return (
      "the defender's creatures may retreat while its fort, city or village fights on alone, and the exact " +
      "solver does not follow that second phase (set fortAfterRetreat to 'falls' to solve it exactly)"
    );
  }
  return null;
}

export const duelStates = (plan: DuelRules) => (plan.attacker.capacity + 1) * (plan.defender.capacity + 1);

/** The reason given when the budget runs out. */
export function budgetReason(plan: DuelRules, rounds: number, live: number): string {
  return (
    `the battle has ${duelStates(plan).toLocaleString('en-US')} states (hits each side can take) and was still ` +
    `undecided after ${rounds} rounds (${percentShort(live)} of the probability) when the exact solver's ` +
    'work budget (about a second of solving) ran out'
  );
}

/** How a duel solve ended: solved, or out of budget after `rounds` with `live` mass still fighting. */
export type DuelSolve = { solved: true } | { solved: false; rounds: number; live: number };

/**
 * Exact probabilities of a duel, written at `at` into `out` (the duel's own layout), within
 * the budget (spent as it goes); `solved: false` when it ran out (then `out` is incomplete).
 */
export function solveDuelInto(
  plan: DuelRules,
  at: DuelOffsets,
  out: Float64Array,
  budget: WorkBudget = { work: MAX_EXACT_WORK },
): DuelSolve {
  const A = plan.attacker;
  const D = plan.defender;
  const W = D.capacity + 1;
  const states = (A.capacity + 1) * W;
  let mass = new Float64Array(states);
  let next = new Float64Array(states);
  mass[0] = 1;
  let pCapture = 0;
  const end = (outcome: number, round: number, ha: number, hd: number, p: number) => {
    const [aLeft, aValue, dLeft, dValue] = [A.creatures[ha], A.creatureValue[ha], D.creatures[hd], D.creatureValue[hd]];
    // Only the defender's retreat ends a battle in a capture by retreat here ('falls', or no buildings).
    addDuelEnd(plan, at, out, outcome, round, aLeft, aValue, dLeft, dValue, outcome === CAPTURE_RETREATED, p);
    if (isCapture(outcome)) pCapture += p;
  };
  /** Settle every state where a side is out of the fight; returns the mass still fighting. */
  const settle = (round: number): number => {
    let live = 0;
    for (let ha = 0; ha <= A.capacity; ha++) {
      for (let hd = 0; hd <= D.capacity; hd++) {
        const p = mass[ha * W + hd];
        if (p === 0) continue;
        const aIn = A.fighting[ha] !== 0;
        const dIn = D.fighting[hd] !== 0;
        if (aIn && dIn) {
          live += p;
          continue;
        }
        end(aIn ? CAPTURE_ELIMINATED : dIn ? HOLD_ELIMINATED : HOLD_MUTUAL, round, ha, hd, p);
        mass[ha * W + hd] = 0;
      }
    }
    return live;
  };
  let live = settle(0);
  let round = 0;
  let work = 0;
  while (live > NEGLIGIBLE && round < MAX_ROUNDS) {
    if (work > budget.work) {
      budget.work -= work;
      return { solved: false, rounds: round, live };
    }
    round++;
    for (let s = 0; s < 3; s++) {
      next.fill(0);
      for (let ha = 0; ha <= A.capacity; ha++) {
        for (let hd = 0; hd <= D.capacity; hd++) {
          const p = mass[ha * W + hd];
          if (p === 0) continue;
          const rowA = ha * 3 + s;
          const rowD = hd * 3 + s;
          const ka = A.maxHits[rowA];
          const kd = D.maxHits[rowD];
          work += (ka + 1) * (kd + 1);
          for (let i = 0; i <= ka; i++) {
            const pa = p * A.probs[rowA * A.stride + i];
            if (pa === 0) continue;
            const newHd = Math.min(D.capacity, hd + i);
            for (let j = 0; j <= kd; j++) {
              const pd = D.probs[rowD * D.stride + j];
              if (pd === 0) continue;
              next[Math.min(A.capacity, ha + j) * W + newHd] += pa * pd;
            }
          }
        }
      }
      [mass, next] = [next, mass];
    }
    settle(round);
    // End of round: the attacker may retreat, then the defender.
    live = 0;
    for (let ha = 0; ha <= A.capacity; ha++) {
      for (let hd = 0; hd <= D.capacity; hd++) {
        const p = mass[ha * W + hd];
        if (p === 0) continue;
        if (wantsRetreat(plan.attackerRetreat, round, A.strength[ha], D.strength[hd], A.creatures[ha])) {
          end(HOLD_RETREATED, round, ha, hd, p);
          mass[ha * W + hd] = 0;
        } else if (wantsRetreat(plan.defenderRetreat, round, D.strength[hd], A.strength[ha], D.creatures[hd])) {
          end(CAPTURE_RETREATED, round, ha, hd, p);
          mass[ha * W + hd] = 0;
        } else live += p;
      }
    }
  }
  for (let ha = 0; ha <= A.capacity; ha++) {
    for (let hd = 0; hd <= D.capacity; hd++) {
      const p = mass[ha * W + hd];
      if (p > 0) end(HOLD_ROUND_LIMIT, round, ha, hd, p);
    }
  }
  addPostBattleExact(plan, at, out, pCapture);
  budget.work -= work;
  return { solved: true };
}

/** The exact answer in the duel's layout, or why there is none (in a player's words). */
export function solveDuel(plan: DuelPlan): Solution | Unsolved {
  const why = duelUnsolvable(plan);
  if (why) return { unsolved: why };
  const out = new Float64Array(plan.at.size);
  const result = solveDuelInto(plan, plan.at, out);
  if (!result.solved) return { unsolved: budgetReason(plan, result.rounds, result.live) };
  return { probabilities: out };
}
