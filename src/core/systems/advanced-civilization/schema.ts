/**
 * Advanced Civilization battle entries: one conflict in one area, two or more nations,
 * an optional fort and city. A nation's tokens may be a number or, when unknown, a range
 * or a weighted list: then the battle is sampled (and solved exactly by enumeration when
 * the combinations are few enough). Cross-field checks are folded in (superRefine), each
 * issue naming its field. Matchup tables are scenario sweeps (docs/advanced-civilization.md).
 */
import { z } from 'zod';
import { userText } from '../../model/userText.js';
import { lazy } from '../../model/lazy.js';
import {
  ADVANTAGE_READINGS,
  DESTROYED_CITY_FORT,
  FORT_ENGINEERING_OPPONENTS,
  REPLACED_CITY_TIE_BREAKS,
} from './rules.js';

/** Upper bound on tokens per nation: keeps tallies small (the game has 55 per nation). */
export const MAX_TOKENS = 200;
/** Most nations in one area (the game has 8 players). */
export const MAX_NATIONS = 8;

const count = (what: string, min = 0) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what} must be >= ${min}` })
    .max(MAX_TOKENS, { error: `${what} must be at most ${MAX_TOKENS}` });

/**
 * The entry schemas, built on first use (lazy.ts): `advancedCivilizationEntrySchema` is the system's
 * (one conflict with its cross-field checks); the others its parts.
 */
export const advCivSchemas = lazy(() => {
  const tokenRange = z.strictObject({
    min: count('tokens'),
    max: count('tokens'),
  });

  const tokenList = z.strictObject({
    values: z
      .array(count('tokens'))
      .min(1, { error: 'values needs at least one token count' })
      .max(MAX_TOKENS + 1),
    weights: z.array(z.number().min(0, { error: 'weights must be >= 0' })).optional(),
  });

  /** Tokens: a number, a uniform range {min, max}, or {values, weights} (weights default to equal). */
  const tokensSchema = z.union([count('tokens'), tokenRange, tokenList], {
    error: 'tokens must be a whole number >= 0, a range {"min": a, "max": b}, or {"values": [...], "weights": [...]}',
  });

  const reading = z.enum(ADVANTAGE_READINGS as ['order', 'extra-removals'], {
    error:
      'advantageReading must be "order" (the higher level removes last) or ' +
      '"extra-removals" (one extra token per level of difference)',
  });

  const nationSchema = z.strictObject({
    name: userText(
      z.string().min(1, { error: 'a nation needs a name' }).max(100, { error: 'a name has at most 100 characters' }),
    ),
    tokens: tokensSchema,
    /** How many of the tokens are Army tokens (they count for Military and Mathematics). */
    armies: count('armies').default(0),
    metalworking: z.boolean().default(false),
    engineering: z.boolean().default(false),
    military: z.boolean().default(false),
    mathematics: z.boolean().default(false),
  });

  /** owner is optional in the schema so that a missing owner gets the user-level message below. */
  const fortSchema = z.strictObject(
    { owner: userText().optional() },
    { error: 'fort must be an object like {"owner": "Egypt"}' },
  );
  const citySchema = z.strictObject(
    { owner: userText().optional() },
    { error: 'city must be an object like {"owner": "Egypt"}' },
  );

  const conflictObject = z.strictObject({
    type: z
      .literal('conflict', {
        error:
          'must be "conflict" (or left out); Engineering matchup tables are scenario sweeps now ' +
          '(docs/advanced-civilization.md)',
      })
      .default('conflict'),
    label: userText(z.string().min(1)).optional(),
    limit: count('limit (the area population limit)'),
    nations: z
      .array(nationSchema)
      .min(2, { error: 'a conflict needs at least two nations' })
      .max(MAX_NATIONS, { error: `at most ${MAX_NATIONS} nations` }),
    fort: z.union([fortSchema, z.boolean()]).optional(),
    city: z.union([citySchema, z.boolean()]).optional(),
    advantageReading: reading.default('order'),
    /**
     * Rules readings (docs "Rules readings"): defaults are the sources' text or, where silent, the
     * earlier behaviour.
     */
    fortWhereCityDestroyed: z
      .enum(DESTROYED_CITY_FORT as ['removed', 'by-control'], {
        error:
          'fortWhereCityDestroyed must be "removed" (the seed: a fort where a city is destroyed is removed) or ' +
          '"by-control" (the nation in control captures it)',
      })
      .default('removed'),
    fortEngineeringOpponents: z
      .enum(FORT_ENGINEERING_OPPONENTS as ['any', 'all'], {
        error:
          'fortEngineeringOpponents must be "any" (any other nation with Engineering takes the fort\'s bonus ' +
          'down) or "all" (only when every other nation present holds it)',
      })
      .default('any'),
    replacedCityTieBreak: z
      .enum(REPLACED_CITY_TIE_BREAKS as ['owner', 'none'], {
        error:
          'replacedCityTieBreak must be "owner" (a tie after a city attack goes to the city\'s former owner) or ' +
          '"none" (nobody controls a tied area)',
      })
      .default('owner'),
  });

  /** `type` may be left out: it then defaults to `conflict` (the JSON Schema says so too). */
  const advancedCivilizationEntrySchema = conflictObject.superRefine((entry, ctx) => {
    for (const issue of crossFieldIssues(entry)) ctx.addIssue({ code: 'custom', ...issue });
  });

  return { tokensSchema, reading, nationSchema, conflictObject, advancedCivilizationEntrySchema };
});

type Schemas = ReturnType<typeof advCivSchemas>;
export type TokenSpec = z.output<Schemas['tokensSchema']>;

function minTokens(spec: TokenSpec): number {
  if (typeof spec === 'number') return spec;
  if ('min' in spec) return spec.min;
  return Math.min(...spec.values);
}

type Issue = { path: (string | number)[]; message: string };

/** The cross-field checks: unique names, sensible ranges and weights, Army tokens, owners that exist. */
function crossFieldIssues(entry: z.output<Schemas['conflictObject']>): Issue[] {
  const issues: Issue[] = [];
  const names = entry.nations.map((n) => n.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i)
      issues.push({ path: ['nations', i, 'name'], message: `nation names must be unique: "${name}" appears twice` });
  });
  entry.nations.forEach((nation, i) => {
    const spec = nation.tokens;
    const path = ['nations', i, 'tokens'];
    if (typeof spec === 'object' && 'min' in spec && spec.min > spec.max) {
      issues.push({
        path: [...path, 'min'],
        message: `tokens range is empty: min ${spec.min} is above max ${spec.max}`,
      });
      return;
    }
    if (typeof spec === 'object' && 'values' in spec && spec.weights) {
      if (spec.weights.length !== spec.values.length) {
        issues.push({
          path: [...path, 'weights'],
          message: `weights needs one weight per value (${spec.values.length}), got ${spec.weights.length}`,
        });
        return;
      }
      if (!(spec.weights.reduce((s, w) => s + w, 0) > 0)) {
        issues.push({ path: [...path, 'weights'], message: 'weights must not all be 0' });
        return;
      }
    }
    if (nation.armies > minTokens(spec)) {
      issues.push({
        path: ['nations', i, 'armies'],
        message: `armies (${nation.armies}) cannot exceed the nation's tokens (at least ${minTokens(spec)})`,
      });
    }
  });
  for (const place of ['fort', 'city'] as const) {
    const value = entry[place];
    if (value === undefined || value === false) continue;
    const owner = typeof value === 'object' ? value.owner : undefined;
    if (owner === undefined) {
      issues.push({
        path: [place, 'owner'],
        message: `a ${place} needs an owner: set ${place}.owner to one of the nations (${list})`,
      });
    } else if (!names.includes(owner)) {
      issues.push({ path: [place, 'owner'], message: `${place}.owner "${owner}" is not one of the nations (${list})` });
    }
  }
  return issues;
}

/** The system's entry schema (`type` may be left out: it then defaults to `conflict`). */
export const advancedCivilizationEntrySchema = () => advCivSchemas().advancedCivilizationEntrySchema;

export type AdvCivEntry = z.output<Schemas['advancedCivilizationEntrySchema']>;
export type ConflictEntry = AdvCivEntry;
