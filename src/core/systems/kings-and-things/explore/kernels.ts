/**
 * The exploration kernel, both `fast` and `faithful`: the drawn army differs every trial, so
 * there is no table to precompute, and each trial fights with the counter resolver
 * (exploration.ts). The exact enumeration (exact.ts) is the check.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { stackExcess } from '../rules/retreat.js';
import { ROUND_BINS } from '../rules/layout.js';
import { Exploration } from './exploration.js';
import { EXPLORED, NO_DEFENDERS, RETREATED, type ExplorePlan } from './plan.js';

export function runExplorations(plan: ExplorePlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const L = plan.at;
  const exploration = new Exploration(plan, plan.explorer.names.length);
  exploration.loadArmy(plan.explorer, plan.explorerRetreat);
  for (let t = 0; t < trials; t++) {
    const outcome = exploration.explore(rng);
    const explored = outcome === NO_DEFENDERS || outcome === EXPLORED;
    tally[L.outcome + outcome]++;
    tally[L.drawn + exploration.k]++;
    tally[L.fighting + exploration.fighting]++;
    tally[L.gold + exploration.gold]++;
    // A retreating explorer loses the excess over the stack limit in his retreat hex (9.2).
    const alive = exploration.alive;
    const lost = outcome === RETREATED ? stackExcess(alive, plan.explorerFriendly) : 0;
    tally[(explored ? L.explorerLeftSuccess : L.explorerLeftFailure) + alive - lost]++;
    tally[L.stackLoss + lost]++;
    tally[L.rounds + (exploration.rounds < ROUND_BINS ? exploration.rounds : ROUND_BINS)]++;
  }
}
