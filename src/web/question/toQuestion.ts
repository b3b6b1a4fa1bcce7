/**
 * The page's state -> a question the engine answers: the form's values read from the
 * fields' text by the same readers the command line uses, the compiled battle, the run
 * options, and the equivalent command line. Problems are placed on their fields, in a
 * player's words (question/words.ts).
 */
import type { SystemModule } from '../../core/registry/systems.js';
import type { Battle } from '../../core/engine/validate/entry.js';
import type { Question } from '../../core/model/question.js';
import { DEFAULT_SEED, type Method } from '../../core/model/run.js';
import { paramOf, type FieldValue, type FormValues } from '../../core/form/form.js';
import { formArgs } from '../../core/form/entry.js';
import { FormValueError, parseSeed, parseTarget, parseTrials, parseWorth, readField } from '../../core/form/read.js';
import { prepareQuestion, type PreparedQuestion } from '../../core/ask/prepareQuestion.js';
import { askedIn, fieldsOf, kindsOf, TURN_KIND } from './fields.js';
import { fieldProblem, optionName, pageProblem, type Problem } from './words.js';
import { adviceOptions, TRIALS_TEXT, type PageState } from './state.js';
import { BOARD_FILE, exampleTurn } from '../turn/board.js';
import { turnArgs, turnEntry, turnProblem } from '../turn/entry.js';

export type { Problem } from './words.js';

/** A question as asked (what the page shows of it: the command line, a table around it). */
export interface AskedQuestion {
  module: SystemModule;
  /** The kind of question ('' for a system with one kind). */
  kind: string;
  /** The form's values, as the command line's flags would give them (defaults filled in). */
  values: FormValues;
  method: Method;
  seed: string | number;
  trials: number;
  question: Question;
  /** The system's flags as typed on a command line (`--attackers 11 --fortress`). */
  args: string[];
}

/** A question as asked, and its battle compiled (what answers it), and the one-battle run the command line runs. */
export interface CompiledQuestion extends AskedQuestion {
  battle: Battle;
  prepared: PreparedQuestion;
}

export type Asked = { ok: true; asked: CompiledQuestion } | { ok: false; problems: Problem[] };

/** The form's values from the page's state (the fields of other kinds of question left out), or the problems. */
export function formValues(
  module: SystemModule,
  state: PageState,
): { values: FormValues; kind: string; problems: Problem[] } {
  const { form } = module;
  const kind = state.kind ?? kindsOf(module)?.[0]?.value ?? '';
  const problems: Problem[] = [];
  const values: Record<string, FieldValue | undefined> = {};
  const asked = new Set(
    fieldsOf(module)
      .filter((f) => askedIn(module, f, { kind, values: state.values }))
      .map((f) => f.key),
  );
  for (const field of form.fields) {
    // A flag that chooses a kind of question (`--explore`) is the kind the page asks.
    if (field.choosesKind && field.kind === 'flag') values[field.key] = field.choosesKind === kind;
    else if (field.kind === 'flag')
      values[field.key] = asked.has(field.key) && state.values[paramOf(field.key)] === true;
    else {
      const text = asked.has(field.key) ? state.values[paramOf(field.key)] : undefined;
      const given = typeof text === 'string' && text.trim() !== '';
      const source = given ? text.trim() : field.default;
      if (source === undefined) continue;
      try {
        values[field.key] = readField(field, source);
      } catch (error) {
        if (!(error instanceof FormValueError)) throw error;
        problems.push(fieldProblem(form, field.key, error.message, source));
      }
    }
  }
  return { values, kind, problems };
}

/** The most of one counter a roster field holds (a side holds at most 30 counters). */
export const MAX_COUNT = 30;

/**
 * What is wrong with a counter of a roster field, in the picker's words (an unknown name from a
 * link, a count of 0 or none on a chip ...).
 */
function counterProblem(module: SystemModule, values: FormValues, key: string): string | null {
  const catalogue = module.form.fields.find((f) => f.key === key)?.catalogue;
  const items = values[key];
  if (!catalogue || !Array.isArray(items)) return null;
  for (const text of items as string[]) {
    const bare = /^\s*x\s+(.+)$/i.exec(text);
    if (bare) return `how many ${catalogue.read(bare[1])?.name ?? bare[1].trim()}? Give a count from 1 to ${MAX_COUNT}`;
    const item = catalogue.read(text);
    if (item && (!Number.isInteger(item.count) || item.count < 1 || item.count > MAX_COUNT))
      return `how many ${item.name}? Give a count from 1 to ${MAX_COUNT}, not ${item.count}`;
    const problem = item ? catalogue.describe(item).problem : `cannot read “${text}”`;
    if (problem) return problem;
  }
  return null;
}

/** The first roster field's counter with a count the page refuses before asking (none: null). */
function countProblems(module: SystemModule, values: FormValues): Problem[] {
  for (const field of module.form.fields) {
    if (!field.catalogue || !field.page) continue;
    const items = values[field.key];
    if (!Array.isArray(items)) continue;
    const bad = (items as string[]).some((t) => {
      if (/^\s*x\s+/i.test(t)) return true;
      const item = field.catalogue?.read(t);
      return item !== null && item !== undefined && (item.count < 1 || item.count > MAX_COUNT);
    });
    const problem = bad ? counterProblem(module, values, field.key) : null;
    if (problem) return [fieldProblem(module.form, field.key, problem)];
  }
  return [];
}

