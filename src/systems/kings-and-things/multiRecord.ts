/** Writing one finished multi-player battle into its tally, with the post-battle roll. */
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { ROUND_BINS, stackExcess, type MultiPlan } from './plan.js';
import { rollFortAfter, rollSpecialsDestroyed } from './postBattle.js';

export function recordMultiEnd(
  plan: MultiPlan,
  tally: Float64Array,
  rng: Xoshiro128,
  holder: number,
  round: number,
  creaturesLeft: Int32Array,
  retreated: Uint8Array,
): void {
  const L = plan.at;
  tally[L.holder + holder]++;
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
