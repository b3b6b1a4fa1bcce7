/**
 * Exact solver for two-sided battles with fixed loss orders. The state is the hits
 * absorbed by each side, (ha, hd); a round is three step transitions, each the product
 * of the two sides' exact hit distributions (tables.ts). Probability mass is pushed
 * round by round, so the rounds-fought distribution is exact too; battles still going
 * after MAX_ROUNDS (mass below 1e-300 in practice) land in the round-limit bin.
 *
 * Retreats that depend only on (ha, hd, round) are exact as well. Not solved (null):
 * a defender that may retreat while a fort, city or village of its own still stands and
 * `fortAfterRetreat` is `fights-on` (the battle would go on against the buildings, a
 * state this solver does not carry). With `falls` the retreat ends the battle: solved.
 */
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  MAX_ROUNDS,
  duelLayout,
  fortLevelsOffsets,
  type DuelPlan,
  type KtPlan,
} from './plan.js';
import { isNever, wantsRetreat } from './retreat.js';
import { addDuelEnd, addPostBattleExact, isCapture } from './record.js';
import { MAX_MULTISETS, explorationDraws, solveExploration } from './exploreExact.js';

/** Stop pushing rounds once this little probability is still in play. */
const NEGLIGIBLE = 1e-16;

export function duelSolvable(plan: DuelPlan): boolean {
  return isNever(plan.defenderRetreat) || plan.defenderBuildings.capacity === 0 || !plan.buildingsFightOn;
}

export function solveDuel(plan: DuelPlan): Float64Array | null {
  if (!duelSolvable(plan)) return null;
  const A = plan.attacker;
  const D = plan.defender;
  const L = duelLayout(plan);
  const out = new Float64Array(L.size);
  const W = D.capacity + 1;
  const states = (A.capacity + 1) * W;
  let mass = new Float64Array(states);
  let next = new Float64Array(states);
  mass[0] = 1;
  let pCapture = 0;
  const end = (outcome: number, round: number, ha: number, hd: number, p: number) => {
    addDuelEnd(L, out, outcome, round, A.creatures[ha], A.creatureValue[ha], D.creatures[hd], D.creatureValue[hd], p);
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
  while (live > NEGLIGIBLE && round < MAX_ROUNDS) {
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
  addPostBattleExact(plan, L, out, pCapture);
  return out;
}

/** What the exact solver covers, completing "it solves ..." in the engine's message. */
export const EXACT_SCOPE =
  'two-sided battles and fort-level comparisons whose defender does not retreat while its fort, city or village ' +
  `could fight on, and explorations of small custom cups (at most ${MAX_MULTISETS} different draws); multi-player battles are only sampled`;

const DUEL_REASON =
  "the defender may retreat while its fort, city or village still stands and fights on (fortAfterRetreat 'fights-on')";

/** Why solvePlan(plan) answers null, or null when it solves the plan. */
export function cannotSolveReason(plan: KtPlan): string | null {
  switch (plan.kind) {
    case 'battle':
      return duelSolvable(plan) ? null : DUEL_REASON;
    case 'fort-levels': {
      const i = plan.duels.findIndex((d) => !duelSolvable(d));
      return i < 0 ? null : `${DUEL_REASON} at fort level ${plan.levels[i]}`;
    }
    case 'explore':
      return explorationDraws(plan)
        ? null
        : `the cup yields more than ${MAX_MULTISETS} different draws (the exact enumeration covers small custom cups)`;
    case 'multi':
      return 'multi-player battles are only sampled';
  }
}

/** Exact probabilities in the plan's tally layout, or null when the plan cannot be solved exactly. */
export function solvePlan(plan: KtPlan): Float64Array | null {
  switch (plan.kind) {
    case 'battle':
      return solveDuel(plan);
    case 'fort-levels': {
      const { offsets, size } = fortLevelsOffsets(plan);
      const out = new Float64Array(size);
      for (let i = 0; i < plan.duels.length; i++) {
        const part = solveDuel(plan.duels[i]);
        if (!part) return null;
        out.set(part, offsets[i]);
      }
      return out;
    }
    case 'explore':
      return solveExploration(plan);
    case 'multi':
      return null;
  }
}