/** Reads a setting, its problem (in a player's words, on its field) pushed to `problems`. */
function reader(module: SystemModule, problems: Problem[]) {
  return <T>(key: string, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof FormValueError)) throw error;
      problems.push(fieldProblem(module.form, key, error.message));
      return undefined;
    }
  };
}

export function toQuestion(module: SystemModule, state: PageState): Asked {
  if (state.kind === TURN_KIND) return turnQuestion(module, state);
  const { form } = module;
  const { values, kind, problems } = formValues(module, state);
  const read = reader(module, problems);
  const sampling = Boolean(module.system.sampler);
  const seed = sampling ? read('seed', () => parseSeed(state.seed)) : DEFAULT_SEED;
  const trials = sampling ? read('trials', () => parseTrials(state.trials)) : 1;
  const target = state.target.trim() === '' ? undefined : read('target', () => parseTarget(state.target));
  const options = adviceOptions(state);
  const territoryWorth =
    options.territoryWorth.trim() === '' ? undefined : read('territoryWorth', () => parseWorth(options.territoryWorth));
  const objective = module.system.objectives?.find((o) => o === options.objective);
  const question: Question = {
    ...(state.solveFor ? { solveFor: state.solveFor } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(state.advise ? { advise: true } : {}),
    ...(objective !== undefined ? { objective } : {}),
    ...(territoryWorth !== undefined ? { territoryWorth } : {}),
  };
  problems.push(...countProblems(module, values));
  if (problems.length > 0) return { ok: false, problems };
  const method: Method = sampling ? state.method : 'exact';
  const prepared = prepareQuestion({
    module,
    battle: { values, kind },
    choices: { question, method, seed: seed as string | number, trials: trials as number },
    nameOf: optionName(form),
  });
  if (!prepared.ok) {
    const { refusal } = prepared;
    // A counter the roster picker can say what is wrong with is said in its words (not the command line's).
    const counter = refusal.key ? counterProblem(module, values, refusal.key) : null;
    const text = refusal.key ? state.values[paramOf(refusal.key)] : undefined;
    const given = typeof text === 'string' ? text : undefined;
    return {
      ok: false,
      problems: [counter ? fieldProblem(form, refusal.key, counter) : pageProblem(form, refusal, values, given)],
    };
  }
  return compiled(module, prepared.prepared, {
    kind,
    values,
    method,
    seed: seed as string | number,
    trials: trials as number,
    args: formArgs(form.fields, values),
  });
}

/** The question as asked and what answers it (its battle, compiled, and the question as the engine reads it). */
function compiled(
  module: SystemModule,
  prepared: PreparedQuestion,
  asked: Pick<AskedQuestion, 'kind' | 'values' | 'method' | 'seed' | 'trials' | 'args'>,
): Asked {
  return { ok: true, asked: { module, ...asked, battle: prepared.battle, question: prepared.question, prepared } };
}

/** Trials of a sampled turn when none are given: `plan landgrab`'s (a turn plays many rounds: fewer than a battle). */
export const TURN_TRIALS = 100_000;

/**
 * "Plan a turn": the board, objective and readings as the turn entry `battle-odds plan landgrab --board board.json`
 * asks (the same entry, label and run, through the one way to ask), the dice rules from the form's fields. A
 * refusal is said in a player's words on what it is about (a territory, the objective, the board).
 */
function turnQuestion(module: SystemModule, state: PageState): Asked {
  const { form } = module;
  const turn = state.turn ?? exampleTurn();
  const { values, problems } = formValues(module, state);
  const read = reader(module, problems);
  const seed = read('seed', () => parseSeed(state.seed));
  const trials = read('trials', () => parseTrials(state.trials === TRIALS_TEXT ? String(TURN_TRIALS) : state.trials));
  if (problems.length > 0) return { ok: false, problems };
  const rules = {
    attackerDice: values.attackerDice as number | undefined,
    defenderDice: values.defenderDice as number | undefined,
    ties: values.ties as string | undefined,
  };
  const question: Question = state.solveFor ? { solveFor: state.solveFor } : {};
  const prepared = prepareQuestion({
    module,
    battle: { entry: turnEntry(turn, rules), label: BOARD_FILE },
    choices: { question, method: state.method, seed: seed as string | number, trials: trials as number },
    source: 'plan landgrab',
    nameOf: optionName(form),
  });
  if (!prepared.ok) {
    const { refusal } = prepared;
    const message = refusal.problem.reason === 'value' ? refusal.problem.message : refusal.problem.reason;
    return {
      ok: false,
      problems: [refusal.path ? turnProblem(turn, refusal.path, message) : pageProblem(form, refusal, values)],
    };
  }
  return compiled(module, prepared.prepared, {
    kind: TURN_KIND,
    values,
    method: state.method,
    seed: seed as string | number,
    trials: trials as number,
    args: turnArgs(turn, rules),
  });
}
