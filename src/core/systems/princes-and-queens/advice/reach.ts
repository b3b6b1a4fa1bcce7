/**
 * "From how far can I attack?": the farthest distance (hexes from the attacking Prince to
 * his Queen) at which an attack on this defender is still possible, for one and for two
 * Princes; and, for a defending Prince, the farthest distance from his Queen at which he
 * still holds against this attack. Nothing is random, so the player's target is moot: an
 * attack is possible or not. Values only fall with distance, so the possible distances are
 * always 1..k; the search tries every distance an entry allows (1..MAX_DISTANCE).
 */
import type { PqPlan } from '../plan.js';
import { MAX_DISTANCE } from '../schema.js';
import { attackValue, defenceValue, resolveAttack } from '../values.js';

export interface Reach {
  /** The farthest distance that works, or null when none does. */
  farthest: number | null;
  /** It works at every distance up to MAX_DISTANCE. */
  any: boolean;
  /** The value of the side asked about at that distance (at 1 when none works, at MAX_DISTANCE when any does). */
  value: number;
  /** The other side's value there. */
  against: number;
}

function reach(works: (d: number) => boolean, values: (d: number) => [number, number]): Reach {
  let farthest: number | null = null;
  for (let d = 1; d <= MAX_DISTANCE; d++) if (works(d)) farthest = d;
  const any = farthest === MAX_DISTANCE;
  const [value, against] = values(farthest ?? 1);
  return { farthest, any, value, against };
}

/** How far `princes` attacking Princes may stand from their Queen and still attack this defender. */
export function farthestAttack(plan: PqPlan, princes: 1 | 2): Reach {
  const defence = defenceValue(plan.defence, plan.floor).value;
  return reach(
    (d) => resolveAttack(princes, d, plan.defence, plan.ties, plan.floor).possible,
    (d) => [attackValue(princes, d, plan.floor), defence],
  );
}

/** How far a defending Prince (or two) may stand from his Queen and still hold against this attack; null for others. */
export function farthestHold(plan: PqPlan): Reach | null {
  if (plan.defence.kind !== 'prince' && plan.defence.kind !== 'two-princes') return null;
  const attack = attackValue(plan.princes, plan.distance, plan.floor);
  const at = (d: number) => ({ ...plan.defence, distance: d });
  return reach(
    (d) => !resolveAttack(plan.princes, plan.distance, at(d), plan.ties, plan.floor).possible,
    (d) => [defenceValue(at(d), plan.floor).value, attack],
  );
}
