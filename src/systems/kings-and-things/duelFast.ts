/**
 * Fast two-sided battle: each side's state is one integer, the hits it has absorbed.
 * A step is two table draws (one uint32 per side that has counters firing in it)
 * against the exact per-step hit distributions of tables.ts; both sides' hits are
 * drawn before either is applied (11.5). Nothing is allocated per battle.
 */
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  MAX_ROUNDS,
  type DuelPlan,
} from './plan.js';
import { wantsRetreat } from './retreat.js';
import { recordDuelEnd } from './record.js';

export function runDuelsFast(plan: DuelPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const layout = plan.at;
  const A = plan.attacker;
  const D = plan.defender;
  const B = plan.defenderBuildings;
  const aCap = A.capacity,
    aStride = A.stride,
    aMax = A.maxHits,
    aThr = A.thresholds,
    aFight = A.fighting;
  const aRetreat = plan.attackerRetreat;
  const dRetreat = plan.defenderRetreat;
  const attackerMayRetreat = aRetreat.afterRounds > 0 || aRetreat.outnumbered > 0 || aRetreat.downTo >= 0;
  const defenderMayRetreat = dRetreat.afterRounds > 0 || dRetreat.outnumbered > 0 || dRetreat.downTo >= 0;
  for (let t = 0; t < trials; t++) {
    let ha = 0;
    let hd = 0;
    let round = 0;
    let outcome = -1;
    // The defender's current tables: all its counters, or its buildings alone after its creatures retreat.
    let T = D;
    let dCap = D.capacity,
      dStride = D.stride,
      dMax = D.maxHits,
      dThr = D.thresholds,
      dFight = D.fighting;
    let retreatedCreatures = -1;
    let retreatedValue = 0;
    for (;;) {
      if (aFight[ha] === 0 || dFight[hd] === 0) break;
      if (round === MAX_ROUNDS) {
        outcome = HOLD_ROUND_LIMIT;
        break;
      }
      round++;
      for (let s = 0; s < 3; s++) {
        const rowA = ha * 3 + s;
        const rowD = hd * 3 + s;
        let hitsByA = 0;
        let hitsByD = 0;
        if (aMax[rowA] > 0) {
          const u = rng.nextUint32();
          const base = rowA * aStride;
          while (u >= aThr[base + hitsByA]) hitsByA++;
        }
        if (dMax[rowD] > 0) {
          const u = rng.nextUint32();
          const base = rowD * dStride;
          while (u >= dThr[base + hitsByD]) hitsByD++;
        }
        ha += hitsByD;
        if (ha > aCap) ha = aCap;
        hd += hitsByA;
        if (hd > dCap) hd = dCap;
      }
      if (aFight[ha] === 0 || dFight[hd] === 0) break;
      if (attackerMayRetreat && wantsRetreat(aRetreat, round, A.strength[ha], T.strength[hd], A.creatures[ha])) {
        outcome = HOLD_RETREATED;
        break;
      }
      if (
        defenderMayRetreat &&
        retreatedCreatures < 0 &&
        wantsRetreat(dRetreat, round, T.strength[hd], A.strength[ha], T.creatures[hd])
      ) {
        retreatedCreatures = D.creatures[hd];
        retreatedValue = D.creatureValue[hd];
        const hb = D.buildingHits[hd];
        if (!plan.buildingsFightOn || B.fighting[hb] === 0) {
          outcome = CAPTURE_RETREATED;
          break;
        }
        // The fort (or city) fights on alone.
        T = B;
        hd = hb;
        dCap = B.capacity;
        dStride = B.stride;
        dMax = B.maxHits;
        dThr = B.thresholds;
        dFight = B.fighting;
      }
    }
    if (outcome < 0) {
      const attackerIn = aFight[ha] !== 0;
      const defenderIn = dFight[hd] !== 0;
      outcome = attackerIn
        ? retreatedCreatures >= 0
          ? CAPTURE_RETREATED
          : CAPTURE_ELIMINATED
        : defenderIn
          ? HOLD_ELIMINATED
          : HOLD_MUTUAL;
    }
    const dLeft = retreatedCreatures >= 0 ? retreatedCreatures : D.creatures[hd];
    const dValue = retreatedCreatures >= 0 ? retreatedValue : D.creatureValue[hd];
    const dRetreated = retreatedCreatures >= 0;
    recordDuelEnd(
      plan,
      layout,
      tally,
      rng,
      outcome,
      round,
      A.creatures[ha],
      A.creatureValue[ha],
      dLeft,
      dValue,
      dRetreated,
    );
  }
}
