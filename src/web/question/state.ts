/**
 * The question on the page, as plain text values (what the fields show): a system, the
 * kind of question, each flag's text, and the engine's settings. It is what the URL holds
 * and what the form shows; `question/toBattle.ts` turns it into a battle.
 */
import type { Method } from '../../engine/run/battle.js';
import type { SystemModule } from '../../app/systems.js';
import { fieldsOf, flagParts } from './fields.js';
import { presentationOf } from './presentation.js';
import type { TableState } from './table.js';

export const DEFAULT_SEED = 'battle-odds';
export const DEFAULT_TRIALS = '1000000';
export const METHODS: readonly Method[] = ['auto', 'sample', 'exact'];

export interface PageState {
  system: string;
  /** The kind of question (see Presentation.kinds), when the system has kinds. */
  kind?: string;
  /** Each field's text by flag name (checkboxes: true/false). */
  values: Record<string, string | boolean>;
  method: Method;
  seed: string;
  trials: string;
  /** "How many for at least p?" as typed (empty: not asked). */
  target: string;
  advise: boolean;
  /** What the advice optimises, for a system that offers objectives (empty: its default). */
  objective: string;
  /** With objective `value`: what a territory taken is worth, as typed (empty: not given). */
  territoryWorth: string;
  /** A table over two of the question's numbers, when asked for. */
  table?: TableState;
}

/** Every field at its CLI default. */
export function blankState(module: SystemModule): PageState {
  const values: Record<string, string | boolean> = {};
  for (const field of fieldsOf(module)) values[field.param] = field.default;
  const kinds = presentationOf(module.system.id).kinds;
  return {
    system: module.system.id,
    ...(kinds ? { kind: kinds[0].value } : {}),
    values,
    method: 'auto',
    seed: DEFAULT_SEED,
    trials: DEFAULT_TRIALS,
    target: '',
    advise: false,
    objective: '',
    territoryWorth: '',
  };
}

/** The question of the system's first CLI example (`battle-odds odds <id> --flag value ...`). */
export function exampleState(module: SystemModule): PageState {
  const state = blankState(module);
  const example = module.cli.odds.examples[0];
  if (!example) return state;
  return withArgs(module, state, commandWords(example).slice(3));
}

/** Applies command-line words (`--attackers 11 --fortress`) to a state; unknown flags are ignored. */
export function withArgs(module: SystemModule, state: PageState, words: string[]): PageState {
  const next = { ...state, values: { ...state.values } };
  const options = new Map(module.cli.odds.options.map((o) => [flagParts(o.flags).flag, flagParts(o.flags)]));
  const kinds = presentationOf(module.system.id);
  for (let i = 0; i < words.length; i++) {
    const parts = options.get(words[i]);
    if (!parts) continue;
    // A flag a kind gives (`--explore`) chooses that kind.
    const kind = kinds.kinds?.find((k) => k.sets && parts.param in k.sets);
    if (kind) next.kind = kind.value;
    if (!(parts.param in next.values)) continue;
    next.values[parts.param] = parts.takesValue ? (words[++i] ?? '') : true;
  }
  if (kinds.kinds && kinds.only) {
    // The kind is the one whose own flags were given (e.g. --path: a chain).
    const own = (kind: string) =>
      Object.entries(kinds.only ?? {}).some(
        ([param, list]) =>
          list.length === 1 && list[0] === kind && next.values[param] !== '' && next.values[param] !== false,
      );
    next.kind = kinds.kinds.find((k) => own(k.value))?.value ?? next.kind;
  }
  return next;
}

/** Splits a command line into words, keeping "quoted text" and 'quoted text' whole; drops a trailing # comment. */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(#.*$)|(\S+)/g;
  for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
    if (m[3] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[4]);
  }
  return words;
}
