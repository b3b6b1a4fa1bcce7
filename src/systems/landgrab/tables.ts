/**
 * Compiled dice rules for one LandGrab battle: exact per-round outcome tables for
 * every (attacker dice, defender dice) pair that can occur, as probabilities (for the
 * exact solver) and as uint32 cumulative thresholds (for the one-draw-per-round kernel).
 */
import { roundOutcomeCounts, type TieWinner } from './roundTable.js';

/** Largest dice cap a house rule may set (6^5 rolls per side are enumerated). */
export const MAX_DICE = 5;
/** Row stride of the per-class arrays: up to MAX_DICE + 1 outcomes. */
export const STRIDE = MAX_DICE + 1;
/** Army counts are packed as a * ARMY_PACK + d by the fight functions. */
export const ARMY_PACK = 1 << 16;

export interface DiceRule {
  attackerDice: number;
  defenderDice: number;
  attackerBonus: number;
  defenderBonus: number;
  ties: TieWinner;
  /** The attacker stops when its territory is down to this many armies (at least 1). */
  stopAt: number;
}

export interface BattleTables extends DiceRule {
  /** pairs[c] for class c = (nA - 1) * defenderDice + (nD - 1). */
  pairs: Int32Array;
  /** probs[c * STRIDE + i] = P(attacker loses i armies this round). */
  probs: Float64Array;
  /** thresholds[c * STRIDE + i] = floor(P(attacker loses <= i) * 2^32). */
  thresholds: Float64Array;
}

export function classIndex(t: DiceRule, attackerDiceRolled: number, defenderDiceRolled: number): number {
  return (attackerDiceRolled - 1) * t.defenderDice + (defenderDiceRolled - 1);
}

export function compileTables(rule: DiceRule): BattleTables {
  const classes = rule.attackerDice * rule.defenderDice;
  const pairs = new Int32Array(classes);
  const probs = new Float64Array(classes * STRIDE);
  const thresholds = new Float64Array(classes * STRIDE);
  for (let nA = 1; nA <= rule.attackerDice; nA++) {
    for (let nD = 1; nD <= rule.defenderDice; nD++) {
      const c = classIndex(rule, nA, nD);
      const outcome = roundOutcomeCounts({ ...rule, attackerDice: nA, defenderDice: nD });
      pairs[c] = outcome.pairs;
      let cumulative = 0;
      for (let i = 0; i <= outcome.pairs; i++) {
        probs[c * STRIDE + i] = outcome.counts[i] / outcome.total;
        cumulative += outcome.counts[i];
        // Integer arithmetic keeps the thresholds exact: counts * 2^32 / total < 2^53.
        thresholds[c * STRIDE + i] = Math.floor((cumulative * 4294967296) / outcome.total);
      }
    }
  }
  return { ...rule, pairs, probs, thresholds };
}
