/**
 * One LandGrab battle from (a, d) to its end, two ways.
 *
 * `a` is the number of armies in the attacking territory (one must stay behind),
 * `d` the defender's armies. The attacker rolls min(cap, a - 1) dice, the defender
 * min(cap, d). The battle ends when d = 0 (conquest) or a <= stopAt.
 * Both return the end state packed as a * ARMY_PACK + d, so no object is allocated.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { ARMY_PACK, MAX_DICE, STRIDE, type BattleTables } from './tables.js';
import { diceBase6, rollSorted } from '../../../random/dice.js';

/**
 * Fast kernel: one uint32 per round against the exact cumulative thresholds, or one
 * per BULK_ROUNDS rounds while both sides are sure to keep rolling their full dice.
 */
export function fightByTables(t: BattleTables, a: number, d: number, rng: Xoshiro128): number {
  const capA = t.attackerDice;
  const capD = t.defenderDice;
  const stop = t.stopAt;
  const pairs = t.pairs;
  const thresholds = t.thresholds;
  const bulkPairs = t.bulkPairs;
  const bulkThresholds = t.bulkThresholds;
  // Before each of the bulk rounds a side has lost at most (bulkPairs - k) armies.
  const k = pairs[(capA - 1) * capD + (capD - 1)];
  const margin = bulkPairs - k;
  const bulkMinA = Math.max(capA + 1, stop + 1) + margin;
  const bulkMinD = capD + margin;
  while (a >= bulkMinA && d >= bulkMinD) {
    const u = rng.nextUint32();
    let attackerLosses = 0;
    while (u >= bulkThresholds[attackerLosses]) attackerLosses++;
    a -= attackerLosses;
    d -= bulkPairs - attackerLosses;
  }
  while (a > stop && d > 0) {
    const nA = a - 1 < capA ? a - 1 : capA;
    const nD = d < capD ? d : capD;
    const c = (nA - 1) * capD + (nD - 1);
    const k = pairs[c];
    const base = c * STRIDE;
    const u = rng.nextUint32();
    let attackerLosses = 0;
    while (attackerLosses < k && u >= thresholds[base + attackerLosses]) attackerLosses++;
    a -= attackerLosses;
    d -= k - attackerLosses;
  }
  return a * ARMY_PACK + d;
}

/**
 * TOP_TWO[n][roll] for n dice: the highest die * 8 + the second highest (0 for one die),
 * where roll (0 .. 6^n - 1) holds the dice as base-6 digits, die i = digit i + 1. Built on
 * the faithful kernel's first battle (topTwo()), not when the module loads: a quick exact
 * answer never rolls a die (and the loop costs a few ms before it is optimised).
 */
let TOP_TWO: Int32Array[] | undefined;

function topTwo(): Int32Array[] {
  if (TOP_TWO) return TOP_TWO;
  const tables: Int32Array[] = [new Int32Array(1)];
  for (let n = 1; n <= MAX_DICE; n++) {
    // A roll of n dice is a roll of n - 1 dice (the low digits) plus die n - 1 (the top digit):
    // its top two come from the shorter roll's top two and the new die, no sorting needed.
    const shorter = tables[n - 1];
    const size = 6 ** (n - 1);
    const table = new Int32Array(size * 6);
    for (let die = 1; die <= 6; die++) {
      for (let rest = 0; rest < size; rest++) {
        const top = shorter[rest];
        const first = top >> 3;
        const second = top & 7;
        table[(die - 1) * size + rest] = die > first ? die * 8 + first : first * 8 + (die > second ? die : second);
      }
    }
    tables.push(table);
  }
  return (TOP_TWO = tables);
}

/**
 * Faithful kernel: rolls every die, sorts each side descending, adds the bonus to the
 * highest die and compares pairs. With at most two pairs (the standard caps) each side
 * rolls its dice in one draw and reads that roll's top two dice from TOP_TWO; larger
 * house-rule caps (and lockstep mode) roll die by die and sort into the scratch buffers
 * `attackerRoll`/`defenderRoll`.
 */
