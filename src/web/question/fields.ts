/**
 * The form of a system, generated from its command-line questions (`cli.odds.options`):
 * one field per flag, with the flag's description as the hint, its parser deciding the
 * input, its default as the initial value and the entry schema's closed lists as choices.
 */
import type { SystemModule } from '../../app/systems.js';
import type { OddsOption } from '../../cli/oddsContract.js';
import { fieldFacts } from './schemaChoices.js';
import { presentationOf } from './presentation.js';

export type FieldKind = 'checkbox' | 'int' | 'number' | 'int-list' | 'text' | 'select';

export interface FieldSpec {
  /** The long flag, e.g. `--attacking-armies`. */
  flag: string;
  /** The flag's name in the URL and in `only`/`hidden` lists: `attacking-armies`. */
  param: string;
  /** The key commander gives the parsed flag: `attackingArmies`. */
  key: string;
  label: string;
  hint: string;
  kind: FieldKind;
  option: OddsOption;
  /** Values of a list field (`select`). */
  choices?: string[];
  /** The entry schema's default for the field, when the flag has no default of its own. */
  schemaDefault?: string;
  /** The CLI's default, as text (checkboxes: false). */
  default: string | boolean;
  /** Shown under "More options". */
  more: boolean;
  /** Kinds of question the field belongs to (undefined: all). */
  kinds?: string[];
}

/** `--attacking-armies <n>` -> `attacking-armies`, and whether the flag takes a value. */
export function flagParts(flags: string): { flag: string; param: string; takesValue: boolean } {
  const flag = flags.split(/[ ,]+/).find((f) => f.startsWith('--')) as string;
  return { flag, param: flag.slice(2), takesValue: /[<[]/.test(flags) };
}

/** `attacking-armies` -> `attackingArmies`, as commander names it. */
export function camel(param: string): string {
  return param.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `attacking-armies` -> `Attacking armies`. */
function humanize(param: string): string {
  const words = param.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldsOf(module: SystemModule): FieldSpec[] {
  const look = presentationOf(module.system.id);
  // Flags a kind of question gives are chosen with the kind, not asked as fields.
  const hidden = new Set([...(look.hidden ?? []), ...(look.kinds ?? []).flatMap((k) => Object.keys(k.sets ?? {}))]);
  const fields: FieldSpec[] = [];
  for (const option of module.cli.odds.options) {
    const { flag, param, takesValue } = flagParts(option.flags);
    if (hidden.has(param)) continue;
    const key = camel(param);
    const facts = fieldFacts(module.system.entry, key);
    const choices = takesValue && facts.choices ? facts.choices.map(String) : undefined;
    const kind: FieldKind = !takesValue ? 'checkbox' : choices ? 'select' : (option.parse ?? 'text');
    const hasDefault = option.default !== undefined;
    fields.push({
      flag,
      param,
      key,
      label: look.labels?.[param] ?? humanize(param),
      hint: option.description,
      kind,
      option,
      ...(choices ? { choices } : {}),
      ...(!hasDefault && facts.default !== undefined ? { schemaDefault: String(facts.default) } : {}),
      default: takesValue ? String(option.default ?? '') : false,
      more: (look.more ?? []).includes(param) || (hasDefault && !(look.primary ?? []).includes(param)),
      ...(look.only?.[param] ? { kinds: look.only[param] } : {}),
    });
  }
  return fields;
}

/** Whether a field is asked for this kind of question. */
export function fieldApplies(field: FieldSpec, kind: string | undefined): boolean {
  return !field.kinds || kind === undefined || field.kinds.includes(kind);
}
