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
  /**
   * While both sides keep rolling their full dice, BULK_ROUNDS rounds are resolved
   * with one draw: bulkThresholds[i] = floor(P(attacker loses <= i in those rounds) * 2^32),
   * the exact convolution of the full-dice round table. bulkPairs = armies lost in all.
   */
  bulkPairs: number;
  bulkThresholds: Float64Array;
  /**
   * Common-random-numbers mode for the faithful kernel: each side rolls MAX_DICE dice every
   * round whatever the rules and army counts, so round r of two rule variants sees the same
   * dice. (The fast kernel needs no such mode: its one draw per round or per bulk block is
   * compared with thresholds ordered by the attacker's losses, so variants fed the same
   * draws are already coupled monotonically; measured: paired intervals at the bound
   * sqrt(|d|(1-|d|)/n) that a perfect monotone coupling reaches.)
   */
  lockstep: boolean;
}

/** Rounds resolved per draw in the bulk phase (measured: 3 is the fastest of 1..5). */
export const BULK_ROUNDS = 3;

export function classIndex(
  t: Pick<DiceRule, 'defenderDice'>,
  attackerDiceRolled: number,
  defenderDiceRolled: number,
): number {
  return (attackerDiceRolled - 1) * t.defenderDice + (defenderDiceRolled - 1);
}

/**
 * The class of a round with `attackers` armies in the attacking territory against `defenders`: each side rolls
 * all the dice it may (the attacker leaves one army behind).
 */
export function roundClass(
  t: Pick<DiceRule, 'attackerDice' | 'defenderDice'>,
  attackers: number,
  defenders: number,
): number {
  return classIndex(t, Math.min(t.attackerDice, attackers - 1), Math.min(t.defenderDice, defenders));
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
  const full = classIndex(rule, rule.attackerDice, rule.defenderDice);
  const k = pairs[full];
  // Distribution of the attacker's losses over BULK_ROUNDS independent full-dice rounds.
  let bulk = [1];
  for (let r = 0; r < BULK_ROUNDS; r++) {
    const next = new Array<number>(bulk.length + k).fill(0);
    for (let x = 0; x < bulk.length; x++)
      for (let i = 0; i <= k; i++) next[x + i] += bulk[x] * probs[full * STRIDE + i];
    bulk = next;
  }
  const bulkThresholds = new Float64Array(bulk.length);
  let cumulative = 0;
  for (let i = 0; i < bulk.length; i++) {
    cumulative += bulk[i];
    bulkThresholds[i] = i === bulk.length - 1 ? 4294967296 : Math.floor(cumulative * 4294967296);
  }
  return { ...rule, pairs, probs, thresholds, bulkPairs: k * BULK_ROUNDS, bulkThresholds, lockstep: false };
}
