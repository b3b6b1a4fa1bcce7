import type { RuleSystem } from '../engine/system.js';
import { landgrab } from '../systems/landgrab/index.js';
import { kingsAndThings } from '../systems/kings-and-things/index.js';
import { advancedCivilization } from '../systems/advanced-civilization/index.js';
import { princesAndQueens } from '../systems/princes-and-queens/index.js';

/** Every rule system the tool knows. Registering a system is one line here. */
export const SYSTEMS: readonly RuleSystem[] = [landgrab, kingsAndThings, advancedCivilization, princesAndQueens];

export function findSystem(id: string): RuleSystem | undefined {
  return SYSTEMS.find((s) => s.id === id);
}

export function systemIds(): string[] {
  return SYSTEMS.map((s) => s.id);
}
