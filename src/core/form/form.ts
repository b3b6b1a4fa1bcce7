/**
 * A system's questions, declared once: the fields a player fills in (each value's kind and
 * limits, its choices, default and the kinds of question it belongs to), the words each
 * front end shows for it (the command line's flag and help, the page's label and help), and
 * the one function that turns the values into a battle entry. The command line and the web
 * page are both generated from it, so their questions, and their words, cannot drift apart.
 * Pure data and pure functions: no Node, no commander, no DOM.
 */

/**
 * What a field holds, and so how a front end asks it:
 * - `count`: a whole number (a stepper); `number`: any number.
 * - `flag`: yes or no (a checkbox; a bare flag on the command line).
 * - `choice`: one of `choices` (a row of buttons or a list; the command line passes other text
 *   on to the entry, whose schema refuses it in its own words or reads it in the system's own
 *   syntax, e.g. a Kings & Things loss order).
 * - `counts`: whole numbers, comma-separated (`3,2,4`).
 * - `text`: free text in the system's own syntax.
 * - `roster`: counters by name, comma-separated (`Giant:4, Elves:2R, 2x Nomads`).
 * - `multi`: several of `choices` (checkboxes; `metalworking,engineering`).
 * - `range`: a count that may be unknown: a number, a range `4-9` or the possible counts `3,5,8`.
 * - `conditions`: any of `conditions`, each with its number, joined by `+` (`rounds:2+down-to:3`),
 *   or the field's `leftOut` word for none (`never`); read as text, the system reads the syntax.
 * - `countOr`: a whole number, or one of `choices` (a word, e.g. `none`); read as text, the
 *   system reads it.
 */
export type FieldKind =
  'count' | 'number' | 'flag' | 'choice' | 'counts' | 'text' | 'roster' | 'multi' | 'range' | 'conditions' | 'countOr';

/** A count that may be unknown: exactly `n`, uniform over `min..max`, or one of `values` (equally likely). */
export type UncertainCount = number | { min: number; max: number } | { values: number[] };

/** The value each kind of field holds, once read. */
export interface KindValues {
  count: number;
  number: number;
  flag: boolean;
  choice: string;
  counts: number[];
  text: string;
  roster: string[];
  multi: string[];
  range: UncertainCount;
  conditions: string;
  countOr: string;
}

export type FieldValue = KindValues[FieldKind];

/** One choice of a `choice` or `multi` field (or a `count` with few values): its value as typed, a player's words. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** One condition of a `conditions` field: `rounds:2` is "after 2 rounds". */
export interface Condition {
  /** Its name in the field's text: `rounds`. */
  readonly name: string;
  /** A player's words, its number after them: `After this many rounds`. */
  readonly label: string;
  readonly min: number;
  readonly max?: number;
  /** The number it starts at when a player switches it on. */
  readonly start: number;
  /** A player's steps (a ratio may go by 0.5); 1 by default. */
  readonly step?: number;
}

/**
 * What a `roster` field's counters are, for a picker (the page): the counters to add by
 * name, how an item of the field's text (`3x Elves:2R`) reads and is written, and how a
 * counter of a player's own is made from fields. The command line reads the same text.
 */
export interface CounterCatalogue {
  /** What a player calls one of these: `creature`. */
  readonly noun: string;
  /** Each counter at most once, without a count (a hex's special income counter). */
  readonly single?: boolean;
  /** Every counter to add by name, in the order a search lists them. */
  counters(): readonly CatalogueCounter[];
  /** One item of the field's text, or null when it is not written as one. */
  read(text: string): CounterItem | null;
  write(item: CounterItem): string;
  /** A player's words for an item's counter (its stats, a note, what is wrong with it). */
  describe(item: CounterItem): CounterWords;
  /** A counter of a player's own: its value, its kind (one of) and flags (any of), written as `stats`. */
  readonly custom?: CustomCounter;
}

export interface CatalogueCounter {
  /** The item's text without a count, as a picker adds it: `Giant`, or `Elves:2R` where the name is shared. */
  readonly id: string;
  readonly name: string;
  /** Its stats in a player's words: `4 · ranged · 1 die`. */
  readonly summary: string;
  /** Its stats as the field writes them (`4R`), where a counter of one's own can start from them. */
  readonly stats?: string;
  /** More words a search finds it by (its terrain). */
  readonly more?: string;
}

/** One item of a roster field: `3x Elves:2R` is 3 of `Elves` with stats `2R`. */
export interface CounterItem {
  readonly count: number;
  readonly name: string;
  /** The stats written after the name (`2R`); '' for the catalogue's counter of that name. */
  readonly stats: string;
}

export interface CounterWords {
  /** Its stats: `4 · ranged · 1 die`; '' when unknown. */
  readonly summary: string;
  /** Worth a look: a counter of one's own that differs from the catalogue's counter of that name. */
  readonly note?: string;
  /** Why it cannot be used (an unknown name, a shared name without stats, stats it cannot read). */
  readonly problem?: string;
}

