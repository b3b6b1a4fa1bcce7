/**
 * Two-sided battle kernels. `fast`: each side's state is one integer, the hits it has
 * absorbed; a step is two table draws (one uint32 per side that has counters firing in it)
 * against the exact per-step hit distributions of ../rules/tables.ts; both sides' hits are
 * drawn before either is applied (11.5). `faithful`: every die rolled through the counter
 * resolver (../rules/counterBattle.ts). Nothing is allocated per battle.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { CounterBattle, MAX_ROUNDS } from '../rules/counterBattle.js';
import { wantsRetreat } from '../rules/retreat.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  type DuelPlan,
} from './plan.js';
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

const DEFENDER = 0;
const ATTACKER = 1;

/** A resolver for duels of one plan: defender in slot 0, attacker in slot 1. */
function duelResolver(plan: DuelPlan): CounterBattle {
  const b = new CounterBattle(2, Math.max(plan.attacker.names.length, plan.defender.names.length, 1));
  b.loadSide(DEFENDER, plan.defender, plan.defenderRetreat, undefined, plan.buildingsFightOn);
  b.loadSide(ATTACKER, plan.attacker, plan.attackerRetreat);
  return b;
}

function duelOutcome(b: CounterBattle): number {
  if (b.roundLimit) return HOLD_ROUND_LIMIT;
  if (b.left[ATTACKER]) return HOLD_RETREATED;
  if (b.fighting(ATTACKER)) return b.creaturesGone[DEFENDER] ? CAPTURE_RETREATED : CAPTURE_ELIMINATED;
  return b.fighting(DEFENDER) ? HOLD_ELIMINATED : HOLD_MUTUAL;
}

export function runDuelsFaithful(plan: DuelPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const b = duelResolver(plan);
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    recordDuelEnd(
      plan,
      plan.at,
      tally,
      rng,
      duelOutcome(b),
      b.round,
      b.creaturesAlive(ATTACKER),
      b.creatureValueAlive(ATTACKER),
      b.creaturesAlive(DEFENDER),
      b.creatureValueAlive(DEFENDER),
      b.creaturesGone[DEFENDER] === 1,
    );
  }
}
