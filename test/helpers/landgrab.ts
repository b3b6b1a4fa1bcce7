import { landgrab } from '../../src/core/systems/landgrab/index.js';
import { compileEntry, type Battle } from '../../src/core/engine/validate/entry.js';
import { isUnsolved } from '../../src/core/model/contract.js';
import type { LandgrabPlan } from '../../src/core/systems/landgrab/plan.js';

/** Compiles a raw LandGrab entry as a scenario would (schema with its cross-field checks, compile). */
export function landgrabBattle(entry: Record<string, unknown>): Battle<LandgrabPlan> {
  return compileEntry(landgrab, entry, 'test', '', 'test battle') as Battle<LandgrabPlan>;
}

/** The exact probabilities of a battle, laid out like its tally. */
export function exactOf(battle: Pick<Battle<LandgrabPlan>, 'plan'>): Float64Array {
  const answer = landgrab.solve!(battle.plan);
  if (isUnsolved(answer)) throw new Error(answer.unsolved);
  return answer.probabilities;
}
