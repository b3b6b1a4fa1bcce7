/**
 * A lower bound on P(attacker takes the rest of the path) for every allocation of the
 * remaining defenders, by letting the defender place them after seeing the attacker's army:
 *
 *   F_j(a, m) = min over d of  sum over a' of P(step j won with a' left | a, d) * F_{j+1}(a' - 1, m - d)
 *   F_last(a, m) = P(taking the last territory from m defenders with a armies)
 *
 * where m armies (each territory >= 1) are spread over territories j..last. A fixed
 * allocation cannot adapt to the attacker's army, so P(fixed) >= sum of pi(a) F_j(a, m) for any
 * attacker distribution pi: this prunes the branch-and-bound search, and F_last is exact
 * (one territory left = one way to place m). The inner sum for every a at once is the
 * backward value recurrence with terminal values F_{j+1}(a - 1, r), run once per remaining r
 * up to the largest d: O(territories * attackers * armies^2 * dice) time in all, and
 * O(attackers * armies^2) memory for the exact table of the last two territories.
 */
import { STRIDE, type BattleTables } from '../../rules/tables.js';

export interface AdaptiveBound {
  /** Columns per row: armies + 1 (index m). */
  width: number;
  /** bound[j][a * width + m] = F_j(a, m); Infinity where m cannot fill territories j.. (m < territories - j). */
  bound: Float64Array[];
  /**
   * With two territories or more, the exact odds of the last two: lastTwo[(a * width + d) * width + r] =
   * P(taking the second-to-last from d and then the last from r | a) (the pass at j = last - 1 computes
   * them anyway: its terminal F_last is exact). Null for a single territory.
   */
  lastTwo: Float64Array | null;
}

/**
 * @example
 * adaptiveBound([tables, tables], 10, 6).bound[1][10 * 7 + 3] // P(10 armies take a territory of 3)
 */
export function adaptiveBound(territories: readonly BattleTables[], attackers: number, armies: number): AdaptiveBound {
  const n = territories.length;
  const width = armies + 1;
  const bound: Float64Array[] = new Array(n);
  const values = new Float64Array((attackers + 1) * width);
  const lastTwo = n >= 2 ? new Float64Array((attackers + 1) * width * width) : null;
  for (let j = n - 1; j >= 0; j--) {
    const F = new Float64Array((attackers + 1) * width).fill(Infinity);
    const later = n - 1 - j; // territories after j, each needs >= 1
    const t = territories[j];
    const remainders = j === n - 1 ? [0] : range(later, armies - 1);
    for (const r of remainders) {
      const maxD = armies - r;
      // values[a * width + d] = P(take j from d, then the rest from r | a), rest played optimally for the defender.
      for (let a = 0; a <= attackers; a++) {
        values[a * width] = j === n - 1 ? 1 : a >= 1 ? bound[j + 1][(a - 1) * width + r] : 0;
        for (let d = 1; d <= maxD; d++) {
          let p = 0;
          if (a > t.stopAt && a >= 2) {
            const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
            const pairs = t.pairs[c];
            for (let loss = 0; loss <= pairs; loss++) {
              p += t.probs[c * STRIDE + loss] * values[(a - loss) * width + d - (pairs - loss)];
            }
          }
          values[a * width + d] = p;
          if (p < F[a * width + d + r]) F[a * width + d + r] = p;
          if (lastTwo && j === n - 2) lastTwo[(a * width + d) * width + r] = p;
        }
      }
    }
    bound[j] = F;
  }
  return { width, bound, lastTwo };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let x = from; x <= to; x++) out.push(x);
  return out;
}
