/**
 * A question asked with a system's flags (the command line's `odds`, the web page's form):
 * which flags were given, the battle they describe, and the one-battle scenario that answers
 * it. Pure, so the CLI and the page read the same flags the same way and their errors name
 * the same flag.
 */
import type { SystemModule } from './systems.js';
import type { OddsOption } from '../cli/oddsContract.js';
import { type Battle } from '../engine/scenario/entry.js';
import type { Question } from '../engine/contract.js';
import { compileForQuestion } from '../engine/force.js';
import type { Scenario } from '../engine/scenario/scenario.js';
import { InputError } from '../engine/inputError.js';
import { assignStems } from '../engine/fileNames.js';
import { parseFlagValue } from './flagValues.js';

export const DEFAULT_TRIALS = 1_000_000;
/** With a precision target and no trials given, the cap is this high, so the target is what stops the run. */
export const DEFAULT_PRECISION_CAP = 100_000_000;
export const DEFAULT_SEED = 'battle-odds';

/** A flag's long name and its value placeholder: `--attackers <n>` -> `--attackers`. */
export function longFlag(spec: Pick<OddsOption, 'flags'>): string {
  return spec.flags.split(/[ ,]+/).find((f) => f.startsWith('--')) as string;
}

/** `--attacking-armies` -> `attackingArmies`, as commander names parsed flags. */
export function flagKey(long: string): string {
  return long.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The default as the flag's parser would have produced it (so `0` equals the default `'0'`). */
export function parsedDefault(spec: OddsOption): unknown {
  if (typeof spec.default !== 'string') return spec.default;
  return parseFlagValue(spec, spec.default);
}

/** The flag that asks a Question field (`territoryWorth` -> `--territory-worth`), so its errors name it. */
export function questionFlag(field: string): string {
  return `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The system's flags given (not left at their defaults), as typed on a command line. */
export function typedFlags(module: SystemModule, flags: Record<string, unknown>): string[] {
  const parts: string[] = [];
  for (const spec of module.cli.odds.options) {
    const long = longFlag(spec);
    const value = flags[flagKey(long)];
    if (value === undefined || value === false || value === '' || value === parsedDefault(spec)) continue;
    parts.push(value === true ? long : `${long} ${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  return parts;
}

/**
 * The flag behind a field of the battle entry, so errors name what the user typed: the
 * system's own map first, else `attackingArmies` -> `--attacking-armies`.
 */
export function flagName(module: SystemModule, field: string): string {
  const mapped = module.cli.odds.flagFor?.(field);
  if (mapped) return mapped;
  const top = field.split(/[.[]/)[0];
  return `--${top.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The battle the flags describe, validated and compiled, and the question to answer it with
 * (when the flags leave out the attacking force, the fewest reaching the target: engine/force.ts);
 * errors name the flag, after `source` (the command as typed: `should-i-attack landgrab`;
 * `odds <system>` by default).
 */
export function battleFromFlags(
  module: SystemModule,
  flags: Record<string, unknown>,
  source = `odds ${module.system.id}`,
  question: Question = {},
): { battle: Battle; question: Question } {
  let raw: unknown;
  try {
    raw = module.cli.odds.toBattle(flags);
  } catch (error) {
    // A system may reject a flag value while translating (e.g. an unknown technology name).
    if (error instanceof InputError) throw error;
    throw new InputError(source, '', (error as Error).message);
  }
  try {
    const label = typedFlags(module, flags).join(' ') || module.system.id;
    return compileForQuestion(module.system, raw, question, source, label);
  } catch (error) {
    if (error instanceof InputError && error.field === 'target') throw new InputError(source, '--target', error.detail);
    if (error instanceof InputError && error.field)
      throw new InputError(source, flagName(module, error.field), error.detail);
    throw error;
  }
}

/** One battle asked as a question, as a one-battle scenario (exact where solvable, else sampled). */
export function questionScenario(
  module: SystemModule,
  battle: Battle,
  options: { trials?: number; precision?: number } = {},
): Scenario {
  return {
    file: `odds ${module.system.id}`,
    name: `odds-${module.system.id}`,
    system: module.system,
    seed: DEFAULT_SEED,
    trials: options.trials ?? (options.precision ? DEFAULT_PRECISION_CAP : DEFAULT_TRIALS),
    kernel: 'fast',
    method: 'auto',
    exact: true,
    question: {},
    battles: [battle],
    files: assignStems([battle.label]),
  };
}
