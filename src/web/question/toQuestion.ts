/**
 * The page's state -> a question the engine answers: the flags as commander would have
 * parsed them, the compiled battle, the run options, and the equivalent command line.
 * Problems are reported per field (by flag name) in the CLI's words.
 */
import type { SystemModule } from '../../app/systems.js';
import type { Battle } from '../../engine/scenario/entry.js';
import type { Question } from '../../engine/contract.js';
import type { Method } from '../../engine/run/battle.js';
import { InputError } from '../../engine/inputError.js';
import { camel, fieldApplies, fieldsOf, flagParts } from './fields.js';
import { presentationOf } from './presentation.js';
import {
  FlagValueError,
  parseFlagValue,
  parseSeed,
  parseTarget,
  parseTrials,
  parseWorth,
} from '../../app/flagValues.js';
import { checkQuestion } from '../../engine/question.js';
import { battleFromFlags, parsedDefault, questionFlag, typedFlags } from '../../app/question.js';
import type { PageState } from './state.js';

export interface Problem {
  /** The field (flag name without dashes) it is about; null for the question as a whole. */
  param: string | null;
  message: string;
}

export interface AskedQuestion {
  module: SystemModule;
  battle: Battle;
  /** The flags as the CLI's parser gives them (defaults filled in). */
  flags: Record<string, unknown>;
  method: Method;
  seed: string | number;
  trials: number;
  question: Question;
  /** The system's flags as typed on a command line (`--attackers 11 --fortress`). */
  args: string[];
}

export type Asked = { ok: true; asked: AskedQuestion } | { ok: false; problems: Problem[] };

export function toQuestion(module: SystemModule, state: PageState): Asked {
  const problems: Problem[] = [];
  const read = <T>(param: string | null, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof FlagValueError)) throw error;
      problems.push({ param, message: error.message });
      return undefined;
    }
  };
  const flags: Record<string, unknown> = {};
  for (const field of fieldsOf(module)) {
    if (!fieldApplies(field, state.kind)) continue;
    const value = state.values[field.param];
    if (field.kind === 'checkbox') {
      if (value === true) flags[field.key] = true;
    } else if (typeof value === 'string' && value.trim() !== '') {
      flags[field.key] = read(field.param, () => parseFlagValue(field.option, value.trim()));
    } else if (field.option.default !== undefined) {
      flags[field.key] = parsedDefault(field.option);
    }
  }
  // The flags the kind of question gives (e.g. `--explore`), as the CLI's parser would read them.
  const sets = presentationOf(module.system.id).kinds?.find((k) => k.value === state.kind)?.sets ?? {};
  for (const [param, value] of Object.entries(sets)) {
    const option = module.cli.odds.options.find((o) => flagParts(o.flags).param === param);
    if (option) flags[camel(param)] = value === true ? true : read(param, () => parseFlagValue(option, value));
  }
  const sampling = Boolean(module.system.sampler);
  const seed = sampling ? read('seed', () => parseSeed(state.seed)) : 'battle-odds';
  const trials = sampling ? read('trials', () => parseTrials(state.trials)) : 1;
  const target = state.target.trim() === '' ? undefined : read('target', () => parseTarget(state.target));
  const territoryWorth =
    state.territoryWorth.trim() === '' ? undefined : read('territory-worth', () => parseWorth(state.territoryWorth));
  const objective = module.system.objectives?.find((o) => o === state.objective);
  const question: Question = {
    ...(target !== undefined ? { target } : {}),
    ...(state.advise ? { advise: true } : {}),
    ...(objective !== undefined ? { objective } : {}),
    ...(territoryWorth !== undefined ? { territoryWorth } : {}),
  };
  if (problems.length > 0) return { ok: false, problems };
  // The command line's refusals, on the field whose flag they name.
  const problem = checkQuestion(module.system, question, questionFlag);
  if (problem)
    return { ok: false, problems: [{ param: questionFlag(problem.field).slice(2), message: problem.message }] };
  let battle: Battle;
  let asked: Question;
  try {
    ({ battle, question: asked } = battleFromFlags(module, flags, undefined, question));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { ok: false, problems: [problemOf(error)] };
  }
  return {
    ok: true,
    asked: {
      module,
      battle,
      flags,
      method: sampling ? state.method : 'exact',
      seed: seed as string | number,
      trials: trials as number,
      question: asked,
      args: typedFlags(module, flags),
    },
  };
}

/** An InputError from the CLI's translation or the entry schema, placed on the field its flag names. */
function problemOf(error: InputError): Problem {
  const named = /^--([a-z][a-z0-9-]*)$/.exec(error.field);
  if (named) return { param: named[1], message: error.detail };
  // Errors with no field often start with the flag they are about ("--distance is required ...").
  const leading = /^--([a-z][a-z0-9-]*)\b/.exec(error.detail);
  return { param: leading ? leading[1] : null, message: error.detail };
}