export interface CustomCounter {
  readonly value: { readonly label: string; readonly min: number; readonly max: number };
  /** One of these (the combat step). */
  readonly kinds: { readonly label: string; readonly choices: readonly Choice[] };
  /** Any of these (charge, flying). */
  readonly flags: readonly Choice[];
  /** `{ value: 3, kind: 'magic', flags: ['charge'] }` -> `3*C`. */
  write(stats: CustomStats): string;
  /** The stats text read back, or null when it is not stats this catalogue writes. */
  read(stats: string): CustomStats | null;
}

export interface CustomStats {
  readonly value: number;
  readonly kind: string;
  readonly flags: readonly string[];
}

/** A field asked only while another field's value is one of `values` (flags: `true` / `false`). */
export interface AppliesWhen {
  readonly key: string;
  readonly values: readonly string[];
}

/** Flags of which at most one is set (a city or a village): the page asks them as one choice. */
export interface OneOfFlags {
  readonly keys: readonly string[];
  /** The choice's label, help, and the words for none of them. */
  readonly page: { readonly label: string; readonly help?: string; readonly none: string };
}

/** The command line's words for a field. */
export interface CliWords {
  /** The long flag, e.g. `--attackers`. */
  readonly flag: string;
  /** The value's placeholder in help, e.g. `<n>` (not for flags). */
  readonly arg?: string;
  readonly help: string;
  /** What a missing required value is (`--distance is required (<missing>)`); the help by default. */
  readonly missing?: string;
  /** What to do instead when it is given with a kind of question it does not apply to (per kind, or one for all). */
  readonly elsewhere?: string | Readonly<Record<string, string>>;
  /** Not answered by this command any more: the pointer to what answers it (the flag is refused with it). */
  readonly retired?: string;
}

/** The page's words for a field: a player's, never a flag name. */
export interface PageWords {
  readonly label: string;
  readonly help?: string;
  /** Shown in an empty text box, e.g. `e.g. 3,2,4`. */
  readonly placeholder?: string;
  /** A choice with neither a default nor a choice for leaving it out: the words for leaving it out. */
  readonly none?: string;
}

export interface QuestionField {
  /** The value's name (camelCase): the key in the values, `--kebab-case` on the command line and in the page's URL. */
  readonly key: string;
  readonly kind: FieldKind;
  /** Limits of a whole number (of each one, for lists and ranges): stated for every integer field. */
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly Choice[];
  /** A `conditions` field's conditions. */
  readonly conditions?: readonly Condition[];
  /** A `roster` field's counters, for a picker. */
  readonly catalogue?: CounterCatalogue;
  /**
   * Asked only while another field has one of some values (a defending Prince's distance, only
   * for a Prince): the page hides it otherwise and drops its value; the command line leaves the
   * refusal to the entry's schema.
   */
  readonly appliesWhen?: AppliesWhen;
  /** What one choice of a `multi` field is called in a refusal ("unknown technology"). */
  readonly item?: string;
  /** The value when the field is not given, as typed (the command line fills it in, and its help shows it). */
  readonly default?: string;
  /** What the system uses when the field is left out (not filled in: the page shows it as the default choice). */
  readonly leftOut?: string;
  /** The question needs it (when it applies). */
  readonly required?: boolean;
  /** The attacking force: left out with a target, the question is how many are needed (core/ask/force.ts). */
  readonly force?: boolean;
  /** The kinds of question that ask it (all when left out). */
  readonly appliesTo?: readonly string[];
  /** Giving it chooses this kind of question on the command line (the page asks the kind instead). */
  readonly choosesKind?: string;
  /** Shown up front (`main`, the default) or under "More options". */
  readonly group?: 'main' | 'more';
  /**
   * The battle entry's fields it sets, so an error in the entry names this field: paths from
   * the entry's root, `[]` for any list index (`path[].fortress`), `[0]` for one. Default: the key.
   */
  readonly entry?: readonly string[];
  readonly cli: CliWords;
  /** null: the page does not ask it (a flag that points elsewhere, or one the kind of question sets). */
  readonly page: PageWords | null;
}

/** A kind of question a system answers (LandGrab: one territory, a chain, a capitol). */
export interface QuestionKind {
  readonly value: string;
  /** A player's words for it. */
  readonly label: string;
}

/** The values of a form as read: every flag (false when not given), defaults filled in, the rest when given. */
export type FormValues = Readonly<Record<string, FieldValue | undefined>>;

/** A form's fields' values, typed from the fields' own declaration. */
export type ValuesOf<F extends readonly QuestionField[]> = {
  readonly [Field in F[number] as Field['key']]: Field extends { kind: 'flag' }
    ? boolean
    : Field extends { default: string }
      ? KindValues[Field['kind']]
      : KindValues[Field['kind']] | undefined;
};

