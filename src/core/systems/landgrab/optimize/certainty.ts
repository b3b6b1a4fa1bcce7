/**
 * Certainty and impossibility decided exactly: whether an attack can end short of taking every
 * territory of its path (the defender keeps one), and whether it can take them all, read from the
 * dice tables' exact counts (a round outcome that no roll gives has probability exactly 0, one that
 * some roll gives is above 0), never from summed floats: seven sevenths may add to 0.9999999999999998,
 * and a chance of 1e-5400 underflows to 0. An attacking leader with a bonus of 6 wins every
 * comparison of his highest die, so 2 armies against 3 take the territory for certain; plain dice
 * never make a conquest certain.
 *
 * @example
 * const tables = compileTables({ ...standardRule, attackerBonus: 6 });
 * endsPossible([{ defenders: 3, tables }], 5).canFail // [1, 1, 0, 0, 0, 0]: certain from 2 armies on
 */
import { roundClass, STRIDE, type BattleTables } from '../rules/tables.js';

export interface EndsPossible {
  /** canFail[a]: entering the path with a armies, the attack can end short of the whole path (1) or not (0). */
  canFail: Uint8Array;
  /** canWin[a]: ... it can take the whole path (1) or not (0). */
  canWin: Uint8Array;
}

/** The largest double below 1: a chance that is not certain but whose float rounds to 1. */
export const BELOW_ONE = 1 - 2 ** -53;

/**
 * For every starting count 0..maxAttackers: can the attack fail, can it succeed? One backward pass
 * per step over (armies, defenders) in order of a + d (every round removes an army), O(A x D x dice).
 * `masks`: a stop rule (StopPolicy.masks, one per step), as the exact solver reads it.
 */
export function endsPossible(
  steps: ReadonlyArray<{ defenders: number; tables: BattleTables }>,
  maxAttackers: number,
  masks?: readonly Uint8Array[],
): EndsPossible {
  // After the last territory: taken.
  let canFail = new Uint8Array(maxAttackers + 1);
  let canWin = new Uint8Array(maxAttackers + 1).fill(1);
  for (let s = steps.length - 1; s >= 0; s--) {
    const { defenders: D, tables } = steps[s];
    const grid = battleEnds(tables, maxAttackers, D, { canFail, canWin }, masks?.[s]);
    const width = D + 1;
    canFail = new Uint8Array(maxAttackers + 1);
    canWin = new Uint8Array(maxAttackers + 1);
    for (let a = 0; a <= maxAttackers; a++) {
      canFail[a] = grid.fail[a * width + D];
      canWin[a] = grid.win[a * width + D];
    }
  }
  return { canFail, canWin };
}

/**
 * One battle's grid: fail[a * (maxD + 1) + d] (and win) from a armies against d defenders, where
 * taking the territory with a armies goes on as `after[a - 1]` (the path's next step; alone: taken).
 */
export function battleEnds(
  t: BattleTables,
  maxA: number,
  maxD: number,
  after: EndsPossible = { canFail: new Uint8Array(maxA + 1), canWin: new Uint8Array(maxA + 1).fill(1) },
  stop?: Uint8Array,
): { fail: Uint8Array; win: Uint8Array } {
  const width = maxD + 1;
  const fail = new Uint8Array((maxA + 1) * width);
  const win = new Uint8Array((maxA + 1) * width);
  for (let total = 0; total <= maxA + maxD; total++) {
    for (let a = Math.max(0, total - maxD); a <= Math.min(maxA, total); a++) {
      const d = total - a;
      const at = a * width + d;
      if (d === 0) {
        // Taken with a armies: a - 1 move on into the next territory.
        fail[at] = a >= 1 ? after.canFail[a - 1] : 1;
        win[at] = a >= 1 ? after.canWin[a - 1] : 0;
      } else if (a <= t.stopAt || a < 2 || (stop !== undefined && stop[at] === 1)) {
        fail[at] = 1;
      } else {
        const c = roundClass(t, a, d);
        const k = t.pairs[c];
        for (let loss = 0; loss <= k; loss++) {
          if (t.probs[c * STRIDE + loss] === 0) continue;
          const next = (a - loss) * width + (d - (k - loss));
          fail[at] |= fail[next];
          win[at] |= win[next];
        }
      }
    }
  }
  return { fail, win };
}

