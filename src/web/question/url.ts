/**
 * The question in the URL's fragment, each field by its page name (the command line's flag
 * without its dashes): `#landgrab?attackers=11&defenders=10&fortress&seed=42`. Values at
 * their defaults are left out, so a link is as short as the question. A fragment never
 * reaches a server, so any static host (and the offline cache) serves the same page for
 * every question.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { askedIn, fieldsOf, kindsOf, type PageField } from './fields.js';
import { tableFromParam, tableToParam, type TableState } from './table.js';
import { adviceOptions, blankState, SEED_TEXT, TRIALS_TEXT, exampleState, METHODS, type PageState } from './state.js';

export function stateToHash(module: SystemModule, state: PageState): string {
  const parts: string[] = [];
  const add = (name: string, value: string | true) =>
    parts.push(
      value === true ? name : `${name}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':')}`,
    );
  const kinds = kindsOf(module);
  if (kinds && state.kind && state.kind !== kinds[0].value) add('kind', state.kind);
  for (const field of fieldsOf(module)) {
    // A field the question does not ask (another kind's, or a Prince's distance for a Queen) stays out of the link.
    if (!askedIn(module, field, state)) continue;
    const value = state.values[field.param];
    if (value === undefined || value === field.initial || value === '' || value === false) continue;
    add(field.param, value === true ? true : value);
  }
  if (state.method !== 'auto') add('method', state.method);
  if (state.seed !== SEED_TEXT) add('seed', state.seed);
  if (state.trials !== TRIALS_TEXT) add('trials', state.trials);
  if (state.target !== '') add('target', state.target);
  if (state.advise) add('advise', true);
  const { objective, territoryWorth } = adviceOptions(state);
  if (objective !== '') add('objective', objective);
  if (territoryWorth !== '') add('territory-worth', territoryWorth);
  if (state.table) add('table', tableToParam(state.table));
  return `#${state.system}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/**
 * The state a fragment describes, or null when it names no known system. A fragment with
 * a system and no question gives that system's example question.
 */
export function stateFromHash(modules: readonly SystemModule[], hash: string): PageState | null {
  const text = hash.replace(/^#/, '');
  const [id, query = ''] = splitOnce(text, '?');
  const module = modules.find((m) => m.system.id === decodeURIComponent(id));
  if (!module) return null;
  if (query === '') return exampleState(module);
  const state = blankState(module);
  const fields = new Map(fieldsOf(module).map((f) => [f.param, f]));
  const kinds = kindsOf(module);
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [rawName, rawValue] = splitOnce(pair, '=');
    const name = decodeURIComponent(rawName);
    const value = rawValue === undefined ? undefined : decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const field = fields.get(name);
    if (field) state.values[name] = fieldText(field, value);
    else if (name === 'kind' && kinds?.some((k) => k.value === value)) state.kind = value;
    else if (name === 'method' && (METHODS as readonly string[]).includes(value ?? ''))
      state.method = value as PageState['method'];
    else if (name === 'seed' && value) state.seed = value;
    else if (name === 'trials' && value) state.trials = value;
    else if (name === 'target') state.target = value ?? '';
    else if (name === 'advise') state.advise = value !== '0' && value !== 'false';
    else if (name === 'objective' && module.system.objectives?.some((o) => o === value))
      // The default objective (the system's first) is the form's blank choice.
      state.objective = value === module.system.objectives[0] ? '' : (value as string);
    else if (name === 'territory-worth') state.territoryWorth = value ?? '';
    else if (name === 'table' && value && tableFromParam(value)) state.table = tableFromParam(value) as TableState;
  }
  return state;
}

/** A field's text from the link; what the system uses when a field is left out (`princes=1`) is the blank choice. */
function fieldText(field: PageField, value: string | undefined): string | boolean {
  if (field.kind === 'flag') return value !== '0' && value !== 'false';
  return value === undefined || value === field.field.leftOut ? '' : value;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
