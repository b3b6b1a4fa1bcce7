/**
 * The question on the page, as plain text values (what the fields show): a system, the
 * kind of question, each field's text, and the engine's settings. It is what the URL holds
 * and what the form shows; `question/toQuestion.ts` turns it into a battle.
 */
import { DEFAULT_SEED, DEFAULT_TRIALS, METHODS as RUN_METHODS, type Method } from '../../core/model/run.js';
import type { SystemModule } from '../../core/registry/systems.js';
import { kindOf } from '../../core/form/form.js';
import { fieldsOf, kindsOf } from './fields.js';
import type { TurnState } from '../turn/board.js';

/** The page's fields hold text: the run's defaults as the fields show them. */
export const SEED_TEXT = String(DEFAULT_SEED);
export const TRIALS_TEXT = String(DEFAULT_TRIALS);
export const METHODS: readonly Method[] = RUN_METHODS;

/** "Vary two numbers": the two fields across and down and their ranges, as typed (question/table.ts). */
export interface TableState {
  x: string;
  xFrom: string;
  xTo: string;
  y: string;
  yFrom: string;
  yTo: string;
}

export interface PageState {
  system: string;
  /** The kind of question (the form's kinds), when the system has kinds. */
  kind?: string;
  /** Each field's text by its page name, `attacking-armies` (checkboxes: true/false; several choices: `a,b`). */
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
  /** "What would make it fair?": a number of the battle's entry to solve for (its path, `fortressBonus`), or ''. */
  solveFor?: string;
  /** "Plan a turn" (the kind `turn`): the board, the objective and the readings (turn/board.ts). */
  turn?: TurnState;
}

/**
 * The advice's options as the question asks them: an objective only with advice, a
 * territory's worth only with the objective `value` (the page hides the others, and they
 * stay out of the question and the link).
 */
export function adviceOptions(state: PageState): { objective: string; territoryWorth: string } {
  const objective = state.advise ? state.objective : '';
  return { objective, territoryWorth: objective === 'value' ? state.territoryWorth : '' };
}

/** Every field at its default. */
export function blankState(module: SystemModule): PageState {
  const values: Record<string, string | boolean> = {};
  for (const field of fieldsOf(module)) values[field.param] = field.initial;
  const kinds = kindsOf(module);
  return {
    system: module.system.id,
    ...(kinds ? { kind: kinds[0].value } : {}),
    values,
    method: 'auto',
    seed: SEED_TEXT,
    trials: TRIALS_TEXT,
    target: '',
    advise: false,
    objective: '',
    territoryWorth: '',
  };
}

/**
 * The page's first question where it is not the command line's first example: Kings & Things'
 * example names a melee Giant of one's own (`Giant:4`, to show that a counter may be one's own),
 * which the page would open on with a note that it is not the roster's Giant; the page opens on
 * the roster's Giant.
 */
const FIRST_QUESTIONS: Readonly<Record<string, string>> = {
  'kings-and-things':
    'battle-odds odds kings-and-things --attackers "Giant,Elves:2R,Dragon:3*C" --defenders Nomads --fort castle',
};

/** The command line of the page's first question for a system (its first example, unless FIRST_QUESTIONS says). */
export function firstQuestion(module: SystemModule): string | undefined {
  return FIRST_QUESTIONS[module.system.id] ?? module.form.examples[0];
}

/**
 * Whether a system's answers are left to chance (it has dice, so a sampler): a target
 * probability means nothing where every answer is certain (Princes & Queens).
 */
export function hasChance(module: SystemModule): boolean {
  return Boolean(module.system.sampler);
}

/** The page's first question of a system (`battle-odds odds <id> --flag value ...`: firstQuestion). */
export function exampleState(module: SystemModule): PageState {
  const state = blankState(module);
  const example = firstQuestion(module);
  if (!example) return state;
  return withArgs(module, state, commandWords(example).slice(3));
}

/** Applies command-line words (`--attackers 11 --fortress`) to a state; unknown flags are ignored. */
export function withArgs(module: SystemModule, state: PageState, words: string[]): PageState {
  const next = { ...state, values: { ...state.values } };
  const fields = new Map(fieldsOf(module).map((f) => [f.field.cli.flag, f]));
  const chosen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const kindFlag = module.form.fields.find((f) => f.cli.flag === words[i] && f.choosesKind && f.kind === 'flag');
    if (kindFlag) chosen.add(kindFlag.key);
    const field = fields.get(words[i]);
    if (field) next.values[field.param] = field.kind === 'flag' ? true : (words[++i] ?? '');
  }
  if (module.form.kinds) {
    // The kind is the one the words choose (e.g. --path: a chain).
    const byKey = new Map(fieldsOf(module).map((f) => [f.key, f]));
    next.kind = kindOf(module.form, (f) => {
      if (chosen.has(f.key)) return true;
      const page = byKey.get(f.key);
      const value = page ? next.values[page.param] : undefined;
      return page !== undefined && value !== '' && value !== false && value !== page.initial;
    });
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
