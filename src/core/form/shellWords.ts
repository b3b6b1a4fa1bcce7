/**
 * A refused question in the shell's words (the page has its own: src/web/question/words.ts): each
 * field named by its flag, from the form's own `cli` words, so the command line and the run session
 * word a Refusal (form/entry.ts) by lookup, never by catching and re-throwing.
 */
import type { Question } from '../model/question.js';
import { InputError } from '../model/inputError.js';
import { defaultKind, paramOf, type QuestionField, type QuestionForm } from './form.js';
import type { Refusal } from './entry.js';
import { questionOption } from './questionOptions.js';

/** The flag that asks a Question field (`territoryWorth` -> `--territory-worth`). */
export function questionFlag(field: keyof Question): string {
  return questionOption(field)?.cli.flag ?? `--${paramOf(field)}`;
}

/**
 * A refused question in the shell's words: one InputError naming the command and the flag (asked
 * with `--entry`: the entry's field, `--entry attackers`).
 */
export function refusalInShellWords(
  source: string,
  form: Pick<QuestionForm, 'fields' | 'kinds'>,
  refusal: Refusal,
  viaEntry = false,
): InputError {
  const field = viaEntry ? undefined : form.fields.find((f) => f.key === refusal.key);
  const option = refusal.key && !field ? questionOption(refusal.key as keyof Question) : undefined;
  const flag =
    field?.cli.flag ??
    option?.cli.flag ??
    (refusal.key && !viaEntry ? questionFlag(refusal.key as keyof Question) : '');
  const { problem } = refusal;
  if (viaEntry && !option)
    return new InputError(source, refusal.path ? `--entry ${refusal.path}` : '', problemText(problem));
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
        flag || (refusal.path ? `--${paramOf(refusal.path.split(/[.[]/)[0])}` : ''),
        problem.message,
      );
  }
}

/** A problem's words where no flag names it (a whole entry given with `--entry`). */
function problemText(problem: Refusal['problem']): string {
  return problem.reason === 'value' ? problem.message : problem.reason;
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
