/**
 * Advanced Civilization's decisions: a conflict with known counts step by step, and the tokens a
 * target needs. Published in the report's schema by the registry; the verdict quotes them by name.
 */
import { z } from 'zod';
import { lazy } from '../../model/lazy.js';

/** The schemas, built on first use (building them loads zod: a quick answer does without). */
const schemas = lazy(() => {
  const conflictFightSchema = z.object({
    removals: z.number().describe('Tokens removed in this fight'),
    after: z.array(z.number()).describe("Every nation's tokens when it ended, in the order of the entry's nations"),
  });

  const levelPartSchema = z.object({
    source: z.enum(['Metalworking', 'Military', 'Mathematics', 'fort']),
    bonus: z.number().describe('Levels it adds (the fort: +0, +1 or +2 by Engineering)'),
  });

  const conflictDecisionSchema = z
    .object({
      total: z.number().describe('Tokens in the area at the start'),
      tokenFight: conflictFightSchema.nullable().describe('The token fight (null: the limit was not exceeded)'),
      city: z
        .object({
          attacker: z
            .number()
            .nullable()
            .describe("Index in the entry's nations of the opponent who may attack the city (null: nobody is left)"),
          tokens: z.number().describe('Its tokens after the token fight'),
          needed: z.number().describe('Tokens needed to attack the city (7; 6 or 8 by Engineering)'),
          replacement: z
            .number()
            .describe("The owner's tokens that replace an attacked city (6; 5 or 7 by Engineering)"),
          attacked: z.boolean(),
        })
        .nullable()
        .describe('The city in the area (null: none)'),
      cityFight: conflictFightSchema
        .nullable()
        .describe("The fight after a city attack, the city replaced by its owner's tokens (null: none)"),
      levels: z
        .array(
          z.object({
            nation: z.number().describe("Index in the entry's nations"),
            level: z.number().describe('Advantage Level at the start (the city owner entering the city fight: then)'),
            presence: z
              .enum(['tokens', 'city fight', 'none'])
              .describe("'tokens': in the area at the start; 'city fight': enters with its city's tokens; 'none'"),
            parts: z.array(levelPartSchema).describe('What makes the level up'),
          }),
        )
        .describe('The Advantage Levels, when a level or a fort could matter (empty: none did)'),
    })
    .describe('Advanced Civilization, known token counts: the conflict step by step (what its verdict quotes)');

  const tokensAnswerSchema = z.object({
    tokens: z.number().nullable().describe('Fewest attacker tokens reaching the target (null: no count searched does)'),
    probability: z.number().nullable().describe('The probability with that many (exact)'),
    moreIsNotBetter: z
      .object({ tokens: z.number(), probability: z.number() })
      .nullable()
      .describe('A larger count that falls below the target again (more is not always better), or null'),
  });

  const tokensNeededDecisionSchema = z
    .object({
      target: z.number(),
      searched: z
        .boolean()
        .describe("False: the other nations' token counts have too many combinations to search (`combinations`)"),
      combinations: z.number().describe("Combinations of the other nations' token counts"),
      maxConflicts: z.number().describe('Most conflicts the search resolves (combinations x attacker counts)'),
      from: z
        .number()
        .describe('Smallest attacker count tried: 1, 0 when it owns the city, never below its Army tokens when asked'),
      searchedTo: z.number().describe('Largest attacker count tried (not searched: the largest it would have tried)'),
      certain: z.boolean().describe('Nothing is uncertain besides the attacker: every probability is 0 or 1'),
      have: z
        .array(z.number())
        .nullable()
        .describe("The attacker's possible token counts, as asked (null: the count itself was asked)"),
      controls: tokensAnswerSchema.describe('To control the area (alone, by majority or by a standing city)'),
      alone: tokensAnswerSchema.describe('To clear it: alone in the area'),
    })
    .describe(
      "Advanced Civilization: the fewest attacker tokens to control and to clear the area at the target's chance",
    );

  const advancedCivilizationDecisionsSchema = z.object({
    conflict: conflictDecisionSchema.optional(),
    tokensNeeded: tokensNeededDecisionSchema.optional(),
  });
  return { advancedCivilizationDecisionsSchema, conflictDecisionSchema, tokensNeededDecisionSchema };
});
type Schemas = ReturnType<typeof schemas>;

/** The decisions its answers may hold, by name (RuleSystem.decisions). */
export const advancedCivilizationDecisions = (): Schemas['advancedCivilizationDecisionsSchema']['shape'] =>
  schemas().advancedCivilizationDecisionsSchema.shape;
export type ConflictDecision = z.infer<Schemas['conflictDecisionSchema']>;
export type TokensNeededDecision = z.infer<Schemas['tokensNeededDecisionSchema']>;
type AdvancedCivilizationDecisions = z.infer<Schemas['advancedCivilizationDecisionsSchema']>;

declare module '../../model/report.js' {
  // A report's decisions hold this system's too (the interface is merged: the engine names no system).
  interface Decisions extends AdvancedCivilizationDecisions {}
}
