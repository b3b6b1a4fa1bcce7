/**
 * What is wrong with a question, in a player's words: each problem names the field by its
 * label on the page (never a flag), and a name the entry uses (`defenderDistance`, `fort.owner`),
 * a flag or a choice's value (`two-princes`) inside a message becomes the label of the field or
 * choice it stands for. The words are found by lookup in the question form; nothing here knows a
 * system's messages one by one.
 */
import type { Question } from '../../core/model/question.js';
import { fieldOfEntry, paramOf, type QuestionField, type QuestionForm } from '../../core/form/form.js';
import type { Refusal } from '../../core/form/entry.js';
import { questionOption } from '../../core/form/questionOptions.js';
import { SYSTEM_MODULES } from '../../core/registry/systems.js';

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

/**
 * A problem on its field, the label first: "Defending armies must be at least 1." `given` is
 * the field's text as the player left it (a message that cannot be put in words quotes it).
 */
export function fieldProblem(form: QuestionForm, key: string | null, detail: string, given?: string): Problem {
  const field = key ? named(form, key) : undefined;
  const own = key ? form.fields.find((f) => f.key === key) : undefined;
  const text = playerWords(form, detail, own, given);
  if (!field) return { param: null, message: sentence(text) };
  // A message that already names the field (the entry's name for it, now its label) needs no prefix.
  if (text.includes(quoted(field.label))) return { param: field.param, message: sentence(text) };
  const joined = /^(must|is|are|applies|does|needs|cannot|can)\b/.test(text) ? ' ' : ': ';
  return { param: field.param, message: sentence(`${field.label}${joined}${text}`) };
}

/**
 * A refused question, in the page's words; `values` are the form's values as read (a force
 * left out, such as LandGrab's attacking armies, is then said to be the question's to give).
 */
export function pageProblem(
  form: QuestionForm,
  error: Refusal,
  values: Readonly<Record<string, unknown>> = {},
  given?: string,
): Problem {
  const { problem } = error;
  const field = error.key ? named(form, error.key) : undefined;
  const formField = error.key ? form.fields.find((f) => f.key === error.key) : undefined;
  const label = field?.label ?? '';
  const target = questionOption('target')?.page.label.toLowerCase() ?? 'target';
  const orTarget = `, or give a ${target} (under More options) to find how many you need`;
  // The force left empty: whatever the entry's words for it, the page's are "give it, or a target".
  if (formField?.force && values[formField.key] === undefined && problem.reason !== 'elsewhere')
    return { param: field?.param ?? null, message: sentence(`Fill in ${quoted(label)}${orTarget}`) };
  switch (problem.reason) {
    case 'required':
      return {
        param: field?.param ?? null,
        message: sentence(`Fill in ${quoted(label)}${problem.orTarget ? orTarget : ''}`),
      };
    case 'value':
      return fieldProblem(form, error.key, problem.message, given);
    default:
      // The page asks only the fields of the kind chosen, and never a retired one.
      return { param: field?.param ?? null, message: sentence(`${label} does not apply to this question`) };
  }
}

/** How the page names a question option inside another one's problem (checkQuestion's `name`). */
export function optionName(form: QuestionForm): (key: keyof Question) => string {
  return (key) => quoted(named(form, key)?.label ?? key);
}

/** The names a message may give a field by: the last parts of the entry's paths it sets (`fort.owner`, `owner`). */
function entryNames(field: QuestionField): string[] {
  const names = new Set<string>();
  for (const path of field.entry ?? [field.key]) {
    const parts = path.replace(/\[\d*\]/g, '').split('.');
    for (let i = 0; i < parts.length; i++) {
      const tail = parts.slice(i).join('.');
      names.add(tail);
      names.add(tail.replace(/\./g, ' '));
      names.add(words(tail));
    }
  }
  return [...names].filter((n) => n.length > 1).sort((a, b) => b.length - a.length);
}

/** `fortAfterRetreat` -> `fort after retreat`. */
function words(name: string): string {
  return name.replace(/\./g, ' ').replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "“A”, “B” or “C”". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * A message from the engine or a system in the page's words: a flag (`--attacking-leader`) or
 * a name the battle entry uses (`defenderDistance`, `fort.owner`) becomes the label of the field
 * that sets it; a message about `field` that starts with the entry's own name for it loses that
 * name (the label goes before it); one that lists the field's choices by their values lists
 * their labels; `>=` is "at least"; a game's id is its name.
 */
export function playerWords(form: QuestionForm, message: string, field?: QuestionField, given?: string): string {
  const labelOf = (key: string) => named(form, key)?.label;
  let text = message.trim();
  if (field) {
    // "princes must be 1 or 2", "limit (the area population limit) must be >= 0": the field's label says whose.
    for (const name of entryNames(field)) {
      const m = new RegExp(
        `^${escape(name)}(?: \\([^)]*\\))?:? (?=must|is|are|range|should|cannot|needs|has)`,
        'i',
      ).exec(text);
      if (m) {
        text = text.slice(m[0].length);
        break;
      }
    }
    const choices = field.choices ?? [];
    const mentioned = choices.filter((c) => new RegExp(`(^|[^\\w-])${escape(c.value)}(?![\\w-])`).test(text));
    if (choices.length > 1 && (mentioned.length >= 2 || /^invalid input/i.test(text))) {
      const offered = choices.map((c) => quoted(c.label));
      text = `must be one of the choices: ${orList(offered)}`;
    }
  }
  if (/^invalid input\b/i.test(text) || /unknown key/i.test(text))
    text = given ? `${quoted(given)} cannot be read` : 'cannot be read';
  // A choice's value in quotes (of this field), or one that is no word (`weakest-first`, of any field): its label.
  for (const c of field?.choices ?? [])
    text = text.replace(new RegExp(`["'“]${escape(c.value)}["'”]`, 'g'), quoted(c.label));
  for (const f of form.fields)
    for (const c of f.choices ?? [])
      if (/-/.test(c.value))
        text = text.replace(new RegExp(`["'“]?(?<![\\w-])${escape(c.value)}(?![\\w-])["'”]?`, 'g'), quoted(c.label));
  text = text
    .replace(/ >= (?=-?\d)/g, ' at least ')
    .replace(/ <= (?=-?\d)/g, ' at most ')
    .replace(/ > (?=-?\d)/g, ' more than ')
    .replace(/ < (?=-?\d)/g, ' less than ');
  text = text
    .replace(/--([a-z][a-z-]*)/g, (flag, name: string) => {
      const key = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const label = labelOf(key);
      return label ? quoted(label) : flag;
    })
    .replace(/\b[a-z]+(?:[A-Z][A-Za-z]*|\.[a-z][A-Za-z]*)+\b/g, (name) => {
      const found = fieldOfEntry(form, name) ?? form.fields.find((f) => entryNames(f).includes(name));
      const label = found ? labelOf(found.key) : undefined;
      if (label) return quoted(label);
      // e.g. and i.e. stay; any other name of the entry's is said in words.
      return /^[a-z]\.[a-z]$/.test(name) ? name : words(name);
    });
  for (const m of SYSTEM_MODULES) text = text.replace(new RegExp(`\\b${escape(m.system.id)}\\b`, 'g'), m.name);
  return text;
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
