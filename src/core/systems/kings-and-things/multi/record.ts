/**
 * The end of a multi-player battle, shared by both kernels: over an unexplored hex the one
 * army left explores it (11.9), then the record goes into the tally with the post-battle roll.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { ROUND_BINS } from '../rules/layout.js';
import { rollFortAfter, rollSpecialsDestroyed } from '../rules/postBattle.js';
import { stackExcess } from '../rules/retreat.js';
import { Exploration } from '../explore/exploration.js';
import { EXPLORED, NO_DEFENDERS, RETREATED } from '../explore/plan.js';
import type { MultiPlan } from './plan.js';

/** The explorer of an unowned hex's last army, made once per kernel call (null for an owned hex). */
export function explorationFor(plan: MultiPlan): Exploration | null {
  if (!plan.unowned) return null;
  return new Exploration(
    { ...plan.cup, bribeGold: -1, bribeMultiplier: 1 },
    Math.max(...plan.sides.map((s) => s.names.length)),
  );
}

/**
 * Unowned hex: "When only one army remains in the hex, roll for defenders and conduct exploration
 * as usual" (11.9). `holder` is the army left (P: none). Returns the gains bin (the player who
 * ends owning the hex, P when its exploration fails, P + 1 when no army is left; -1 for an owned
 * hex) and updates the explorer's creatures left (and whether it retreated from the exploration).
 */
export function exploreAfterFight(
  plan: MultiPlan,
  exploration: Exploration | null,
  rng: Xoshiro128,
  holder: number,
  survivors: Int32Array,
  retreated: Uint8Array,
): number {
  if (!exploration) return -1;
  const P = plan.sides.length;
  if (holder === P) return P + 1;
  const side = plan.sides[holder];
  // Hits go down the loss order, so the creatures alive are the last ones of it.
  exploration.loadArmy(side, plan.retreats[holder], side.names.length - survivors[holder]);
  const outcome = exploration.explore(rng);
  survivors[holder] = exploration.alive;
  if (outcome === RETREATED) retreated[holder] = 1;
  return outcome === NO_DEFENDERS || outcome === EXPLORED ? holder : P;
}

export function recordMultiEnd(
  plan: MultiPlan,
  tally: Float64Array,
  rng: Xoshiro128,
  holder: number,
  gains: number,
  round: number,
  creaturesLeft: Int32Array,
  retreated: Uint8Array,
): void {
  const L = plan.at;
  tally[L.holder + holder]++;
  if (gains >= 0) tally[L.gains + gains]++;
  tally[L.rounds + (round < ROUND_BINS ? round : ROUND_BINS)]++;
  for (let p = 0; p < creaturesLeft.length; p++) {
    // A player whose creatures retreated loses the excess over the stack limit in his retreat hex (9.2).
    const lost = retreated[p] ? stackExcess(creaturesLeft[p], plan.friendly[p]) : 0;
    tally[L.creaturesLeft[p] + creaturesLeft[p] - lost]++;
    tally[L.stackLoss[p] + lost]++;
  }
  tally[L.fortAfter + rollFortAfter(plan.fortLevel, rng)]++;
  tally[L.specialsDestroyed + rollSpecialsDestroyed(plan.specials, rng)]++;
}
