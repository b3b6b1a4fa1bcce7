/** Writing one finished multi-player battle into its tally, with the post-battle roll. */
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { ROUND_BINS, type MultiPlan } from './plan.js';
import { rollFortAfter, rollSpecialsDestroyed } from './postBattle.js';

export function recordMultiEnd(
  plan: MultiPlan,
  tally: Float64Array,
  rng: Xoshiro128,
  holder: number,
  round: number,
  creaturesLeft: Int32Array,
): void {
  const L = plan.at;
  tally[L.holder + holder]++;
  tally[L.rounds + (round < ROUND_BINS ? round : ROUND_BINS)]++;
  for (let p = 0; p < creaturesLeft.length; p++) tally[L.creaturesLeft[p] + creaturesLeft[p]]++;
  tally[L.fortAfter + rollFortAfter(plan.fortLevel, rng)]++;
  tally[L.specialsDestroyed + rollSpecialsDestroyed(plan.specials, rng)]++;
}
