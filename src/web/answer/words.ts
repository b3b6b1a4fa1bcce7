/**
 * The answer in a player's words where the report speaks the command line's: a probability's
 * label (`P(attacker conquers)`) as a chance ("Chance the attacker conquers"), `P(capture) 42.9%`
 * inside a sentence as "a 42.9% chance of capture", and a choice's value in a table's cell
 * (`weakest-first`) as the label the form gives it. Found by lookup and pattern, for every game.
 */
import type { Metric } from '../../core/model/report.js';
import type { QuestionForm } from '../../core/form/form.js';

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

/** `P(capture) 42.9%` -> `a 42.9% chance of capture`; a bare `P(conquest)` -> `chance of conquest`. */
export function sentenceWords(text: string): string {
  const said = text
    .replace(/\bP\(([^()]+)\) (under |over )?(\d+(?:\.\d+)?%)/g, (_, what: string, bound = '', p: string) =>
      bound ? `a chance of ${what} ${bound}${p}` : `a ${p} chance of ${what}`,
    )
    .replace(/\bP\(([^()]+)\)/g, 'chance of $1');
  return /^chance of /.test(said) ? `C${said.slice(1)}` : said;
}

/** A table's cell in a player's words: a choice's value (`weakest-first`) as its label; anything else as it is. */
export function cellWords(form: QuestionForm | undefined, text: string): string {
  if (CELL_WORDS[text]) return CELL_WORDS[text];
  for (const field of form?.fields ?? [])
    for (const c of field.choices ?? []) if (c.value === text && /-/.test(text)) return c.label;
  return text;
}
