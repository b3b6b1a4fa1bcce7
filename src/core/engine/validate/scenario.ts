/**
 * Scenario files: parse and validate strictly, then compile every battle. Everything is
 * checked before anything runs or is written, so a bad file never leaves half an output
 * behind. (Reading the file is the caller's: src/files/scenarioFile.ts on Node.)
 */
import { z } from 'zod';
import { userText } from '../../model/userText.js';
import { type KernelName, type RuleSystem } from '../../model/contract.js';
import { MAX_TERRITORY_WORTH, OBJECTIVES, type Question } from '../../model/question.js';
import { checkQuestion } from './checkQuestion.js';
import { DEFAULT_SEED, DEFAULT_TRIALS, MAX_SEED_CHARS, MAX_TRIALS, METHODS, type Method } from '../../model/run.js';
import { InputError } from '../../model/inputError.js';
import { compactBattle, compileEntry, friendlyMessage, issueField, mainIssue, type Battle } from './entry.js';
import { compileSweep, sweepSchema, type CompiledSweep } from './sweep.js';
import { assignStems } from '../../model/fileNames.js';
import { knobRange } from './fields.js';
import { solveForSchema } from './solveForSpec.js';

export { solveForSchema };

/** A battle of a file without its `solveFor` (which is no field of the system's entry), and the request. */
function splitSolveFor(
  raw: unknown,
  source: string,
  field: string,
): { entry: unknown; solveFor?: { field: string; target: number; range?: [number, number] } } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !Object.hasOwn(raw, 'solveFor'))
    return { entry: raw };
  const { solveFor, ...entry } = raw as Record<string, unknown>;
  const parsed = solveForSchema.safeParse(solveFor);
  if (!parsed.success) {
    const issue = mainIssue(parsed.error.issues);
    const at = issueField(issue);
    throw new InputError(source, `${field}.solveFor${at ? `.${at}` : ''}`, friendlyMessage(issue));
  }
  return { entry, solveFor: parsed.data };
}

/** The most battles one scenario may list (each writes its own files). */
export const MAX_BATTLES = 10_000;

export const trialsSchema = z
  .number({ error: 'must be a number of trials' })
  .int({ error: 'must be a whole number of trials' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_TRIALS, { error: `must be at most ${MAX_TRIALS}` });

/** Any text, or a whole number JSON can hold exactly (larger numbers lose digits: write them as text). */
export const seedSchema = z.union(
  [
    userText(
      z
        .string()
        .min(1, { error: 'must not be empty' })
        .max(MAX_SEED_CHARS, { error: `must be at most ${MAX_SEED_CHARS} characters` }),
    ),
    z.number().refine(Number.isSafeInteger, {
      error: 'a number seed must be a whole number below 2^53; write other seeds as text, e.g. "1e21"',
    }),
  ],
  { error: 'must be a string or a number' },
);

export const methodSchema = z.enum(METHODS);

/** The outer part of a scenario file; `battles` entries are checked by their system. */
export const scenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z
    .string({ error: 'must be a string' })
    .max(100, { error: 'must be at most 100 characters' })
    .regex(/^[a-z0-9][a-z0-9-]*$/, {
      error: 'must be lowercase letters, digits and dashes (it names the results folder)',
    }),
  description: userText(z.string().max(2000), { lineBreaks: true }).optional(),
  system: z.string({ error: 'must name a rule system' }),
  seed: seedSchema.default(DEFAULT_SEED),
  trials: trialsSchema.default(DEFAULT_TRIALS),
  kernel: z.enum(['fast', 'faithful']).default('fast'),
  /** auto: exact where solvable, else Monte Carlo; sample: Monte Carlo; exact: exact or refuse. */
  method: methodSchema.default('auto'),
  /** With Monte Carlo, also solve exactly where possible and show the exact values beside (a check). */
  exact: z.boolean().default(true),
  /** "How many do I need for at least this probability?", answered for every battle where the system can. */
  target: z.number().gt(0, { error: 'must be above 0' }).max(1, { error: 'must be at most 1' }).optional(),
  /** Advise on the decisions (when to stop, optimal play) where the system can. */
  advise: z.boolean().default(false),
  /** What the advice optimises, where the system offers a choice (see Question.objective). */
  objective: z.enum(OBJECTIVES, { error: `must be one of ${OBJECTIVES.join(', ')}` }).optional(),
  /** With objective `value`: what one territory taken is worth, in armies. */
  territoryWorth: z
    .number({ error: 'must be a number of armies' })
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_TERRITORY_WORTH, { error: `must be at most ${MAX_TERRITORY_WORTH}` })
    .optional(),
  /** Each battle's headline with every numeric knob one step down and up (a tornado), largest change first. */
  sensitivity: z.boolean().optional(),
  battles: z
    .array(z.unknown())
    .min(1, { error: 'needs at least one battle' })
    .max(MAX_BATTLES, { error: `must list at most ${MAX_BATTLES} battles` })
    .optional(),
  sweep: sweepSchema.optional(),
});

