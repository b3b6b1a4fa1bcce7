/**
 * Exact exploration odds: every multiset of counter classes the cup can yield for a
 * roll of 2-5 (multivariate hypergeometric weights), each fought out with the exact
 * duel solver. Offered when there are at most MAX_MULTISETS draws to solve (custom
 * small cups, tests); the 1986 cup yields far more, and then it says so (unsolved).
 */
import type { Solution, Unsolved } from '../../../model/contract.js';
import { creatureCounter, type Counter } from '../rules/counters.js';
import { ROUND_BINS } from '../rules/layout.js';
import { NEVER } from '../rules/retreat.js';
import { compileSide } from '../rules/tables.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  duelLayout,
  type DuelRules,
} from '../duel/plan.js';
import { MAX_EXACT_WORK, budgetReason, solveDuelInto, type WorkBudget } from '../duel/exact.js';
import { bribe, classWorth } from './exploration.js';
import { ELIMINATED, EXPLORED, MAX_DRAWN, NO_DEFENDERS, RETREATED, type ExplorePlan } from './plan.js';

export const MAX_MULTISETS = 3000;

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 0; i < k; i++) s += Math.log(n - i) - Math.log(i + 1);
  return s;
}

/** Every way to draw k counters as counts per class (within the copies), or null past the limit. */
function multisets(copies: Int32Array, k: number, limit: number): number[][] | null {
  const out: number[][] = [];
  const counts = new Array<number>(copies.length).fill(0);
  const walk = (c: number, left: number): boolean => {
    if (left === 0) {
      out.push(counts.slice());
      return out.length <= limit;
    }
    if (c === copies.length) return true;
    for (let m = Math.min(left, copies[c]); m >= 0; m--) {
      counts[c] = m;
      if (!walk(c + 1, left - m)) return false;
      counts[c] = 0;
    }
    return true;
  };
  return walk(0, k) ? out : null;
}

/** Every draw of a roll of 2-5 as counts per class, or null when there are more than MAX_MULTISETS. */
export function explorationDraws(plan: ExplorePlan): Array<{ k: number; sets: number[][] }> | null {
  const cupSize = plan.classCopies.reduce((s, x) => s + x, 0);
  const draws: Array<{ k: number; sets: number[][] }> = [];
  let total = 0;
  for (let roll = 2; roll <= 5; roll++) {
    const k = Math.min(roll, cupSize);
    const sets = multisets(plan.classCopies, k, MAX_MULTISETS - total);
    if (!sets) return null;
    total += sets.length;
    draws.push({ k, sets });
  }
  return draws;
}

/** The battle against one set of drawn defenders (class ids, weakest first). */
function duelAgainst(plan: ExplorePlan, defenders: number[]): DuelRules {
  const counters: Counter[] = defenders.map((c) =>
    creatureCounter('drawn', {
      value: plan.classValue[c],
      magic: plan.classStep[c] === 0,
      ranged: plan.classStep[c] === 1,
      charge: plan.classDice[c] === 2,
      flying: false,
      hits: plan.classHits[c],
      hitModifier: plan.classMod[c],
    }),
  );
  return {
    attacker: plan.explorer,
    defender: compileSide(counters),
    defenderBuildings: compileSide([]),
    buildingsFightOn: true,
    attackerRetreat: plan.explorerRetreat,
    defenderRetreat: NEVER,
    attackerFriendly: plan.explorerFriendly,
    defenderFriendly: 0,
    fortLevel: 0,
    specials: 0,
  };
}

export function solveExploration(plan: ExplorePlan): Solution | Unsolved {
  const draws = explorationDraws(plan);
  if (!draws) {
    const kinds = plan.classCopies.length;
    return {
      unsolved:
        `the cup holds ${kinds} kinds of counters, so a draw of 2 to 5 can come out more than ${MAX_MULTISETS} ` +
        'different ways, more than the exact solver enumerates (it covers small custom cups)',
    };
  }
  // One work budget for every battle of the enumeration.
  const budget: WorkBudget = { work: MAX_EXACT_WORK };
  const L = plan.at;
  const out = new Float64Array(L.size);
  const cupSize = plan.classCopies.reduce((s, x) => s + x, 0);
  const nA = plan.explorer.creatureCount;
  const none = 1 / 3;
  out[L.outcome + NO_DEFENDERS] += none;
  out[L.drawn] += none;
  out[L.fighting] += none;
  out[L.explorerLeftSuccess + nA] += none;
  out[L.rounds] += none;
  out[L.gold] += none;
  out[L.stackLoss] += none;
  const cache = new Map<string, { at: ReturnType<typeof duelLayout>['at']; solution: Float64Array }>();
  /** The solved battle against these defenders, or why the budget ran out. */
  const solved = (defenders: number[]) => {
    const key = defenders.join(',');
    let found = cache.get(key);
    if (!found) {
      const rules = duelAgainst(plan, defenders);
      const { at } = duelLayout(rules);
      const solution = new Float64Array(at.size);
      const result = solveDuelInto(rules, at, solution, budget);
      if (!result.solved) {
        const reason = budgetReason(rules, result.rounds, result.live);
        return `after ${cache.size} battles against different draws were solved, the next: ${reason}`;
      }
      found = { at, solution };
      cache.set(key, found);
    }
    return found;
  };
  const drawn = new Int32Array(MAX_DRAWN);
  for (const { k, sets } of draws) {
    const logAll = logChoose(cupSize, k);
    for (const counts of sets) {
      let logWeight = -logAll;
      for (let c = 0; c < counts.length; c++) logWeight += logChoose(plan.classCopies[c], counts[c]);
      const p = Math.exp(logWeight) / 6;
      // Strongest first, as the kernel sorts them.
      const classes: number[] = [];
      counts.forEach((m, c) => {
        for (let j = 0; j < m; j++) classes.push(c);
      });
      classes.sort((a, b) => classWorth(plan, b) - classWorth(plan, a));
      classes.forEach((c, i) => (drawn[i] = c));
      const gold = bribe(plan, drawn, k);
      const defenders: number[] = [];
      for (let i = k - 1; i >= 0; i--) if (drawn[i] >= 0 && plan.classValue[drawn[i]] > 0) defenders.push(drawn[i]);
      out[L.drawn + k] += p;
      out[L.fighting + defenders.length] += p;
      out[L.gold + gold] += p;
      if (defenders.length === 0) {
        out[L.outcome + EXPLORED] += p;
        out[L.explorerLeftSuccess + nA] += p;
        out[L.rounds] += p;
        out[L.stackLoss] += p;
        continue;
      }
      const battle = solved(defenders);
      if (typeof battle === 'string') return { unsolved: battle };
      const { at: D, solution } = battle;
      const o = (bin: number) => solution[D.outcome + bin];
      out[L.outcome + EXPLORED] += p * (o(CAPTURE_ELIMINATED) + o(CAPTURE_RETREATED));
      out[L.outcome + ELIMINATED] += p * (o(HOLD_ELIMINATED) + o(HOLD_MUTUAL) + o(HOLD_ROUND_LIMIT));
      out[L.outcome + RETREATED] += p * o(HOLD_RETREATED);
      for (let a = 0; a <= nA; a++) {
        out[L.explorerLeftSuccess + a] += p * solution[D.attackerLeftCapture + a];
        out[L.explorerLeftFailure + a] += p * solution[D.attackerLeftHold + a];
        out[L.stackLoss + a] += p * solution[D.attackerStackLoss + a];
      }
      for (let r = 0; r <= ROUND_BINS; r++) out[L.rounds + r] += p * solution[D.rounds + r];
    }
  }
  return { probabilities: out };
}
