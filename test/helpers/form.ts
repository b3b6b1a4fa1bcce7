/**
 * A system's question read as the command line reads it: the words parsed by commander
 * with the options generated from the form, then the form's own checks and toEntry.
 */
import { Command } from '@commander-js/extra-typings';
import type { Question } from '../../src/core/model/question.js';
import { formEntry } from '../../src/core/form/entry.js';
import { kindOf, type FormValues, type QuestionForm } from '../../src/core/form/form.js';
import { isGiven } from '../../src/core/form/read.js';
import { fieldOption, fieldValues } from '../../src/cli/form.js';

/** The form's values and kind of question from command-line words (`--attackers 11 --fortress`). */
export function valuesFromWords(form: QuestionForm, words: readonly string[]): { values: FormValues; kind: string } {
  const command = new Command('test').exitOverride().configureOutput({ writeErr: () => {} });
  for (const field of form.fields) command.addOption(fieldOption(field, 'test') as never);
  command.parse([...words], { from: 'user' });
  const values = fieldValues(form.fields, command.opts() as Record<string, unknown>);
  return { values, kind: kindOf(form, (f) => isGiven(f, values[f.key])) };
}

/** The battle entry command-line words ask (throws the form's FormProblem). */
export function entryFromWords(form: QuestionForm, words: readonly string[], question: Question = {}): unknown {
  const { values, kind } = valuesFromWords(form, words);
  return formEntry(form, values, kind, question);
}
