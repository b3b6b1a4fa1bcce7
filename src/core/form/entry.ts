/**
 * From a form's values to its battle entry, with the checks every form shares: a retired
 * field is refused with its pointer, a field given for a kind of question it does not apply
 * to is refused (never silently dropped), a required field must be given. What is wrong is
 * a FormProblem naming the field by key; each front end words it (the flag on the command
 * line, the label on the page).
 */
import type { Question } from '../model/question.js';
import { fieldApplies, type FieldValue, type FormValues, type QuestionField, type QuestionForm } from './form.js';
import { isGiven, valueText } from './read.js';

export type ProblemKind =
  /** Not given; `orTarget`: leaving it out asks how many are needed, with a target. */
  | { reason: 'required'; orTarget: boolean }
  /** Given for a kind of question it does not apply to (`kind`: the one asked). */
  | { reason: 'elsewhere'; kind: string }
  /** Not answered here any more (the field's `cli.retired` says where). */
  | { reason: 'retired' }
  /** A value refused: the message, in words both front ends show after the field's name. */
  | { reason: 'value'; message: string };

/**
 * A question refused, once, as data: about one field of the form (its key), a Question option
 * (`target`), a field of the battle entry no form field sets (`path`), or the whole question (a
 * null key). Each face words it by lookup: the flag on the command line, the label on the page,
 * the entry's field for the library.
 */
export interface Refusal {
  /** A field's key, a Question field (`target`), or null. */
  readonly key: string | null;
  readonly problem: ProblemKind;
  /** The battle entry's field, when the problem is about one (empty: none). */
  readonly path: string;
}

/** A Refusal thrown where a form's own checks find it (formEntry, a form's toEntry: `refuse`). */
export class FormProblem extends Error implements Refusal {
  constructor(
    /** A field's key, a Question field (`target`), or null. */
    readonly key: string | null,
    readonly problem: ProblemKind,
    /** The battle entry's field, when the problem is about one no form field sets. */
    readonly path = '',
  ) {
    super(problem.reason === 'value' ? problem.message : `${key}: ${problem.reason}`);
    this.name = 'FormProblem';
  }
}

/** A value a form's `toEntry` refuses, on its field. */
export function refuse(key: string, message: string): FormProblem {
  return new FormProblem(key, { reason: 'value', message });
}

/**
 * The battle entry of a question: the shared checks, then the form's toEntry. `question` says
 * whether a target or advice is asked, so the force may be left out (the reverse question).
 */
export function formEntry(form: QuestionForm, values: FormValues, kind: string, question: Question = {}): unknown {
  const given = (f: QuestionField) => isGiven(f, values[f.key]);
  for (const field of form.fields) {
    if (field.cli.retired && given(field)) throw new FormProblem(field.key, { reason: 'retired' });
  }
  for (const field of form.fields) {
    if (!fieldApplies(field, kind) && given(field)) throw new FormProblem(field.key, { reason: 'elsewhere', kind });
  }
  // The force last: the rest of the battle is given first, then whether the count is the question.
  const required = form.fields.filter((f) => f.required && fieldApplies(f, kind) && !given(f));
  const missing = required.find((f) => !f.force) ?? required[0];
  const reverse = question.target !== undefined || Boolean(question.advise);
  if (missing && !(missing.force && reverse))
    throw new FormProblem(missing.key, { reason: 'required', orTarget: Boolean(missing.force) });
  return form.toEntry(values, kind);
}

/** The question's fields as a command line types them (`--attackers 11`, `--fortress`): the given ones, in order. */
export function formArgs(fields: readonly QuestionField[], values: FormValues): string[] {
  const args: string[] = [];
  for (const field of fields) {
    const value = values[field.key] as FieldValue | undefined;
    if (value === undefined || !isGiven(field, value)) continue;
    args.push(value === true ? field.cli.flag : `${field.cli.flag} ${valueText(value)}`);
  }
  return args;
}
