/**
 * Scenario files: read, parse and validate strictly, then compile every battle.
 * Everything is checked before anything runs or is written, so a bad file never
 * leaves half an output behind.
 */
import { z } from 'zod';
import type { CompiledBattle, KernelName, RuleSystem } from './system.js';
import { slug } from './slug.js';
import { InputError, formatPath } from './inputError.js';
import { compileEntry, friendlyMessage, issueField } from './compileEntry.js';
import { compileSweep, sweepSchema, type CompiledSweep } from './sweep.js';

/** The most trials one battle may ask for (about a minute of the slowest kernel). */
export const MAX_TRIALS = 1e9;

export const trialsSchema = z
  .number({ error: 'must be a number of trials' })
  .int({ error: 'must be a whole number of trials' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_TRIALS, { error: `must be at most ${MAX_TRIALS}` });

export const seedSchema = z.union([z.string().min(1), z.number().finite()], { error: 'must be a string or a number' });

/** The outer part of a scenario file; `battles` entries are checked by their system. */
export const scenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string({ error: 'must be a string' }).regex(/^[a-z0-9][a-z0-9-]*$/, {
    error: 'must be lowercase letters, digits and dashes (it names the results folder)',
  }),
  description: z.string().optional(),
  system: z.string({ error: 'must name a rule system' }),
  seed: seedSchema.default('battle-odds'),
  trials: trialsSchema.default(1_000_000),
  kernel: z.enum(['fast', 'faithful']).default('fast'),
  exact: z.boolean().default(false),
  battles: z.array(z.unknown()).min(1, { error: 'needs at least one battle' }).optional(),
  sweep: sweepSchema.optional(),
});

export interface Scenario {
  file: string;
  name: string;
  description?: string;
  system: RuleSystem;
  seed: string | number;
  trials: number;
  kernel: KernelName;
  exact: boolean;
  battles: CompiledBattle<unknown>[];
  sweep?: CompiledSweep;
}

/** Validates a parsed scenario; `source` names the file in errors. */
export function parseScenario(raw: unknown, source: string, systems: readonly RuleSystem[]): Scenario {
  const outer = scenarioSchema.safeParse(raw);
  if (!outer.success) {
    const issue = outer.error.issues[0];
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
  if (!outer.data.battles && !outer.data.sweep)
    throw new InputError(source, 'battles', 'a scenario needs "battles", a "sweep", or both');
  const labels = new Set<string>();
  const battles = (outer.data.battles ?? []).map((entry, i) => {
    const battle = compileEntry(system, entry, source, `battles[${i}]`, `battle ${i + 1}`);
    // Labels name output files, so two labels must not reduce to the same file name.
    const name = slug(battle.label);
    if (labels.has(name))
      throw new InputError(
        source,
        `battles[${i}].label`,
        `'${battle.label}' names the same output files as an earlier battle; use a distinct label`,
      );
    labels.add(name);
    return battle;
  });
  return {
    file: source,
    name: outer.data.name,
    description: outer.data.description,
    system,
    seed: outer.data.seed,
    trials: outer.data.trials,
    kernel: outer.data.kernel,
    exact: outer.data.exact,
    battles,
    ...(outer.data.sweep ? { sweep: compileSweep(system, outer.data.sweep, source) } : {}),
  };
}
