/**
 * What is wrong with a question, in a player's words: each problem names the field by its
 * label on the page (never a flag), and a name the entry uses (`defenderDistance`) or a flag
 * inside a message becomes the label of the field that sets it.
 */
import type { Question } from '../../core/model/question.js';
import { fieldOfEntry, paramOf, type QuestionForm } from '../../core/form/form.js';
import type { Refusal } from '../../core/form/entry.js';
import { questionOption } from '../../core/form/questionOptions.js';

export interface Problem {
  /** The field (its name on the page, `attacking-armies`) it is about; null for the question as a whole. */
  param: string | null;
  message: string;
}

/** A field of the form or a question option, by key: its page name and label. */
function named(form: QuestionForm, key: string): { param: string; label: string } | undefined {
  const field = form.fields.find((f) => f.key === key);
  const label = field?.page?.label ?? questionOption(key as keyof Question)?.page.label;
  return label ? { param: paramOf(key), label } : undefined;
}

/** A label quoted inside a sentence. */
export function quoted(label: string): string {
  return `“${label}”`;
}

/** A problem on its field, the label first: "Defending armies must be at least 1 (defending armies)." */
export function fieldProblem(form: QuestionForm, key: string | null, detail: string): Problem {
  const field = key ? named(form, key) : undefined;
  const text = playerWords(form, detail);
  if (!field) return { param: null, message: sentence(text) };
  // A message that already names the field (the entry's name for it, now its label) needs no prefix.
  if (text.includes(quoted(field.label))) return { param: field.param, message: sentence(text) };
  const joined = /^(must|is|are|applies|does|needs|cannot|each)\b/.test(text) ? ' ' : ': ';
  return { param: field.param, message: sentence(`${field.label}${joined}${text}`) };
}

/** A refused question, in the page's words. */
export function pageProblem(form: QuestionForm, error: Refusal): Problem {
  const { problem } = error;
  const field = error.key ? named(form, error.key) : undefined;
  const label = field?.label ?? '';
  switch (problem.reason) {
    case 'required': {
      const target = questionOption('target')?.page.label.toLowerCase() ?? 'target';
      const or = problem.orTarget ? `, or leave it empty and give a ${target} to find how many you need` : '';
      return { param: field?.param ?? null, message: sentence(`${label} is needed${or}`) };
    }
    case 'value':
      return fieldProblem(form, error.key, problem.message);
    default:
      // The page asks only the fields of the kind chosen, and never a retired one.
      return { param: field?.param ?? null, message: sentence(`${label} does not apply to this question`) };
  }
}

/** How the page names a question option inside another one's problem (checkQuestion's `name`). */
export function optionName(form: QuestionForm): (key: keyof Question) => string {
  return (key) => quoted(named(form, key)?.label ?? key);
}

/**
 * A message from the engine or a system in the page's words: a flag (`--attacking-leader`) or
 * a name the battle entry uses (`defenderDistance`) becomes the label of the field that sets it.
 */
export function playerWords(form: QuestionForm, message: string): string {
  const labelOf = (key: string) => named(form, key)?.label;
  return message
    .replace(/--([a-z][a-z-]*)/g, (flag, name: string) => {
      const key = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const label = labelOf(key);
      return label ? quoted(label) : flag;
    })
    .replace(/\b[a-z]+[A-Z][A-Za-z]*(?:\.[a-z][A-Za-z]*)*\b/g, (name) => {
      const field = fieldOfEntry(form, name);
      const label = field ? labelOf(field.key) : undefined;
      return label ? quoted(label) : name;
    });
}

/**
 * A note or refusal of the engine about a battle, in the page's words: the battle it names by
 * its label (the command line's flags, for a question asked by flags) is "this battle", and the
 * system's id its game's name ("Kings & Things has no exact solution for this battle: ...").
 */
export function battleWords(module: { name: string; system: { id: string } }, label: string, text: string): string {
  return text
    .split(`'${label}'`)
    .join('this battle')
    .replace(new RegExp(`^${module.system.id}\\b`), module.name);
}

/** One sentence: a capital first letter and a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim().replace(/[.:;,]$/, '');
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
}
