/**
 * One LandGrab battle from (a, d) to its end, two ways.
 *
 * `a` is the number of armies in the attacking territory (one must stay behind),
 * `d` the defender's armies. The attacker rolls min(cap, a - 1) dice, the defender
 * min(cap, d). The battle ends when d = 0 (conquest) or a <= stopAt.
 * Both return the end state packed as a * ARMY_PACK + d, so no object is allocated.
 */
import type { Xoshiro128 } from '../../engine/rng.js';
import { ARMY_PACK, STRIDE, type BattleTables } from './tables.js';

/** Fast kernel: one uint32 per round against the exact cumulative thresholds. */
export function fightByTables(t: BattleTables, a: number, d: number, rng: Xoshiro128): number {
  const capA = t.attackerDice;
  const capD = t.defenderDice;
  const stop = t.stopAt;
  const pairs = t.pairs;
  const thresholds = t.thresholds;
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
 * Faithful kernel: rolls every die, sorts each side descending, adds the bonus to the
 * highest die and compares pairs. `attackerRoll`/`defenderRoll` are scratch buffers of
 * at least the dice caps, reused across battles.
 */
export function fightWithDice(
  t: BattleTables,
  a: number,
  d: number,
  rng: Xoshiro128,
  attackerRoll: Int32Array,
  defenderRoll: Int32Array,
): number {
  const attackerWinsTies = t.ties === 'attacker';
  while (a > t.stopAt && d > 0) {
    const nA = Math.min(t.attackerDice, a - 1);
    const nD = Math.min(t.defenderDice, d);
    rollSorted(rng, attackerRoll, nA);
    rollSorted(rng, defenderRoll, nD);
    attackerRoll[0] += t.attackerBonus;
    defenderRoll[0] += t.defenderBonus;
    const pairs = Math.min(nA, nD);
    for (let i = 0; i < pairs; i++) {
      const attackerWinsPair = attackerWinsTies ? attackerRoll[i] >= defenderRoll[i] : attackerRoll[i] > defenderRoll[i];
      if (attackerWinsPair) d--;
      else a--;
    }
  }
  return a * ARMY_PACK + d;
}

/** Roll `n` six-sided dice into buf[0..n) sorted descending (insertion sort: n <= 5). */
function rollSorted(rng: Xoshiro128, buf: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const value = rng.die(6);
    let j = i;
    while (j > 0 && buf[j - 1] < value) {
      buf[j] = buf[j - 1];
      j--;
    }
    buf[j] = value;
  }
}
