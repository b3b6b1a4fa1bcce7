/**
 * Where a side's hits can go (11.51: the side that suffers hits decides which counters are
 * damaged or removed). A creature takes at most one hit (it dies); a building takes up to
 * its current value (at zero it is neutralized). Every hit must land while something can
 * take it, so k hits lower the composition's digit sum by exactly min(k, capacity).
 *
 * Two kinds of mover: a free choice among all such compositions (optimal play), and a
 * fixed priority order decided before the battle (the project's loss policies), which
 * hits the first counter in the order still in the fight, one hit at a time.
 *
 * @example
 * const m = sideModel([ogre, archer, keep]); // melee 2, ranged 2, keep 2
 * const after: number[] = [];
 * forEachLoss(m, m.full, 1, (x) => after.push(x)); // three choices: the ogre, the archer, or the keep to 1
 * orderedLoss(m, [keep, ogre, archer])(m.full, 3); // keep neutralized, ogre dead: only the archer left
 */
import type { Counter } from '../rules/counters.js';
import { isBuilding } from '../rules/counters.js';
import { creatureKey, digitsOf, indexOf, type SideModel } from './sideModel.js';

/** Visit every composition the side can be left with after taking `hits` hits (each once). */
export function forEachLoss(m: SideModel, index: number, hits: number, visit: (after: number) => void): void {
  const digits = digitsOf(m, index);
  const n = digits.length;
  // room[i]: hits digits i.. can still absorb, for pruning.
  const room = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) room[i] = room[i + 1] + digits[i];
  const take = Math.min(hits, room[0]);
  const walk = (i: number, left: number, at: number): void => {
    if (left === 0) {
      visit(at);
      return;
    }
    if (room[i] < left) return;
    const most = Math.min(digits[i], left);
    for (let d = 0; d <= most; d++) walk(i + 1, left - d, at - d * m.place[i]);
  };
  walk(0, take, index);
}

/** Loss entries of a fixed order: the digit each counter occupies and its rank among its type's entries. */
interface OrderEntry {
  digit: number;
  rank: number;
  building: boolean;
}

/**
 * A fixed loss order as a move: `(index, hits) => index after`. Each hit goes to the first
 * counter of the order still in the fight. Interchangeable creatures die in order of
 * their entries (the first entries of a type are the dead ones), so the order is a
 * function of the composition alone. Throws if the order is not a permutation of the side.
 */
export function orderedLoss(m: SideModel, order: readonly Counter[]): (index: number, hits: number) => number {
  const T = m.creatureTypes.length;
  const typeOf = new Map(m.creatureTypes.map((t, i) => [creatureKey(t), i]));
  const ranks = new Array<number>(T).fill(0);
  const usedBuildings = new Set<number>();
  const entries: OrderEntry[] = order.map((c) => {
    if (isBuilding(c)) {
      const b = m.buildings.findIndex((s, i) => !usedBuildings.has(i) && s.name === c.name && s.value === c.value);
      if (b < 0) throw new Error(`loss order names a building '${c.name}' the side does not have`);
      usedBuildings.add(b);
      return { digit: T + b, rank: 0, building: true };
    }
    const t = typeOf.get(creatureKey(c));
    if (t === undefined) throw new Error(`loss order names a counter '${c.name}' the side does not have`);
    return { digit: t, rank: ranks[t]++, building: false };
  });
  if (usedBuildings.size !== m.buildings.length || ranks.some((r, t) => r !== m.creatureTypes[t].count))
    throw new Error('a loss order must list every counter of the side exactly once');
  return (index, hits) => {
    const digits = digitsOf(m, index);
    let left = hits;
    for (const e of entries) {
      if (left === 0) break;
      if (e.building) {
        const d = Math.min(digits[e.digit], left);
        digits[e.digit] -= d;
        left -= d;
      } else if (e.rank >= m.creatureTypes[e.digit].count - digits[e.digit]) {
        digits[e.digit]--;
        left--;
      }
    }
    return indexOf(m, digits);
  };
}

/**
 * Sum over all compositions of a side of the number of ways to take 0..maxLoss hits
 * (hits beyond a composition's capacity not counted), from a truncated product of
 * polynomials, without enumerating: a digit with maximum D contributes
 * sum over d = 0..D of (1 + z + ... + z^d), whose z^j coefficient is D - j + 1.
 *
 * @example
 * lossOptionCount(sideModel([giant, elves]), 1); // 4 compositions x 1 (no hit) + 4 single hits = 8
 */
export function lossOptionCount(m: SideModel, maxLoss: number): number {
  let poly = [1];
  for (const D of m.digitMax) {
    const next = new Array<number>(Math.min(poly.length + D, maxLoss + 1)).fill(0);
    for (let i = 0; i < poly.length; i++)
      for (let j = 0; j <= D && i + j < next.length; j++) next[i + j] += poly[i] * (D - j + 1);
    poly = next;
  }
  return poly.reduce((s, c) => s + c, 0);
}
