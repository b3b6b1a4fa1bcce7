/** A validated attack -> plan and layout; solve() evaluates the Battle values (nothing is random). */
import type { Compiled, Solution } from '../../model/contract.js';
import type { PqEntry } from './schema.js';
import { HEADLINE, attackLayout, type PqPlan } from './plan.js';
import { resolveAttack, type AttackResult } from './values.js';

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
