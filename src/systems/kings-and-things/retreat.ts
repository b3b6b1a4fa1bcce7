/**
 * Retreat decisions (11.6), taken at the end of each round: the attacker first, then
 * the defender (with several players: the attackers from the defender's left, then the
 * defender). Only creatures and characters retreat; a side with none left cannot.
 *
 * Readings: conditions combine with "or". Strength is the sum of current combat value
 * x dice of the counters still in the fight (buildings count at their reduced value);
 * "outnumbered by r" means the enemy's strength (all opponents still fighting) is at
 * least r times one's own.
 */
import { NEVER, type RetreatRule } from './plan.js';
import type { RetreatPolicy } from './schema.js';

export function compileRetreat(policy: RetreatPolicy): RetreatRule {
  if (policy === 'never') return NEVER;
  return {
    afterRounds: policy.afterRounds ?? 0,
    outnumbered: policy.whenOutnumbered ?? 0,
    downTo: policy.whenDownTo ?? -1,
  };
}

export function isNever(r: RetreatRule): boolean {
  return r.afterRounds === 0 && r.outnumbered === 0 && r.downTo < 0;
}

export function wantsRetreat(
  r: RetreatRule,
  round: number,
  ownStrength: number,
  enemyStrength: number,
  creatures: number,
): boolean {
  if (creatures === 0) return false;
  return (
    (r.afterRounds > 0 && round >= r.afterRounds) ||
    (r.outnumbered > 0 && enemyStrength >= r.outnumbered * ownStrength) ||
    (r.downTo >= 0 && creatures <= r.downTo)
  );
}
