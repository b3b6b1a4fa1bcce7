/**
 * The composition root: which rule systems exist, each with the form it is asked by (and
 * any other command it offers). No engine file imports this; adding a system is one line
 * here plus its own folder.
 */
import type { RuleSystem } from '../model/contract.js';
import type { FormCommand, QuestionForm } from '../form/form.js';
import { landgrab } from '../systems/landgrab/index.js';
import { landgrabForm, reinforcementsCommand } from '../systems/landgrab/form.js';
import { kingsAndThings } from '../systems/kings-and-things/index.js';
import { kingsAndThingsForm } from '../systems/kings-and-things/form.js';
import { advancedCivilization } from '../systems/advanced-civilization/index.js';
import { advancedCivilizationForm } from '../systems/advanced-civilization/form.js';
import { princesAndQueens } from '../systems/princes-and-queens/index.js';
import { princesAndQueensForm } from '../systems/princes-and-queens/form.js';

export interface SystemModule {
  system: RuleSystem;
  /** The game's name, short, as a picker offers it (the system's title says more). */
  name: string;
  /** How a question of this system is asked (the command line's `odds <system>`, the page's form). */
  form: QuestionForm;
  commands?: readonly FormCommand[];
}

export const SYSTEM_MODULES: readonly SystemModule[] = [
  { system: landgrab, name: 'LandGrab', form: landgrabForm, commands: [reinforcementsCommand] },
  { system: kingsAndThings, name: 'Kings & Things', form: kingsAndThingsForm },
  { system: advancedCivilization, name: 'Advanced Civilization', form: advancedCivilizationForm },
  { system: princesAndQueens, name: 'Princes & Queens', form: princesAndQueensForm },
];

export const SYSTEMS: readonly RuleSystem[] = SYSTEM_MODULES.map((m) => m.system);

export function findSystem(id: string): RuleSystem | undefined {
  return SYSTEMS.find((s) => s.id === id);
}