export function fightWithDice(
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  attackerRoll: Int32Array,
  defenderRoll: Int32Array,
): number {
  const tieEdge = t.ties === 'attacker' ? 1 : 0;
  const capA = t.attackerDice;
  const capD = t.defenderDice;
  const bonusA = t.attackerBonus;
  const bonusD = t.defenderBonus;
  const stop = t.stopAt;
  if (Math.min(capA, capD) > 2 || t.lockstep) return fightWithDiceSorted(t, a, d, rng, attackerRoll, defenderRoll);
  const tops = topTwo();
  while (a > stop && d > 0) {
    const nA = a - 1 < capA ? a - 1 : capA;
    const nD = d < capD ? d : capD;
    // Each side rolls its dice in one draw (an ordered roll, uniform over 6^n) and looks up
    // that roll's two highest dice, found once by sorting every possible roll.
    const topA = tops[nA][diceBase6(rng, nA)];
    const topD = tops[nD][diceBase6(rng, nD)];
    const a1 = topA >> 3,
      a2 = topA & 7,
      d1 = topD >> 3,
      d2 = topD & 7;
    // Pair outcomes as 0/1 integers (again no data-dependent branches); with ties to the
    // attacker, a >= d is a + 1 > d for whole numbers.
    const first = a1 + bonusA + tieEdge > d1 + bonusD ? 1 : 0;
    const second = nA >= 2 && nD >= 2 ? 1 : 0;
    const secondWon = a2 + tieEdge > d2 ? second : 0;
    d -= first + secondWon;
    a -= 1 - first + second - secondWon;
  }
  return a * ARMY_PACK + d;
}

/**
 * The general case: sort every die of both sides (house rules with 3+ pairs, lockstep mode,
 * a stop rule). In lockstep mode each side rolls MAX_DICE dice every round and uses the first
 * ones it is entitled to, so the dice of round r do not depend on the rules or the army counts.
 * Under a stop rule the attacker breaks off before a round where `stop[a * width + d]` is 1.
 */
function fightWithDiceSorted(
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  attackerRoll: Int32Array,
  defenderRoll: Int32Array,
  stop: Uint8Array | null = null,
  width = 0,
): number {
  const attackerWinsTies = t.ties === 'attacker';
  while (a > t.stopAt && d > 0 && (stop === null || stop[a * width + d] === 0)) {
    const nA = Math.min(t.attackerDice, a - 1);
    const nD = Math.min(t.defenderDice, d);
    rollSorted(rng, attackerRoll, nA);
    if (t.lockstep) skipDice(rng, MAX_DICE - nA);
    rollSorted(rng, defenderRoll, nD);
    if (t.lockstep) skipDice(rng, MAX_DICE - nD);
    attackerRoll[0] += t.attackerBonus;
    defenderRoll[0] += t.defenderBonus;
    const pairs = Math.min(nA, nD);
    for (let i = 0; i < pairs; i++) {
      const attackerWinsPair = attackerWinsTies
        ? attackerRoll[i] >= defenderRoll[i]
        : attackerRoll[i] > defenderRoll[i];
      if (attackerWinsPair) d--;
      else a--;
    }
  }
  return a * ARMY_PACK + d;
}

function skipDice(rng: Xoshiro128, n: number): void {
  for (let i = 0; i < n; i++) rng.nextUint32();
}

/**
 * Fast kernel under a stop rule: one draw per round against the exact thresholds, and
 * before each round the rule's mask (`stop[a * width + d]`) says whether the attacker breaks
 * off. (No bulk rounds: the rule may stop in any state.)
 */
export function fightByTablesUnderRule(
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  stop: Uint8Array,
  width: number,
): number {
  const capA = t.attackerDice;
  const capD = t.defenderDice;
  while (a > t.stopAt && d > 0 && stop[a * width + d] === 0) {
    const nA = a - 1 < capA ? a - 1 : capA;
    const nD = d < capD ? d : capD;
    const c = (nA - 1) * capD + (nD - 1);
    const k = t.pairs[c];
    const base = c * STRIDE;
    const u = rng.nextUint32();
    let attackerLosses = 0;
    while (attackerLosses < k && u >= t.thresholds[base + attackerLosses]) attackerLosses++;
    a -= attackerLosses;
    d -= k - attackerLosses;
  }
  return a * ARMY_PACK + d;
}

/**
 * Faithful kernel under a stop rule: real dice, sorted, compared pair by pair (lockstep too),
 * the rule checked before each round: the general case above with the rule's mask.
 */
export function fightWithDiceUnderRule(
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  stop: Uint8Array,
  width: number,
  attackerRoll: Int32Array,
  defenderRoll: Int32Array,
): number {
  return fightWithDiceSorted(t, a, d, rng, attackerRoll, defenderRoll, stop, width);
}
