/**
 * The question in the URL's fragment, each field by its page name (the command line's flag
 * without its dashes): `#landgrab?attackers=11&defenders=10&fortress&seed=42`. Values at
 * their defaults are left out, so a link is as short as the question. A fragment never
 * reaches a server, so any static host (and the offline cache) serves the same page for
 * every question.
 *
 * Any link opens the page: a link a chat app mangled (`defenders=10%`, `...Troll%2`), cut short
 * or written by hand is read as far as it can be, and what could not be read is said in a
 * player's words (`readHash`'s `unread`), never thrown.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { askedIn, fieldsOf, kindsOf, plansTurns, TURN_KIND, type PageField } from './fields.js';
import { TURN_PARAMS, turnFromParams, turnToParams } from '../turn/link.js';
import { tableFromParam, tableToParam, type TableState } from './table.js';
import { quoted } from './words.js';
import {
  adviceOptions,
  blankState,
  SEED_TEXT,
  TRIALS_TEXT,
  exampleState,
  hasChance,
  METHODS,
  type PageState,
} from './state.js';

/** The longest value a link's field is read with (a longer one is cut, and the page says so). */
export const MAX_LINK_VALUE = 2000;
/** The most of a link's text quoted back in a note. */
const QUOTED = 40;

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
  // A turn asks no target, advice or table (the form hides them).
  const turn = state.kind === TURN_KIND;
  if (state.target !== '' && !turn) add('target', state.target);
  if (state.advise && !turn) add('advise', true);
  const { objective, territoryWorth } = adviceOptions(state);
  if (objective !== '' && !turn) add('objective', objective);
  if (territoryWorth !== '' && !turn) add('territory-worth', territoryWorth);
  if (state.table && !turn) add('table', tableToParam(state.table));
  if (state.solveFor) add('solve-for', state.solveFor);
  // A turn's board, compactly (turn/link.ts).
  if (turn && state.turn) for (const [name, value] of turnToParams(state.turn)) add(name, value);
  return `#${state.system}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** What a link asks: the state (null when it names no game), and what in it could not be read, in words. */
export interface ReadLink {
  state: PageState | null;
  /** One phrase per part of the link that was left out or read otherwise (empty: all of it was read). */
  unread: string[];
}

/**
 * The state a fragment describes, or null when it names no known system. A fragment with
 * a system and no question gives that system's example question.
 */
export function stateFromHash(modules: readonly SystemModule[], hash: string): PageState | null {
  return readHash(modules, hash).state;
}

/** A link's question, read as far as it can be (never throws), and what could not be read. */
export function readHash(modules: readonly SystemModule[], hash: string): ReadLink {
  const unread: string[] = [];
  const text = hash.replace(/^#/, '');
  const [rawId, query = ''] = splitOnce(text, '?');
  const game = decode(rawId);
  const id = game.text.trim().toLowerCase();
  const module = modules.find((m) => m.system.id === id);
  if (!module) {
    if (id !== '' || rawId.trim() !== '')
      unread.push(`${quoted(short(id === '' ? rawId : id))} is not a game this page knows`);
    return { state: null, unread };
  }
  if (game.damaged) unread.push(`the game's name ${quoted(short(rawId))} was damaged: read as ${quoted(id)}`);
  if (query.replace(/&/g, '') === '') return { state: exampleState(module), unread };
  const state = blankState(module);
  const fields = new Map(fieldsOf(module).map((f) => [f.param, f]));
  const kinds = kindsOf(module);
  const ignored = (name: string, value: string | undefined, why: string) =>
    unread.push(`${quoted(short(value === undefined ? name : `${name}=${value}`))} ${why}`);
  // A turn's parameters, read together once the link is read (turn/link.ts).
  const turnParams = new Map<string, string>();
  const isTurnParam = (name: string) => plansTurns(module) && (TURN_PARAMS as readonly string[]).includes(name);
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [rawName, rawValue] = splitOnce(pair, '=');
    const name = decode(rawName).text.trim().toLowerCase();
    const read = rawValue === undefined ? undefined : decode(rawValue.replace(/\+/g, ' '));
    let value = read?.text;
    if (read?.damaged)
      unread.push(`${quoted(short(`${name}=${rawValue}`))} was damaged: read as ${quoted(short(value ?? ''))}`);
    if (value !== undefined && value.length > MAX_LINK_VALUE) {
      value = value.slice(0, MAX_LINK_VALUE);
      unread.push(`${quoted(short(name))} was too long: only its first ${MAX_LINK_VALUE} characters are read`);
    }
    const field = fields.get(name);
    if (field) state.values[name] = fieldText(field, value);
    else if (isTurnParam(name)) turnParams.set(name, value ?? '');
    else if (name === 'kind') {
      if (kinds?.some((k) => k.value === value)) state.kind = value;
      else ignored(name, value, `is not a kind of ${module.name} question: left out`);
    } else if (name === 'method') {
      if ((METHODS as readonly string[]).includes(value ?? '')) state.method = value as PageState['method'];
      else ignored(name, value, 'is not a way to answer: left out');
    } else if (name === 'seed' && value) state.seed = value;
    else if (name === 'trials' && value) state.trials = value;
    else if (name === 'target') {
      if (hasChance(module)) state.target = value ?? '';
      else ignored(name, value, `left out: nothing in ${module.name} is left to chance`);
    } else if (name === 'advise') state.advise = value !== '0' && value !== 'false';
    else if (name === 'objective') {
      if (module.system.objectives?.some((o) => o === value))
        // The default objective (the system's first) is the form's blank choice.
        state.objective = value === module.system.objectives[0] ? '' : (value as string);
      else ignored(name, value, `is not something ${module.name}'s advice can aim for: left out`);
    } else if (name === 'territory-worth') state.territoryWorth = value ?? '';
    else if (name === 'table') {
      const table = value ? tableFromParam(value) : null;
      if (table) state.table = table as TableState;
      else ignored(name, value, 'is not a table the page can draw: left out');
    } else if (name === 'solve-for') {
      if (value && /^[A-Za-z][\w.]*$/.test(value)) state.solveFor = value;
      else ignored(name, value, 'is not a number of the battle to solve for: left out');
    } else ignored(name, value, `is not part of a ${module.name} question: left out`);
  }
  // A board without its kind (a link cut or mended by hand) is still a turn.
  if (turnParams.has('territories')) state.kind = TURN_KIND;
  if (state.kind === TURN_KIND) state.turn = turnFromParams((name) => turnParams.get(name), unread);
  else if (turnParams.size > 0)
    for (const [name, value] of turnParams) ignored(name, value, `belongs to a turn's board: left out`);
  return { state, unread };
}

/** A field's text from the link; what the system uses when a field is left out (`princes=1`) is the blank choice. */
function fieldText(field: PageField, value: string | undefined): string | boolean {
  if (field.kind === 'flag') return value !== '0' && value !== 'false';
  return value === undefined || value === field.field.leftOut ? '' : value;
}

/**
 * `%XX` escapes decoded (UTF-8); an escape that is cut short or is not UTF-8 (`10%`, `Troll%2`,
 * `%E9`) is left out, and the text says it was damaged.
 */
export function decode(text: string): { text: string; damaged: boolean } {
  try {
    return { text: decodeURIComponent(text), damaged: false };
  } catch {
    // Runs of well-formed escapes are decoded together (a UTF-8 character spans several); the rest dropped.
    const decoded = text.replace(/(?:%[0-9a-f]{2})+|%[0-9a-f]?/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return '';
      }
    });
    return { text: decoded, damaged: true };
  }
}

function short(text: string): string {
  return text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
