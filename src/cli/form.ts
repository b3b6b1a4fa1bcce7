/**
 * A system's question form on the command line: each field as a commander option (its flag,
 * help, reader and default), and the values commander parsed as the form's typed values (what is
 * wrong with a question, in the shell's words: core/form/shellWords.ts).
 */
import { Option } from '@commander-js/extra-typings';
import type { FieldValue, FormValues, QuestionField } from '../core/form/form.js';
import { readField } from '../core/form/read.js';
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
