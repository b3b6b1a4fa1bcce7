/**
 * Exploration (10.x, 11.9): the explorer rolls a die; on 1 or 6 the hex has no
 * defenders; on 2-5 that many counters are drawn from the cup (without replacement,
 * copies as in the roster). Drawn creatures defend and never retreat; drawn counters
 * that are not creatures (with cup `all-counters`) do not fight.
 *
 * Bribery (optional): before the first round the explorer pays a drawn creature's
 * combat value in gold (x2 when `double`) to remove it, strongest first, skipping any
 * he cannot afford, while gold lasts.
 *
 * Drawn defenders take losses weakest first (for creatures alone every named policy
 * gives this order). The drawn army differs every trial, so there is no table to
 * precompute: both kernels fight with the per-die resolver (faithful.ts), and the exact
 * enumeration (exploreExact.ts) is the check.
 */
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { CounterBattle } from './faithful.js';
import {
  ELIMINATED,
  EXPLORED,
  MAX_DRAWN,
  NEVER,
  NO_DEFENDERS,
  RETREATED,
  ROUND_BINS,
  stackExcess,
  type CupClasses,
  type ExplorePlan,
  type ExploreRules,
} from './plan.js';
import { die } from '../../kit/dice.js';

/**
 * Ordering key, higher = stronger: value x dice, then the earlier step (magic first),
 * then the higher value. It differs for every (value, dice, step), so sorting never
 * depends on the order counters were drawn in.
 */
export const classWorth = (plan: CupClasses, c: number) =>
  plan.classValue[c] * plan.classDice[c] * 64 + (2 - plan.classStep[c]) * 8 + plan.classValue[c];

/**
 * Bribe drawn classes in place: returns gold spent; bribed entries become -1.
 * `drawn` holds class ids sorted strongest first.
 */
export function bribe(plan: ExploreRules, drawn: Int32Array, k: number): number {
  if (plan.bribeGold < 0) return 0;
  let gold = plan.bribeGold;
  for (let i = 0; i < k; i++) {
    const c = drawn[i];
    if (c < 0 || plan.classValue[c] === 0) continue;
    const cost = plan.classValue[c] * plan.bribeMultiplier;
    if (cost <= gold) {
      gold -= cost;
      drawn[i] = -1;
    }
  }
  return plan.bribeGold - gold;
}

export function runExplorations(plan: ExplorePlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const L = plan.at;
  // The cup as one class id per counter; partial Fisher-Yates keeps it a permutation.
  let cupSize = 0;
  for (let c = 0; c < plan.classCopies.length; c++) cupSize += plan.classCopies[c];
  const cup = new Int32Array(cupSize);
  for (let c = 0, at = 0; c < plan.classCopies.length; c++) for (let j = 0; j < plan.classCopies[c]; j++) cup[at++] = c;
  const drawn = new Int32Array(MAX_DRAWN);
  const battle = new CounterBattle(2, Math.max(MAX_DRAWN, plan.explorer.names.length));
  battle.loadSide(1, plan.explorer, plan.explorerRetreat);
  battle.retreats[0] = NEVER;
  const nA = plan.explorer.creatureCount;
  for (let t = 0; t < trials; t++) {
    const roll = die(rng, 6);
    if (roll === 1 || roll === 6) {
      tally[L.outcome + NO_DEFENDERS]++;
      tally[L.drawn]++;
      tally[L.fighting]++;
      tally[L.explorerLeftSuccess + nA]++;
      tally[L.rounds]++;
      tally[L.gold]++;
      tally[L.stackLoss]++;
      continue;
    }
    const k = roll < cupSize ? roll : cupSize;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor((rng.nextUint32() * (cupSize - i)) / 4294967296);
      const swap = cup[i];
      cup[i] = cup[j];
      cup[j] = swap;
      drawn[i] = cup[i];
    }
    // Strongest first (insertion sort of at most 5).
    for (let i = 1; i < k; i++) {
      const c = drawn[i];
      let j = i;
      while (j > 0 && classWorth(plan, drawn[j - 1]) < classWorth(plan, c)) {
        drawn[j] = drawn[j - 1];
        j--;
      }
      drawn[j] = c;
    }
    const gold = bribe(plan, drawn, k);
    // Defenders in loss order: weakest first, i.e. the sorted list backwards.
    let n = 0;
    for (let i = k - 1; i >= 0; i--) {
      const c = drawn[i];
      if (c < 0 || plan.classValue[c] === 0) continue;
      battle.building[n] = 0;
      battle.value[n] = plan.classValue[c];
      battle.step[n] = plan.classStep[c];
      battle.dice[n] = plan.classDice[c];
      n++;
    }
    battle.n[0] = n;
    tally[L.drawn + k]++;
    tally[L.fighting + n]++;
    tally[L.gold + gold]++;
    battle.fight(rng);
    const explored = !battle.roundLimit && battle.fighting(1);
    const outcome = explored ? EXPLORED : battle.left[1] ? RETREATED : ELIMINATED;
    tally[L.outcome + outcome]++;
    // A retreating explorer loses the excess over the stack limit in his retreat hex (9.2).
    const alive = battle.creaturesAlive(1);
    const lost = outcome === RETREATED ? stackExcess(alive, plan.explorerFriendly) : 0;
    tally[(explored ? L.explorerLeftSuccess : L.explorerLeftFailure) + alive - lost]++;
    tally[L.stackLoss + lost]++;
    tally[L.rounds + (battle.round < ROUND_BINS ? battle.round : ROUND_BINS)]++;
  }
}
