/**
 * Writing one finished duel into its tally (kernels: weight 1 plus the post-battle
 * roll) or into the exact vector (weight = probability; the post-battle roll is
 * independent of the battle, so it is added once from P(capture)).
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import type { HexAfter } from '../rules/hex.js';
import { ROUND_BINS } from '../rules/layout.js';
import {
  fortAfterDistribution,
  rollFortAfter,
  rollSpecialsDestroyed,
  specialsDestroyedDistribution,
} from '../rules/postBattle.js';
import { stackExcess } from '../rules/retreat.js';
import { CAPTURE_RETREATED, HOLD_RETREATED, type DuelOffsets, type DuelRules } from './plan.js';

export function isCapture(outcome: number): boolean {
  return outcome <= CAPTURE_RETREATED;
}

/**
 * The battle part of a duel's record, with weight w. `attackerLeft` / `defenderLeft` are the
 * creatures alive (retreated ones included); a side that retreated then loses the excess over the
 * stack limit in its retreat hex (9.2), its weakest by loss order, which is reported as lost.
 */
export function addDuelEnd(
  plan: DuelRules,
  L: DuelOffsets,
  out: Float64Array,
  outcome: number,
  round: number,
  attackerLeft: number,
  attackerValue: number,
  defenderLeft: number,
  defenderValue: number,
  defenderRetreated: boolean,
  w: number,
): void {
  let aLost = 0;
  if (outcome === HOLD_RETREATED) {
    aLost = stackExcess(attackerLeft, plan.attackerFriendly);
    if (aLost > 0) {
      attackerLeft -= aLost;
      attackerValue = plan.attacker.tailValue[attackerLeft];
    }
  }
  let dLost = 0;
  if (defenderRetreated) {
    dLost = stackExcess(defenderLeft, plan.defenderFriendly);
    if (dLost > 0) {
      defenderLeft -= dLost;
      defenderValue = plan.defender.tailValue[defenderLeft];
    }
  }
  const capture = isCapture(outcome);
  out[L.outcome + outcome] += w;
  out[L.rounds + (round < ROUND_BINS ? round : ROUND_BINS)] += w;
  out[(capture ? L.attackerLeftCapture : L.attackerLeftHold) + attackerLeft] += w;
  out[(capture ? L.attackerValueCapture : L.attackerValueHold) + attackerValue] += w;
  out[L.defenderLeft + defenderLeft] += w;
  out[L.defenderValue + defenderValue] += w;
  out[L.attackerStackLoss + aLost] += w;
  out[L.defenderStackLoss + dLost] += w;
}

/** Kernels: the battle record plus the post-battle roll, drawn from the same stream. */
export function recordDuelEnd(
  plan: DuelRules,
  L: DuelOffsets,
  tally: Float64Array,
  rng: Xoshiro128,
  outcome: number,
  round: number,
  attackerLeft: number,
  attackerValue: number,
  defenderLeft: number,
  defenderValue: number,
  defenderRetreated: boolean,
): void {
  addDuelEnd(
    plan,
    L,
    tally,
    outcome,
    round,
    attackerLeft,
    attackerValue,
    defenderLeft,
    defenderValue,
    defenderRetreated,
    1,
  );
  const fort = rollFortAfter(plan.fortLevel, rng);
  tally[(isCapture(outcome) ? L.fortAfterCapture : L.fortAfterHold) + fort]++;
  tally[L.specialsDestroyed + rollSpecialsDestroyed(plan.specials, rng)]++;
}

/** Exact: the post-battle roll's bins from P(capture). */
export function addPostBattleExact(hex: HexAfter, L: DuelOffsets, out: Float64Array, pCapture: number): void {
  const fort = fortAfterDistribution(hex.fortLevel);
  for (let level = 0; level < 5; level++) {
    out[L.fortAfterCapture + level] += pCapture * fort[level];
    out[L.fortAfterHold + level] += (1 - pCapture) * fort[level];
  }
  const destroyed = specialsDestroyedDistribution(hex.specials);
  for (let k = 0; k < destroyed.length; k++) out[L.specialsDestroyed + k] += destroyed[k];
}
