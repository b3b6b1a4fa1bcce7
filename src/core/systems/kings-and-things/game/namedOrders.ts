/**
 * The project's named loss policies as fixed orders for the game solver: `namedOrder` of
 * ../rules/lossOrder.ts (worth is value x dice; ties: the counter that fires later in the round is
 * given up first, then by name; buildings lowest value first, the fort last among equals).
 *
 * @example
 * namedLossOrder([castle, ogre, archers], 'buildings-first').map((c) => c.name); // ['Castle', 'Archers', 'Ogre']
 */
import type { Counter } from '../rules/counters.js';
import { namedOrder } from '../rules/lossOrder.js';

export const NAMED_LOSS_POLICIES = ['weakest-first', 'buildings-first', 'protect-strongest'] as const;
export type NamedLossPolicy = (typeof NAMED_LOSS_POLICIES)[number];

export function namedLossOrder(counters: readonly Counter[], policy: NamedLossPolicy): Counter[] {
  return namedOrder([...counters], policy);
}
