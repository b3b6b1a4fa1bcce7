/**
 * The project's named loss policies as fixed orders, the same orders as `namedOrder` in
 * ../lossOrder.ts (the tests check they agree). They are repeated here because
 * lossOrder.ts imports counters.ts, which loads the roster from disk: this folder must
 * also run in a browser.
 *
 * Worth is value x dice; ties: the counter that fires later in the round is given up
 * first, then by name. Buildings: lowest value first, the fort last among equals.
 *
 * @example
 * namedLossOrder([castle, ogre, archers], 'buildings-first').map((c) => c.name); // ['Castle', 'Archers', 'Ogre']
 */
import type { Counter } from '../counters.js';
import { isBuilding } from './sideModel.js';

export const NAMED_LOSS_POLICIES = ['weakest-first', 'buildings-first', 'protect-strongest'] as const;
export type NamedLossPolicy = (typeof NAMED_LOSS_POLICIES)[number];

const worth = (c: Counter) => c.value * c.dice;

function byWorth(a: Counter, b: Counter): number {
  return worth(a) - worth(b) || b.step - a.step || a.name.localeCompare(b.name);
}

function buildingsByValue(a: Counter, b: Counter): number {
  return a.value - b.value || (a.kind === 'fort' ? 1 : 0) - (b.kind === 'fort' ? 1 : 0);
}

export function namedLossOrder(counters: readonly Counter[], policy: NamedLossPolicy): Counter[] {
  const creatures = counters.filter((c) => !isBuilding(c)).sort(byWorth);
  const buildings = counters.filter(isBuilding).sort(buildingsByValue);
  switch (policy) {
    case 'weakest-first':
      return [...creatures, ...buildings];
    case 'buildings-first':
      return [...buildings, ...creatures];
    case 'protect-strongest':
      return [...counters].sort(
        (a, b) => worth(a) - worth(b) || (isBuilding(b) ? 1 : 0) - (isBuilding(a) ? 1 : 0) || byWorth(a, b),
      );
  }
}
