/**
 * A system's question form on the command line: each field as a commander option (its flag,
 * help, reader and default), the values commander parsed as the form's typed values, and
 * what is wrong with a question in the shell's words (naming each field by its flag).
 */
import { Option } from '@commander-js/extra-typings';
import type { Question } from '../core/model/contract.js';
import {
  defaultKind,
  paramOf,
  type FieldValue,
  type FormValues,
  type QuestionField,
  type QuestionForm,
} from '../core/form/form.js';
import type { FormProblem } from '../core/form/entry.js';
import { questionOption } from '../core/form/questionOptions.js';
import { readField } from '../core/form/read.js';
import { InputError } from '../core/model/inputError.js';
import { fieldParser } from './parse.js';

/** A field as a commander option; `source` names the command in a refusal (`odds landgrab`). */
export function fieldOption(field: QuestionField, source: string, mandatory = false): Option {
  const { flag, arg, help } = field.cli;
  const option = new Option(field.kind === 'flag' ? flag : `${flag} ${arg ?? '<value>'}`, help + limitWords(field));
  if (field.kind !== 'flag') option.argParser(fieldParser(field, source));
  // An empty default (no technologies) is not shown; fieldValues fills it in.
  if (field.default) option.default(readField(field, field.default));
  if (mandatory) option.makeOptionMandatory();
  return option as unknown as Option;
}

/** A whole number's limit in its help, ` (at most 5000)`, unless the help already says it. */
function limitWords(field: QuestionField): string {
  if (field.max === undefined || field.cli.help.includes(String(field.max))) return '';
  return field.kind === 'counts' ? ` (each at most ${field.max})` : ` (at most ${field.max})`;
}

/** The form's values from the options commander parsed (flags not given are false; defaults filled in). */
export function fieldValues(fields: readonly QuestionField[], parsed: Record<string, unknown>): FormValues {
  const values: Record<string, FieldValue | undefined> = {};
  for (const field of fields) {
    const value = parsed[camelOf(field.cli.flag)] as FieldValue | undefined;
    const fallback = field.default !== undefined ? readField(field, field.default) : undefined;
    values[field.key] = field.kind === 'flag' ? value === true : (value ?? fallback);
  }
  return values;
}

/** `--attacker-tech` -> `attackerTech`, the name commander gives a parsed option. */
function camelOf(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The flag that asks a Question field (`territoryWorth` -> `--territory-worth`). */
export function questionFlag(field: keyof Question): string {
  return questionOption(field)?.cli.flag ?? `--${paramOf(field)}`;
}

/** A form's problem in the shell's words: one InputError naming the command and the flag. */
export function problemError(source: string, form: Pick<QuestionForm, 'fields' | 'kinds'>, error: FormProblem) {
  const field = form.fields.find((f) => f.key === error.key);
  const flag = field?.cli.flag ?? (error.key ? questionFlag(error.key as keyof Question) : '');
  const { problem } = error;
  switch (problem.reason) {
    case 'retired':
      return new InputError(source, flag, field?.cli.retired ?? 'is not answered here');
    case 'required': {
      const why = field?.cli.missing ?? field?.cli.help;
      const orTarget = problem.orTarget
        ? `, or leave it out and give ${questionFlag('target')} to find how many you need`
        : '';
      return new InputError(source, '', `${flag} is required${why ? ` (${why})` : ''}${orTarget}`);
    }
    case 'elsewhere':
      return new InputError(source, flag, elsewhere(form, field as QuestionField, problem.kind));
    case 'value':
      // A field of the battle entry no flag sets is named as a flag would be.
      return new InputError(
        source,
        flag || (error.path ? `--${paramOf(error.path.split(/[.[]/)[0])}` : ''),
        problem.message,
      );
  }
}

/**
 * Why a field given does not belong to the kind of question asked: `does not apply with
 * --path` (the flag that chose it) or `applies only with --path`, then what to do instead.
 */
function elsewhere(form: Pick<QuestionForm, 'fields' | 'kinds'>, field: QuestionField, kind: string): string {
  const chooser = (k: string) => form.fields.find((f) => f.choosesKind === k)?.cli.flag ?? k;
  const owned = field.appliesTo ?? [];
  const words =
    owned.includes(defaultKind(form)) || field.choosesKind
      ? `does not apply with ${chooser(kind)}`
      : `applies only with ${owned.map(chooser).join(' or ')}`;
  const hint = typeof field.cli.elsewhere === 'string' ? field.cli.elsewhere : field.cli.elsewhere?.[kind];
  return hint ? `${words} (${hint})` : words;
}
