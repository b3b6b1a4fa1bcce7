/**
 * Loss policies (11.51: the side that is hit chooses which counters take the hits).
 *
 * Reading: every policy is a FIXED priority order over the side's counters, decided
 * before the battle. Hits are taken one at a time by the first counter in the order
 * that is still in the fight; a fort, city or village keeps taking hits until it is
 * neutralized. So a side's whole state is the number of hits it has absorbed, which
 * is what makes the exact solver and the per-step tables possible.
 *
 * A counter's worth is its expected hits per step, value x dice (charging creatures
 * roll two). Ties: the counter that fires later in the round (melee, then ranged, then
 * magic) is given up first, then by name. An entry gives a policy by name or as an explicit
 * order of counter names (`lossPolicy`).
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { lazy } from '../../../model/lazy.js';
import { isBuilding, type Counter } from './counters.js';

export const LOSS_POLICIES = ['weakest-first', 'buildings-first', 'protect-strongest'] as const;
/** A side's loss policy as an entry gives it: built on first use (lazy.ts). */
export const lossPolicySchema = lazy(() =>
  z.union([z.enum(LOSS_POLICIES), z.array(userText(z.string().min(1))).min(1)], {
    error:
      `loss policy must be one of ${LOSS_POLICIES.join(', ')}, ` +
      'or a list of counter names (an explicit loss order)',
  }),
);
export type LossPolicy = z.output<ReturnType<typeof lossPolicySchema>>;

const worth = (c: Counter) => c.value * c.dice;

function byWorth(a: Counter, b: Counter): number {
  return worth(a) - worth(b) || b.step - a.step || a.name.localeCompare(b.name);
}

/** Buildings: lowest value first, the fort last among equals (it is the one worth keeping). */
function buildingsByValue(a: Counter, b: Counter): number {
  return a.value - b.value || (a.kind === 'fort' ? 1 : 0) - (b.kind === 'fort' ? 1 : 0);
}

export function namedOrder(
  counters: Counter[],
  policy: 'weakest-first' | 'buildings-first' | 'protect-strongest',
): Counter[] {
  const creatures = counters.filter((c) => !isBuilding(c)).sort(byWorth);
  const buildings = counters.filter(isBuilding).sort(buildingsByValue);
  switch (policy) {
    // Creatures die weakest first; buildings only absorb once every creature is gone.
    case 'weakest-first':
      return [...creatures, ...buildings];
    // Buildings soak up every hit they can (they are repaired after the battle), then creatures weakest first.
    case 'buildings-first':
      return [...buildings, ...creatures];
    // Everything by worth, buildings counted at their printed value: the strongest counters are hit last.
    case 'protect-strongest':
      return [...counters].sort(
        (a, b) => worth(a) - worth(b) || (isBuilding(b) ? 1 : 0) - (isBuilding(a) ? 1 : 0) || byWorth(a, b),
      );
  }
}

/** Does `name` in an explicit loss order denote counter `c`? Forts also answer to "fort". */
function denotes(name: string, c: Counter): boolean {
  const key = name.trim().toLowerCase();
  return c.name.toLowerCase() === key || (c.kind === 'fort' && key === 'fort');
}

export interface ResolvedOrder {
  order: Counter[];
  /** Names in an explicit order that match no (remaining) counter of the side. */
  unmatched: string[];
}

/**
 * An explicit order: each name takes the next counter of that name not yet listed;
 * counters not listed follow, in the side's default policy order.
 */
export function lossOrder(
  counters: Counter[],
  policy: LossPolicy,
  fallback: 'weakest-first' | 'buildings-first',
): ResolvedOrder {
  if (typeof policy === 'string') return { order: namedOrder(counters, policy), unmatched: [] };
  const rest = namedOrder(counters, fallback);
  const order: Counter[] = [];
  const unmatched: string[] = [];
  for (const name of policy) {
    const i = rest.findIndex((c) => denotes(name, c));
    if (i < 0) unmatched.push(name);
    else order.push(...rest.splice(i, 1));
  }
  return { order: [...order, ...rest], unmatched };
}