/**
 * True when no count of armies makes the attack certain: in every round the defender may lose
 * nothing (every comparison can go his way), so any force can be worn down to its stop. Plain dice.
 */
export function neverCertain(steps: ReadonlyArray<{ tables: BattleTables }>): boolean {
  return steps.some(({ tables: t }) => {
    for (let c = 0; c < t.pairs.length; c++) if (t.probs[c * STRIDE + t.pairs[c]] === 0) return false;
    return true;
  });
}

/**
 * A computed P(conquest) with its ends made exact: 1 only when the attack cannot fail, 0 only when
 * it cannot succeed, and otherwise strictly between (a float that rounds to an end is moved just off it).
 */
export function exactChance(p: number, canFail: boolean, canWin: boolean): number {
  if (!canWin) return 0;
  if (!canFail) return 1;
  return p >= 1 ? BELOW_ONE : p <= 0 ? Number.MIN_VALUE : p;
}

/** Chances this close to an end are checked exactly (a float's rounding is far smaller). */
const NEAR_AN_END = 1e-9;

/** Whether a computed chance is near enough to 0 or 1 that its end must be decided exactly. */
export const nearAnEnd = (p: number) => p <= NEAR_AN_END || p >= 1 - NEAR_AN_END;

/** States the exact certainty searches take on at most (bytes of two grids): beyond, the search is cut shorter. */
export const CERTAINTY_STATES = 40_000_000;
/** The most armies the searches try (the schema's limit, as the reverse questions). */
const MOST_ARMIES = 5000;

/** The fewest armies taking the whole path for certain, searched up to `searchedTo`; `never`: no count can. */
export function fewestCertain(steps: ReadonlyArray<{ defenders: number; tables: BattleTables }>): {
  count: number | null;
  never: boolean;
  searchedTo: number;
} {
  if (neverCertain(steps)) return { count: null, never: true, searchedTo: 0 };
  const width = steps.reduce((sum, s) => sum + s.defenders + 1, 0);
  const searchedTo = Math.max(2, Math.min(MOST_ARMIES, Math.floor(CERTAINTY_STATES / width) - 1));
  const { canFail } = endsPossible(steps, searchedTo);
  const count = canFail.findIndex((x) => x === 0);
  return { count: count < 0 ? null : count, never: false, searchedTo };
}

/**
 * The most defenders one territory's attack with `attackers` beats for certain, against every
 * count from 1 up (as maximumDefenders reads a target), with its chance (1, or null for none).
 */
export function mostDefendersCertain(
  tables: BattleTables,
  attackers: number,
): { defenders: number; pConquest: number | null } {
  if (neverCertain([{ tables }])) return { defenders: 0, pConquest: null };
  const maxD = Math.max(1, Math.min(MOST_ARMIES, Math.floor(CERTAINTY_STATES / (attackers + 1)) - 1));
  const { fail } = battleEnds(tables, attackers, maxD);
  let d = 0;
  while (d < maxD && fail[attackers * (maxD + 1) + d + 1] === 0) d++;
  return { defenders: d, pConquest: d > 0 ? 1 : null };
}

/**
 * A function giving the chance of taking the whole path from a armies with its ends decided
 * exactly (exactChance), for chances of a search over counts: the exact pass runs only for a
 * chance near an end, once for the largest count asked.
 */
export function exactChances(
  steps: ReadonlyArray<{ defenders: number; tables: BattleTables }>,
): (attackers: number | null, p: number | null) => number | null {
  let ends: (EndsPossible & { to: number }) | null = null;
  const never = neverCertain(steps);
  const width = steps.reduce((sum, s) => sum + s.defenders + 1, 0);
  return (attackers, p) => {
    if (attackers === null || p === null || !nearAnEnd(p)) return p;
    if (p > 0.5 && never) return p >= 1 ? BELOW_ONE : p;
    const limit = Math.floor(CERTAINTY_STATES / width) - 1;
    if (attackers > limit) return p >= 1 ? BELOW_ONE : p <= 0 ? Number.MIN_VALUE : p;
    if (!ends || ends.to < attackers) {
      // A search asks count after count: one pass reaches well past this one.
      const to = Math.min(limit, Math.max(attackers, 2 * (ends?.to ?? 32)));
      ends = { ...endsPossible(steps, to), to };
    }
    return exactChance(p, ends.canFail[attackers] === 1, ends.canWin[attackers] === 1);
  };
}
