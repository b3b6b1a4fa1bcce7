/**
 * The composition root: which rule systems exist, each with its command-line questions.
 * No engine file imports this; adding a system is one line here plus its own folder.
 */
import type { RuleSystem } from '../engine/contract.js';
import type { SystemCli } from '../cli/oddsContract.js';
import { landgrab } from '../systems/landgrab/index.js';
import { landgrabCli } from '../systems/landgrab/cli.js';
import { kingsAndThings } from '../systems/kings-and-things/index.js';
import { kingsAndThingsCli } from '../systems/kings-and-things/cli.js';
import { advancedCivilization } from '../systems/advanced-civilization/index.js';
import { advCivCli } from '../systems/advanced-civilization/cli.js';
import { princesAndQueens } from '../systems/princes-and-queens/index.js';
import { pqCli } from '../systems/princes-and-queens/cli.js';

export interface SystemModule {
  system: RuleSystem;
  cli: SystemCli;
}

export const SYSTEM_MODULES: readonly SystemModule[] = [
  { system: landgrab, cli: landgrabCli },
  { system: kingsAndThings, cli: kingsAndThingsCli },
  { system: advancedCivilization, cli: advCivCli },
  { system: princesAndQueens, cli: pqCli },
];

export const SYSTEMS: readonly RuleSystem[] = SYSTEM_MODULES.map((m) => m.system);

export function findSystem(id: string): RuleSystem | undefined {
  return SYSTEMS.find((s) => s.id === id);
}
