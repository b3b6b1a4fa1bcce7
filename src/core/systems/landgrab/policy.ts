/**
 * Stop rules as kernel policies: the decisions solver's stop table (reachable states only)
 * turned into one mask per step that the kernels and the exact solver read per round.
 */
import type { AttackPath } from './optimize/path.js';
import type { StopTableStep } from './optimize/stopping/stopTable.js';
import type { StopPolicy } from './plan.js';

export function policyFromStopTable(path: AttackPath, table: readonly StopTableStep[]): StopPolicy {
  const masks = path.steps.map((step) => new Uint8Array((path.attackers + 1) * (step.defenders + 1)));
  for (const step of table) {
    const width = path.steps[step.step].defenders + 1;
    const mask = masks[step.step];
    for (const row of step.rows) {
      for (const range of row.stopRanges) {
        for (let d = range.from; d <= Math.min(range.to, width - 1); d++) mask[row.attackers * width + d] = 1;
      }
    }
  }
  return { masks };
}

/** True when the rule stops somewhere (a rule that never stops is no rule: the plain kernels run). */
export function stopsSomewhere(policy: StopPolicy): boolean {
  return policy.masks.some((mask) => mask.some((x) => x === 1));
}
