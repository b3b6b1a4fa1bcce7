/**
 * The one way to ask: a question to one rule system, however it comes (the command line's flags,
 * the page's fields, the library's entry), prepared once into the battle and the run that answer
 * it, or refused once (a Refusal naming the form's field, the Question's option or the entry's
 * field, which each face words by lookup). The command line and the library then run the prepared
 * scenario (run/runScenario.ts); the page runs its battle with its own executors (it shows
 * estimates as chunks finish and solves large battles off its thread).
 *
 * @example
 * const asked = prepareQuestion({ module: landgrabModule, battle: { entry: { attackers: 12, defenders: 8 } } });
 * asked.ok ? asked.prepared.battle.label : asked.refusal.problem // 'landgrab'
 */
import type { SystemModule } from '../registry/systems.js';
import type { Battle } from '../engine/validate/entry.js';
import type { Scenario } from '../engine/validate/scenario.js';
import { checkQuestion } from '../engine/validate/checkQuestion.js';
import type { Question } from '../model/question.js';
import { InputError } from '../model/inputError.js';
import { assignStems } from '../model/fileNames.js';
import { DEFAULT_PRECISION_CAP, DEFAULT_SEED, DEFAULT_TRIALS } from '../model/run.js';
import { fieldOfEntry, type FormValues } from '../form/form.js';
import { formArgs, formEntry, FormProblem, type Refusal } from '../form/entry.js';
import type { Overrides } from '../run/runScenario.js';
import { compileForQuestion } from './force.js';

/** The battle asked about: the form's typed values (and the kind of question), or a battle entry. */
export type AskedBattle = { values: FormValues; kind: string } | { entry: unknown; label?: string };

export interface Asking {
  module: SystemModule;
  battle: AskedBattle;
  /** The run's choices and what is asked beyond the odds (a target, advice, an objective, a solve). */
  choices?: Overrides;
  /** Names the question in the engine's own words (`odds landgrab`); default `odds <system>`. */
  source?: string;
  /** How the face names a question option inside another's refusal (`--advise`, “Advise on the decisions”). */
  nameOf?: (option: keyof Question) => string;
}

/** A question ready to run: its battle, what it asks, the one-battle scenario and the run's overrides. */
export interface PreparedQuestion {
  battle: Battle;
  /** The question as answered: with the force found when the force was what was asked (`forceAsked`). */
  question: Question;
  scenario: Scenario;
  overrides: Overrides;
}

export type Prepared = { ok: true; prepared: PreparedQuestion } | { ok: false; refusal: Refusal };

export function prepareQuestion(asking: Asking): Prepared {
  const { module, battle: asked, choices = {} } = asking;
  const { system, form } = module;
  const source = asking.source ?? `odds ${system.id}`;
  const question = choices.question ?? {};
  const checked = checkQuestion(system, question, asking.nameOf ?? ((option) => option));
  if (checked) return refused({ key: checked.field, problem: { reason: 'value', message: checked.message }, path: '' });
  let compiled: { battle: Battle; question: Question };
  try {
    const fromForm = 'values' in asked;
    const entry = fromForm ? formEntry(form, asked.values, asked.kind, question) : asked.entry;
    const label = fromForm ? formArgs(form.fields, asked.values).join(' ') || system.id : (asked.label ?? system.id);
    compiled = compileForQuestion(system, entry, question, source, label);
  } catch (error) {
    if (error instanceof FormProblem) return refused(error);
    if (!(error instanceof InputError)) throw error;
    // The entry's field, on the form's field that sets it (the target: the Question's own option).
    const problem = { reason: 'value' as const, message: error.detail };
    if (error.field === 'target') return refused({ key: 'target', problem, path: '' });
    return refused({ key: fieldOfEntry(form, error.field)?.key ?? null, problem, path: error.field });
  }
  const { battle } = compiled;
  const scenario: Scenario = {
    // The engine's own errors name a question as `odds <system>`, whichever command asked it.
    file: `odds ${system.id}`,
    name: `odds-${system.id}`,
    system,
    seed: DEFAULT_SEED,
    // With a precision target and no trials given, the cap is what the target stops short of.
    trials: choices.trials ?? (choices.precision ? DEFAULT_PRECISION_CAP : DEFAULT_TRIALS),
    kernel: 'fast',
    method: 'auto',
    exact: true,
    question: {},
    battles: [battle],
    files: assignStems([battle.label]),
  };
  return {
    ok: true,
    prepared: { battle, question: compiled.question, scenario, overrides: { ...choices, question: compiled.question } },
  };
}

function refused(refusal: Refusal): Prepared {
  const { key, problem, path } = refusal;
  return { ok: false, refusal: { key, problem, path } };
}
