/**
 * The page's view of a system's question form (src/core/form): the fields the page asks,
 * each with its name in the URL and the form (`attacking-armies`), a player's label and
 * help, and the text an untouched field holds.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import {
  fieldApplies,
  fieldAsked,
  paramOf,
  type Choice,
  type FieldKind,
  type QuestionField,
  type QuestionKind,
} from '../../core/form/form.js';

export interface PageField {
  field: QuestionField;
  /** The value's name in the form's values: `attackingArmies`. */
  key: string;
  /** Its name in the URL and on the page's inputs: `attacking-armies`. */
  param: string;
  label: string;
  help: string;
  kind: FieldKind;
  choices?: readonly Choice[];
  /** The text an untouched field holds: the default, '' when left out, false for a checkbox. */
  initial: string | boolean;
  /** Shown under "More options". */
  more: boolean;
}

const cache = new WeakMap<SystemModule, PageField[]>();

/** The fields the page asks, in the form's order. */
export function fieldsOf(module: SystemModule): PageField[] {
  let fields = cache.get(module);
  if (!fields) {
    fields = module.form.fields.flatMap((field) => {
      if (!field.page) return [];
      return [
        {
          field,
          key: field.key,
          param: paramOf(field.key),
          label: field.page.label,
          help: field.page.help ?? '',
          kind: field.kind,
          ...(field.choices ? { choices: field.choices } : {}),
          initial: field.kind === 'flag' ? false : (field.default ?? ''),
          more: field.group === 'more',
        },
      ];
    });
    cache.set(module, fields);
  }
  return fields;
}

/** "Plan a turn": the page's own kind of LandGrab question (the command line's `plan landgrab`, not `odds`). */
export const TURN_KIND = 'turn';

/** Kinds of question the page adds to a system's form's, by system: a whole turn beside LandGrab's battles. */
const PAGE_KINDS: Readonly<Record<string, readonly QuestionKind[]>> = {
  landgrab: [{ value: TURN_KIND, label: 'Plan a turn' }],
};

/** The form's fields a turn asks beside its board (the dice rules, under "More options"). */
const TURN_FIELDS: ReadonlySet<string> = new Set(['attackerDice', 'defenderDice', 'ties']);

/** The kinds of question the page offers (none: one kind). */
export function kindsOf(module: SystemModule): readonly QuestionKind[] | undefined {
  const own = module.form.kinds;
  const page = PAGE_KINDS[module.system.id];
  return own && page ? [...own, ...page] : own;
}

/** Whether the page plans whole turns of this system. */
export function plansTurns(module: SystemModule): boolean {
  return Boolean(kindsOf(module)?.some((k) => k.value === TURN_KIND));
}

/** Whether a field is asked for this kind of question (whatever the other fields hold). */
export function isAsked(field: PageField, kind: string | undefined): boolean {
  if (kind === TURN_KIND) return TURN_FIELDS.has(field.key);
  return fieldApplies(field.field, kind ?? '');
}

/**
 * Whether a field is asked by a question as it stands: of this kind, and while the field it
 * depends on has a value it applies to (a defending Prince's distance, only for a Prince).
 */
export function askedIn(
  module: SystemModule,
  field: PageField,
  state: { kind?: string; values: Record<string, string | boolean> },
): boolean {
  if (state.kind === TURN_KIND) return TURN_FIELDS.has(field.key);
  return fieldAsked(module.form, field.field, state.kind ?? '', (key) => state.values[paramOf(key)]);
}