export interface Scenario {
  /** The file it came from (or a name for one built in memory). */
  file: string;
  name: string;
  description?: string;
  system: RuleSystem;
  seed: string | number;
  trials: number;
  kernel: KernelName;
  method: Method;
  exact: boolean;
  question: Question;
  battles: Battle[];
  /** File-name stem of each battle, aligned with `battles`. */
  files: string[];
  sweep?: CompiledSweep;
}

/** Validates a parsed scenario against the known systems; `source` names the file in errors. */
export function parseScenario(raw: unknown, source: string, systems: readonly RuleSystem[]): Scenario {
  const outer = scenarioSchema.safeParse(raw);
  if (!outer.success) {
    const issue = mainIssue(outer.error.issues);
    throw new InputError(source, issueField(issue), friendlyMessage(issue));
  }
  const system = systems.find((s) => s.id === outer.data.system);
  if (!system) {
    throw new InputError(
      source,
      'system',
      `unknown rule system '${outer.data.system}' (known: ${systems.map((s) => s.id).join(', ')})`,
    );
  }
  const question: Question = {
    ...(outer.data.target !== undefined ? { target: outer.data.target } : {}),
    ...(outer.data.advise ? { advise: true } : {}),
    ...(outer.data.objective !== undefined ? { objective: outer.data.objective } : {}),
    ...(outer.data.territoryWorth !== undefined ? { territoryWorth: outer.data.territoryWorth } : {}),
    ...(outer.data.sensitivity ? { sensitivity: true } : {}),
  };
  const problem = checkQuestion(system, question, (field) => (field === 'advise' ? '"advise": true' : field));
  if (problem) throw new InputError(source, problem.field, problem.message);
  if (!outer.data.battles && !outer.data.sweep) {
    throw new InputError(source, 'battles', 'a scenario needs "battles", a "sweep", or both');
  }
  const labels = new Map<string, number>();
  const battles = (outer.data.battles ?? []).map((raw, i) => {
    const { entry, solveFor } = splitSolveFor(raw, source, `battles[${i}]`);
    const compiled = compileEntry(system, entry, source, `battles[${i}]`, `battle ${i + 1}`);
    if (solveFor)
      knobRange(
        system,
        compiled.entry,
        solveFor.field,
        { source, field: `battles[${i}].solveFor.field`, rangeField: `battles[${i}].solveFor.range` },
        undefined,
        solveFor.range,
      );
    const battle = solveFor ? { ...compiled, solveFor } : compiled;
    const earlier = labels.get(battle.label);
    if (earlier !== undefined) {
      throw new InputError(source, `battles[${i}].label`, `'${battle.label}' is also the label of battles[${earlier}]`);
    }
    labels.set(battle.label, i);
    return compactBattle(system, battle);
  });
  return {
    file: source,
    name: outer.data.name,
    description: outer.data.description,
    system,
    seed: outer.data.seed,
    trials: outer.data.trials,
    kernel: outer.data.kernel,
    method: outer.data.method,
    exact: outer.data.exact,
    question,
    battles,
    files: assignStems(battles.map((b) => b.label)),
    ...(outer.data.sweep ? { sweep: compileSweep(system, outer.data.sweep, source) } : {}),
  };
}
