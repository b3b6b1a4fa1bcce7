/**
 * P(conquering one territory) with a fixed number of armies in the attacking territory,
 * against 0, 1, 2, ... defenders, one defender count per call; the attacker follows the
 * tables' `stopAt` rule.
 *
 * W(a, d) = 1 at d = 0; 0 when the attacker stops (a <= stopAt or a < 2); else the round
 * table's mix of W(a - loss, d - (pairs - loss)). A round removes at most MAX_DICE defenders,
 * so only the last STRIDE defender counts are kept: O(attackers * dice) time per call and
 * O(attackers) memory.
 */
import { STRIDE, type BattleTables } from '../rules/tables.js';

export class ConquestByDefenders {
  private readonly t: BattleTables;
  private readonly attackers: number;
  /** columns[d % STRIDE][a] = W(a, d) for a = 0..attackers, for the last STRIDE defender counts. */
  private readonly columns: Float64Array[];
  private count = -1;

  /**
   * @example
   * const table = new ConquestByDefenders(tables, 4);
   * table.next(); table.next(); table.next(); // 1, P(4 vs 1), P(4 vs 2) = 6610505 / 10077696
   */
  constructor(tables: BattleTables, attackers: number) {
    this.t = tables;
    this.attackers = attackers;
    this.columns = Array.from({ length: STRIDE }, () => new Float64Array(attackers + 1));
  }

  /** The defender count the last call to next() answered for (-1 before the first call). */
  get defenders(): number {
    return this.count;
  }

  /**
   * Advances to one more defender; returns P(conquest) with the fixed attackers.
   *
   * @example
   * new ConquestByDefenders(tables, 4).next() // 1 (no defenders: conquered)
   */
  next(): number {
    const d = ++this.count;
    const t = this.t;
    const column = this.columns[d % STRIDE];
    for (let a = 0; a <= this.attackers; a++) {
      if (d === 0) {
        column[a] = 1;
        continue;
      }
      if (a <= t.stopAt || a < 2) {
        column[a] = 0;
        continue;
      }
      const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
      const pairs = t.pairs[c];
      let p = 0;
      for (let loss = 0; loss <= pairs; loss++) {
        p += t.probs[c * STRIDE + loss] * this.columns[(d - (pairs - loss)) % STRIDE][a - loss];
      }
      column[a] = p;
    }
    return column[this.attackers];
  }
}
