/**
 * Battles of several players are sampled only: who targets whom changes every round, and over
 * an unexplored hex an exploration follows the fight. The reason, in words true of the entry.
 */
import type { Unsolved } from '../../../model/contract.js';
import type { MultiPlan } from './plan.js';

export function solveMulti(plan: MultiPlan): Unsolved {
  return { unsolved: multiUnsolved(plan) };
}

/** Why a `multi` entry is sampled only, in words true of it. */
function multiUnsolved(plan: MultiPlan): string {
  if (plan.unowned)
    return (
      'armies meeting in an unexplored hex are only sampled: the exact solver does not follow their fight ' +
      'together with the exploration after it'
    );
  if (plan.names.length > 2)
    return (
      'battles of several players are only sampled: who targets whom changes every round, which the exact ' +
      'solver does not follow'
    );
  return (
    "entries of type 'multi' are only sampled: asked as type 'battle' (the owner defending), the same fight is " +
    'solved exactly'
  );
}
