/**
 * A question asked with a system's form (the command line's `odds`, the web page's form):
 * the battle its values describe and the one-battle scenario that answers it. Pure, so the
 * command line and the page read the same values the same way; what is wrong is a
 * FormProblem naming the form's field, which each front end words for its user.
 */
import type { SystemModule } from '../registry/systems.js';
import { type Battle } from '../engine/validate/entry.js';
import type { Question } from '../model/contract.js';
import { compileForQuestion } from './force.js';
import type { Scenario } from '../engine/validate/scenario.js';
import { InputError } from '../model/inputError.js';
import { assignStems } from '../model/fileNames.js';
import { fieldOfEntry, type FormValues } from '../form/form.js';
import { formArgs, formEntry, FormProblem } from '../form/entry.js';
import { DEFAULT_PRECISION_CAP, DEFAULT_SEED, DEFAULT_TRIALS } from '../model/run.js';

/**
 * The battle the values describe, validated and compiled, and the question to answer it with
 * (when the values leave out the attacking force, the fewest reaching the target:
 * engine/force.ts). `source` names the question in the engine's own errors (`odds landgrab`).
 * Throws FormProblem.
 */
export function battleFromForm(
  module: SystemModule,
  values: FormValues,
  kind: string,
  question: Question = {},
  source = `odds ${module.system.id}`,
): { battle: Battle; question: Question } {
  const { form, system } = module;
  const entry = formEntry(form, values, kind, question);
  try {
    const label = formArgs(form.fields, values).join(' ') || system.id;
    return compileForQuestion(system, entry, question, source, label);
  } catch (error) {
    if (!(error instanceof InputError) || !error.field) throw error;
    const problem = { reason: 'value' as const, message: error.detail };
    if (error.field === 'target') throw new FormProblem('target', problem);
    throw new FormProblem(fieldOfEntry(form, error.field)?.key ?? null, problem, error.field);
  }
}

/** One battle asked as a question, as a one-battle scenario (exact where solvable, else sampled). */
export function questionScenario(
  module: SystemModule,
  battle: Battle,
  options: { trials?: number; precision?: number } = {},
): Scenario {
  return {
    file: `odds ${module.system.id}`,
    name: `odds-${module.system.id}`,
    system: module.system,
    seed: DEFAULT_SEED,
    trials: options.trials ?? (options.precision ? DEFAULT_PRECISION_CAP : DEFAULT_TRIALS),
    kernel: 'fast',
    method: 'auto',
    exact: true,
    question: {},
    battles: [battle],
    files: assignStems([battle.label]),
  };
}
