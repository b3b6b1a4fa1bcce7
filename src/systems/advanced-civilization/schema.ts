/**
 * Advanced Civilization scenario entries.
 * - `conflict` (the default type): one area, two or more nations, an optional fort and
 *   city. A nation's tokens may be a number or, when unknown, a range or a weighted list:
 *   then the battle is sampled (and also solved exactly by enumeration).
 * - `sweep`: an attacker against a defender over ranges of token counts, for every
 *   Engineering and Metalworking matchup, with and without a fort.
 */
import { z } from 'zod';
import { ADVANTAGE_READINGS } from './rules.js';

/** Upper bound on tokens per nation: keeps tallies and sweeps small (the game has 55 per nation). */
export const MAX_TOKENS = 200;

const count = (what: string, min = 0) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what} must be >= ${min}` })
    .max(MAX_TOKENS, { error: `${what} must be at most ${MAX_TOKENS}` });

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
export const tokensSchema = z.union([count('tokens'), tokenRange, tokenList], {
  error: 'tokens must be a whole number >= 0, a range {"min": a, "max": b}, or {"values": [...], "weights": [...]}',
});

export const reading = z.enum(ADVANTAGE_READINGS as ['order', 'extra-removals'], {
  error:
    'advantageReading must be "order" (the higher level removes last) or "extra-removals" (one extra token per level of difference)',
});

export const nationSchema = z.strictObject({
  name: z.string().min(1, { error: 'a nation needs a name' }),
  tokens: tokensSchema,
  /** How many of the tokens are Army tokens (they count for Military and Mathematics). */
  armies: count('armies').default(0),
  metalworking: z.boolean().default(false),
  engineering: z.boolean().default(false),
  military: z.boolean().default(false),
  mathematics: z.boolean().default(false),
});

/** owner is optional in the schema so that a missing owner gets the user-level message from check(). */
const fortSchema = z.strictObject(
  { owner: z.string().optional() },
  { error: 'fort must be an object like {"owner": "Egypt"}' },
);
const citySchema = z.strictObject(
  { owner: z.string().optional() },
  { error: 'city must be an object like {"owner": "Egypt"}' },
);

export const conflictEntrySchema = z.strictObject({
  type: z.literal('conflict').default('conflict'),
  label: z.string().min(1).optional(),
  limit: count('limit (the area population limit)'),
  nations: z
    .array(nationSchema)
    .min(2, { error: 'a conflict needs at least two nations' })
    .max(8, { error: 'at most 8 nations' }),
  fort: z.union([fortSchema, z.boolean()]).optional(),
  city: z.union([citySchema, z.boolean()]).optional(),
  advantageReading: reading.default('order'),
});

const matchup = z.enum(['neither', 'attacker', 'defender', 'both'], {
  error: 'a matchup is one of "neither", "attacker", "defender", "both" (who holds the technology)',
});

const sideSchema = z.strictObject({
  armies: count('armies').default(0),
  military: z.boolean().default(false),
  mathematics: z.boolean().default(false),
});

export const sweepEntrySchema = z.strictObject({
  type: z.literal('sweep'),
  label: z.string().min(1).optional(),
  limit: count('limit (the area population limit)'),
  attackerTokens: tokenRange,
  defenderTokens: tokenRange,
  engineering: z.array(matchup).min(1).default(['neither', 'attacker', 'defender', 'both']),
  metalworking: z.array(matchup).min(1).default(['neither', 'attacker', 'defender']),
  /** Sweep without and with a fort held by the defender. */
  fort: z.array(z.boolean()).min(1).default([false, true]),
  /** The defender also has a city in the area (attack thresholds 7/6, 6/5, 8/7). */
  city: z.boolean().default(false),
  attacker: sideSchema.default({ armies: 0, military: false, mathematics: false }),
  defender: sideSchema.default({ armies: 0, military: false, mathematics: false }),
  advantageReading: reading.default('order'),
});

/** `type` may be left out: it then defaults to `conflict` (the JSON Schema says so too). */
export const advancedCivilizationEntrySchema = z.discriminatedUnion('type', [conflictEntrySchema, sweepEntrySchema]);

export type AdvCivEntry = z.output<typeof advancedCivilizationEntrySchema>;
export type ConflictEntry = z.output<typeof conflictEntrySchema>;
export type SweepEntry = z.output<typeof sweepEntrySchema>;
export type TokenSpec = z.output<typeof tokensSchema>;
export type Matchup = z.output<typeof matchup>;
