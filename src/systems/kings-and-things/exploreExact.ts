/**
 * Exact exploration odds: every multiset of counter classes the cup can yield for a
 * roll of 2-5 (multivariate hypergeometric weights), each fought out with the exact
 * duel solver. Offered when there are at most MAX_MULTISETS draws to solve (custom
 * small cups, tests); the full 1986 cup has far more, and then it answers null.
 */
import { creatureCounter, type Counter } from './counters.js';
import { EXPLORED, ELIMINATED, NO_DEFENDERS, RETREATED, bribe, classWorth } from './explore.js';
import { MAX_DRAWN, NEVER, ROUND_BINS, duelLayout, exploreLayout, type DuelPlan, type ExplorePlan } from './plan.js';
import { compileSide } from './tables.js';
import { solveDuel } from './exact.js';

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

export function solveExploration(plan: ExplorePlan): Float64Array | null {
  const draws = explorationDraws(plan);
  if (!draws) return null;
  const L = exploreLayout(plan);
  const out = new Float64Array(L.size);
  const cupSize = plan.classCopies.reduce((s, x) => s + x, 0);
  const nA = plan.explorer.creatureCount;
  const none = 1 / 3;
  out[L.outcome + NO_DEFENDERS] += none;
  out[L.drawn] += none;
  out[L.fighting] += none;
  out[L.explorerLeft + nA] += none;
  out[L.rounds] += none;
  out[L.gold] += none;
  const cache = new Map<string, Float64Array | null>();
  const duelFor = (defenders: number[]): { plan: DuelPlan; solution: Float64Array | null } => {
    const counters: Counter[] = defenders.map((c) =>
      creatureCounter('drawn', {
        value: plan.classValue[c],
        magic: plan.classStep[c] === 0,
        ranged: plan.classStep[c] === 1,
        charge: plan.classDice[c] === 2,
        flying: false,
      }),
    );
    const duel: DuelPlan = {
      kind: 'battle',
      attacker: plan.explorer,
      defender: compileSide(counters),
      defenderBuildings: compileSide([]),
      buildingsFightOn: true,
      attackerRetreat: plan.explorerRetreat,
      defenderRetreat: NEVER,
      fortLevel: 0,
      specials: 0,
    };
    const key = defenders.join(',');
    if (!cache.has(key)) cache.set(key, solveDuel(duel));
    return { plan: duel, solution: cache.get(key) ?? null };
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
        out[L.explorerLeft + nA] += p;
        out[L.rounds] += p;
        continue;
      }
      const { plan: duel, solution } = duelFor(defenders);
      if (!solution) return null;
      const D = duelLayout(duel);
      out[L.outcome + EXPLORED] += p * (solution[D.outcome] + solution[D.outcome + 1]);
      out[L.outcome + ELIMINATED] += p * (solution[D.outcome + 2] + solution[D.outcome + 4] + solution[D.outcome + 5]);
      out[L.outcome + RETREATED] += p * solution[D.outcome + 3];
      for (let a = 0; a <= nA; a++) out[L.explorerLeft + a] += p * solution[D.attackerLeftCapture + a];
      for (let r = 0; r <= ROUND_BINS; r++) out[L.rounds + r] += p * solution[D.rounds + r];
    }
  }
  return out;
}
