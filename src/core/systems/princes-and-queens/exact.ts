/** The exact answer of an attack: its Battle values evaluated (nothing is random), one-hot over its outcomes. */
import type { Solution } from '../../model/contract.js';
import { attackLayout, type PqPlan } from './plan.js';
import { resolveAttack, type AttackResult } from './values.js';

/** The attack's values and result (what `Solution.detail` holds). */
export function resolvePlan(plan: PqPlan): AttackResult {
  return resolveAttack(plan.princes, plan.distance, plan.defence, plan.ties, plan.floor);
}

/** One-hot over the outcome partition, with the values and their parts as detail. */
export function solvePq(plan: PqPlan): Solution & { detail: AttackResult } {
  const result = resolvePlan(plan);
  const probabilities = new Float64Array(attackLayout().layout.size);
  probabilities[result.possible ? plan.at.possible : plan.at.notPossible] = 1;
  return { probabilities, detail: result };
}
