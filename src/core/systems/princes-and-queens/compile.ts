/** A validated attack -> plan and layout (exact.ts evaluates the Battle values: nothing is random). */
import type { Compiled } from '../../model/contract.js';
import type { PqEntry } from './schema.js';
import { HEADLINE, attackLayout, type PqPlan } from './plan.js';

export function compilePq(entry: PqEntry): Compiled<PqPlan> {
  const { layout, at } = attackLayout();
  const plan: PqPlan = {
    princes: entry.princes,
    distance: entry.distance,
    defence: {
      kind: entry.defender,
      terrain: entry.terrain,
      distance: entry.defenderDistance,
      withCity: entry.withCity,
    },
    ties: entry.ties,
    floor: entry.princeFloor,
    at,
  };
  return { type: 'attack', plan, layout, headline: HEADLINE };
}
