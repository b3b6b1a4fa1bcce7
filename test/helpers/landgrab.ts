import { landgrab } from '../../src/systems/landgrab/index.js';
import { compileEntry } from '../../src/engine/compileEntry.js';
import type { CompiledBattle } from '../../src/engine/system.js';
import type { LandgrabPlan } from '../../src/systems/landgrab/plan.js';

/** Compiles a raw LandGrab entry as a scenario would (schema, checks, compile). */
export function landgrabBattle(entry: Record<string, unknown>): CompiledBattle<LandgrabPlan> {
  return compileEntry(landgrab, entry, 'test', '', 'test battle') as CompiledBattle<LandgrabPlan>;
}
