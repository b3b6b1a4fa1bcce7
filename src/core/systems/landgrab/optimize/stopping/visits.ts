/**
 * How likely the attack is ever to be in each state under a stopping policy. Every round
 * removes at least one army, so no state is visited twice and pushing probability mass in
 * order of decreasing a + d (as exact.ts does) gives each state's visit probability.
 */
import { STRIDE } from '../../rules/tables.js';
import type { AttackPath } from '../path.js';
import type { StepDecisions } from './solve.js';

/**
 * visits[k][a * (D_k + 1) + d] = P(the attack is ever at step k with a armies against d).
 * Entries with d = 0 are the conquests of step k.
 *
 * @example
 * visitProbabilities(battlePath(tables, 4, 2), solveStopping(path, reward).steps)[0][4 * 3 + 2] // 1 (the start)
 */
export function visitProbabilities(path: AttackPath, decisions: readonly StepDecisions[]): Float64Array[] {
  const A = path.attackers;
  const visits: Float64Array[] = [];
  for (let k = 0; k < path.steps.length; k++) {
    const { defenders: D, tables: t } = path.steps[k];
    const width = D + 1;
    const mass = new Float64Array((A + 1) * width);
    if (k === 0) mass[A * width + D] = 1;
    else {
      const previous = visits[k - 1];
      const previousWidth = path.steps[k - 1].defenders + 1;
      for (let a = 1; a <= A; a++) mass[(a - 1) * width + D] += previous[a * previousWidth];
    }
    const stop = decisions[k].stop;
    for (let total = A + D; total >= 1; total--) {
      for (let a = Math.min(A, total); a >= Math.max(0, total - D); a--) {
        const d = total - a;
        const i = a * width + d;
        const m = mass[i];
        if (m === 0 || d === 0 || a < 2 || stop[i]) continue;
        const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
        const pairs = t.pairs[c];
        for (let loss = 0; loss <= pairs; loss++) {
          mass[(a - loss) * width + d - (pairs - loss)] += m * t.probs[c * STRIDE + loss];
        }
      }
    }
    visits.push(mass);
  }
  return visits;
}