/** How a system is asked: its kinds of question, its fields, and the one way from their values to a battle entry. */
export interface QuestionForm {
  /** One line describing what it answers (the command's description). */
  readonly summary: string;
  /** Kinds of question, the first the default (none: one kind). */
  readonly kinds?: readonly QuestionKind[];
  readonly fields: readonly QuestionField[];
  /** Flags of which at most one may be set, asked on the page as one choice each. */
  readonly oneOf?: readonly OneOfFlags[];
  /** Whole command lines, `battle-odds odds <system> ...`: help, and the page's first question. */
  readonly examples: readonly string[];
  /**
   * The battle entry the values ask (validated afterwards like a scenario file's). Called with
   * values that passed the form's own checks (see formEntry); throws FormProblem for a value it refuses.
   */
  toEntry(values: FormValues, kind: string): unknown;
}

/** A form whose `toEntry` reads its values typed from its own fields. */
export function defineForm<const F extends readonly QuestionField[]>(
  form: Omit<QuestionForm, 'fields' | 'toEntry'> & {
    fields: F;
    toEntry(values: ValuesOf<F>, kind: string): unknown;
  },
): QuestionForm {
  return form as unknown as QuestionForm;
}

/** Another command a system offers (LandGrab's reinforcements), from fields like a form's. */
export interface FormCommand {
  readonly name: string;
  readonly description: string;
  readonly fields: readonly QuestionField[];
  readonly examples: readonly string[];
  /** The answer, as the text to print; throws FormProblem for a value it refuses. */
  run(values: FormValues): string;
}

export function defineCommand<const F extends readonly QuestionField[]>(
  command: Omit<FormCommand, 'fields' | 'run'> & { fields: F; run(values: ValuesOf<F>): string },
): FormCommand {
  return command as unknown as FormCommand;
}

/** `attackingArmies` -> `attacking-armies`: the name in the page's URL (and the flag without its dashes). */
export function paramOf(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The default kind of question (the first), or '' for a form with one kind. */
export function defaultKind(form: Pick<QuestionForm, 'kinds'>): string {
  return form.kinds?.[0]?.value ?? '';
}

/** Whether a field is asked for this kind of question. */
export function fieldApplies(field: QuestionField, kind: string): boolean {
  return !field.appliesTo || kind === '' || field.appliesTo.includes(kind);
}

/**
 * Whether a field is asked, given the other fields' text (the page's: a flag as true/false,
 * '' for a field left out, which then counts as its default or its `leftOut`).
 */
export function fieldAsked(
  form: Pick<QuestionForm, 'fields'>,
  field: QuestionField,
  kind: string,
  textOf: (key: string) => string | boolean | undefined,
): boolean {
  if (!fieldApplies(field, kind)) return false;
  const when = field.appliesWhen;
  if (!when) return true;
  const other = form.fields.find((f) => f.key === when.key);
  if (!other || !fieldAsked(form, other, kind, textOf)) return false;
  const text = textOf(when.key);
  const value = typeof text === 'boolean' ? String(text) : text?.trim() || other.default || other.leftOut || '';
  return when.values.includes(value);
}

/**
 * The kind of question a command line's values ask: the first kind (in the form's order)
 * that a given field chooses, else the default. (The page asks the kind directly.)
 */
export function kindOf(form: QuestionForm, given: (field: QuestionField) => boolean): string {
  for (const kind of form.kinds ?? []) {
    if (form.fields.some((f) => f.choosesKind === kind.value && given(f))) return kind.value;
  }
  return defaultKind(form);
}

/**
 * The field that sets a field of the battle entry (`path[2].fortress` -> fortresses), or
 * undefined: the longest of the fields' entry paths that the field path starts with.
 */
export function fieldOfEntry(form: Pick<QuestionForm, 'fields'>, path: string): QuestionField | undefined {
  let best: { field: QuestionField; length: number } | undefined;
  for (const field of form.fields) {
    for (const pattern of field.entry ?? [field.key]) {
      if (!entryPattern(pattern).test(path)) continue;
      if (!best || pattern.length > best.length) best = { field, length: pattern.length };
    }
  }
  return best?.field;
}

const patterns = new Map<string, RegExp>();

/** `path[].fortress` -> a RegExp for that path and anything inside it. */
function entryPattern(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    const body = pattern
      .split('[]')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\[\\d+\\]');
    re = new RegExp(`^${body}(?=$|[.[])`);
    patterns.set(pattern, re);
  }
  return re;
}

/**
 * The battle entry's path a front end's name stands for: a field's key, its flag (`--stop-at`
 * or `stop-at`) or its parameter, when the field sets one entry field (`[0]` indexes read as
 * `.0`: `--attacker` -> `nations.0.tokens`); undefined for any other name.
 */
export function entryPathOf(form: Pick<QuestionForm, 'fields'>, name: string): string | undefined {
  const bare = name.replace(/^--/, '');
  const field = form.fields.find((f) => f.key === bare || paramOf(f.key) === bare || f.cli.flag === `--${bare}`);
  if (!field) return undefined;
  const paths = field.entry ?? [field.key];
  if (paths.length !== 1 || paths[0].includes('[]')) return undefined;
  return paths[0].replace(/\[(\d+)\]/g, '.$1');
}
