/**
 * The answer in a player's words where the report speaks the command line's: a probability's
 * label (`P(attacker conquers)`) as a chance ("Chance the attacker conquers"), `P(capture) 42.9%`
 * inside a sentence as "a 42.9% chance of capture", and a choice's value in a table's cell
 * (`weakest-first`) as the label the form gives it. Found by lookup and pattern, for every game.
 */
import type { Metric } from '../../core/model/report.js';
import { fieldOfEntry, type QuestionForm } from '../../core/form/form.js';

/** Words for the values a report's tables hold that are no form's choice (Kings & Things' optimal play). */
const CELL_WORDS: Readonly<Record<string, string>> = {
  optimal: 'Chosen well after each roll',
};

/** "attacker conquers" -> "Chance the attacker conquers"; "capture: defenders gone" -> "Chance: capture — ...". */
export function chanceWords(what: string): string {
  let x = what.trim();
  const colon = x.indexOf(': ');
  let tail = '';
  if (colon > 0) {
    tail = ` — ${x.slice(colon + 2)}`;
    x = x.slice(0, colon);
  }
  const lower = /^[A-Z][a-z]/.test(x) ? `${x.charAt(0).toLowerCase()}${x.slice(1)}` : x;
  const start = /^(attacker|defender)\b/.test(lower)
    ? `Chance the ${lower}`
    : /^(the|nobody|both|no|a|an|your|you)\b/.test(lower)
      ? `Chance ${lower}`
      : /^takes\b/.test(lower)
        ? `Chance you take${lower.slice('takes'.length)}`
        : /^explores\b/.test(lower)
          ? `Chance you explore${lower.slice('explores'.length)}`
          : `Chance: ${lower}`;
  return `${start}${tail}`;
}

/**
 * A metric's label on the page: a probability's as a chance (where the game has chance at all:
 * Princes & Queens' "Attack possible (and it wins)" stays as it is); other labels as they are.
 */
export function metricLabel(m: Pick<Metric, 'label' | 'kind'>, chance = true): string {
  if (m.kind !== 'probability' || !chance) return m.label.replace(/^P\((.*)\)$/, '$1');
  const inner = /^P\((.*)\)$/.exec(m.label);
  return chanceWords(inner ? inner[1] : m.label);
}

/** Chances whose words read better said whole (a turn's main line: "P(reached)" is the chance a step is reached). */
const CHANCE_PHRASES: Readonly<Record<string, string>> = {
  'P(reached)': 'Chance it is reached',
  'P(it falls)': 'Chance it falls',
  'P(breaks off there)': 'Chance the plan breaks off there',
};

/** `P(capture) 42.9%` -> `a 42.9% chance of capture`; a bare `P(conquest)` -> `chance of conquest`. */
export function sentenceWords(text: string): string {
  if (CHANCE_PHRASES[text]) return CHANCE_PHRASES[text];
  const said = text
    .replace(/\bP\(((?:attacker|defender) [^()]+)\)(?! (?:under |over )?\d)/g, 'the chance the $1')
    .replace(/\bP\(([^()]+)\) (under |over )?(\d+(?:\.\d+)?%)/g, (_, what: string, bound = '', p: string) =>
      bound ? `a chance of ${what} ${bound}${p}` : `a ${p} chance of ${what}`,
    )
    .replace(/\bP\(([^()]+)\)/g, 'chance of $1');
  return /^chance of /.test(said) ? `C${said.slice(1)}` : said;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A table's cell in a player's words: a choice's value (`weakest-first`) as its label, also inside a cell that
 * lists several (`weakest-first (= buildings-first, protect-strongest)`); anything else as it is.
 */
export function cellWords(form: QuestionForm | undefined, text: string): string {
  if (CELL_WORDS[text]) return CELL_WORDS[text];
  let said = text;
  for (const field of form?.fields ?? [])
    for (const c of field.choices ?? []) {
      if (!/-/.test(c.value)) continue;
      if (c.value === text) return c.label;
      if (said.includes(c.value))
        said = said.replace(new RegExp(`(?<![\\w-])${escaped(c.value)}(?![\\w-])`, 'g'), c.label);
    }
  return said;
}

/** `fortAfterRetreat` -> `fort after retreat`. */
function spaced(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/**
 * A number of a battle's entry in a player's words, for "What would make it fair?": the label of
 * the field that sets it (`defenders`: "Defending armies"), a counter's stat by its name ("Giant:
 * combat value, attacking"), else its name in words ("fortress bonus").
 */
export function knobLabel(form: QuestionForm, entry: unknown, path: string): string {
  const field = fieldOfEntry(form, path);
  const paths = field?.entry ?? (field ? [field.key] : []);
  if (field?.page && paths.length > 0 && paths.some((p) => p === path)) return field.page.label;
  const counter = /^(\w+)\.creatures\.(\d+)\.(\w+)$/.exec(path);
  if (counter) {
    const list = (entry as Record<string, { creatures?: Array<{ name?: string }> }>)[counter[1]]?.creatures;
    const name = list?.[Number(counter[2])]?.name ?? `counter ${Number(counter[2]) + 1}`;
    const side = counter[1] === 'defender' ? 'defending' : 'attacking';
    const what = counter[3] === 'value' ? 'combat value' : spaced(counter[3]);
    return `${name}: ${what} (${side})`;
  }
  const words = path
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : spaced(p)))
    .join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
