/**
 * P(taking every territory of a path) for 0, 1, 2, ... armies in the attacking territory,
 * one army count per call, with the attacker following each step's `stopAt` rule.
 *
 * Backward values U_k(a, d) = P(taking steps k.. | attacking step k with a armies against d):
 * U_k(a, 0) = U_{k+1}(a - 1, D_{k+1}) (a - 1 move in), U_last(a, 0) = 1, U_k(a, d) = 0 when the
 * attacker stops (a <= stopAt or a < 2), else the round table's mix of U_k(a - loss, d - (pairs - loss)).
 * A round costs at most MAX_DICE armies, so only the last STRIDE army counts are kept: each call
 * costs O(sum of defenders * dice) time and the whole object O(sum of defenders) memory.
 */
import type { ChainStepPlan } from '../plan.js';
import { STRIDE } from '../rules/tables.js';

export class ConquestByAttackers {
  private readonly steps: readonly ChainStepPlan[];
  /** rows[k][a % STRIDE][d] = U_k(a, d) for the last STRIDE army counts. */
  private readonly rows: Float64Array[][];
  private armies = -1;

  /**
   * @example
   * const table = new ConquestByAttackers([{ defenders: 2, tables }]);
   * table.next(); table.next(); table.next(); table.next(); table.next(); // 0, 0, P(2 vs 2), P(3 vs 2), P(4 vs 2)
   */
  constructor(steps: readonly ChainStepPlan[]) {
    this.steps = steps;
    this.rows = steps.map((s) => Array.from({ length: STRIDE }, () => new Float64Array(s.defenders + 1)));
  }

  /** The army count the last call to next() answered for (-1 before the first call). */
  get attackers(): number {
    return this.armies;
  }

  /**
   * Advances to one more army in the attacking territory; returns P(taking the whole path).
   *
   * @example
   * new ConquestByAttackers([{ defenders: 1, tables }]).next() // 0 (no armies: P = 0)
   */
  next(): number {
    const a = ++this.armies;
    const n = this.steps.length;
    for (let k = n - 1; k >= 0; k--) {
      const { defenders, tables: t } = this.steps[k];
      const ring = this.rows[k];
      const row = ring[a % STRIDE];
      if (k === n - 1) row[0] = 1;
      else row[0] = a >= 1 ? this.rows[k + 1][(a - 1) % STRIDE][this.steps[k + 1].defenders] : 0;
      for (let d = 1; d <= defenders; d++) {
        if (a <= t.stopAt || a < 2) {
          row[d] = 0;
          continue;
        }
        const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
        const pairs = t.pairs[c];
        let p = 0;
        for (let loss = 0; loss <= pairs; loss++) {
          p += t.probs[c * STRIDE + loss] * ring[(a - loss) % STRIDE][d - (pairs - loss)];
        }
        row[d] = p;
      }
    }
    return this.rows[0][a % STRIDE][this.steps[0].defenders];
  }
}
