/**
 * Princes & Queens' decisions: how the Battle values are made up, and from how far an attack still
 * works. Published in the report's schema by the registry; the verdict quotes them by name.
 */
import { z } from 'zod';
import { lazy } from '../../model/lazy.js';

/** The schemas, built on first use (building them loads zod: a quick answer does without). */
const schemas = lazy(() => {
  const battleValuesDecisionSchema = z
    .object({
      princeBase: z.number().describe("A Prince's value next to his Queen: 5, less one per hex away"),
      attack: z.object({
        princes: z.number(),
        each: z.number().describe("Each attacking Prince's value"),
        floored: z.boolean().describe('5 - distance is below 0 and counts as 0 (princeFloor "zero")'),
      }),
      defence: z.array(
        z.object({
          piece: z.enum(['Prince', 'Queen', 'City']),
          value: z.number(),
          terrain: z.enum(['plain', 'mountain']),
          base: z
            .number()
            .nullable()
            .describe('A Prince: 5 - distance (not below 0 with princeFloor "zero"), undoubled'),
          floored: z.boolean().describe('A Prince whose 5 - distance counts as 0'),
          doubled: z.boolean().describe('A Prince defending in a mountain: his value doubled'),
          plainBesideCity: z.boolean().describe('A pawn sharing a mountain hex with a City counts its plain value'),
        }),
      ),
    })
    .describe("Princes & Queens: how each side's Battle value is made up (the values its verdict quotes)");

  const reachSchema = z.object({
    farthest: z.number().nullable().describe('The farthest distance (hexes to their own Queen) that works; null: none'),
    any: z.boolean().describe('It works at every distance tried'),
    value: z.number().describe("The side's value there (at 1 hex when none works, at `triedTo` when any does)"),
    against: z.number().describe("The other side's value there"),
  });

  const reachDecisionSchema = z
    .object({
      triedTo: z.number().describe('Distances tried: 1 to this'),
      onePrince: reachSchema.describe('One attacking Prince against this defender'),
      twoPrinces: reachSchema.describe('Two attacking Princes in one hex against this defender'),
      hold: reachSchema
        .nullable()
        .describe(
          'A defending Prince (or two) against this attack: how far from their Queen they hold (null: no Prince)',
        ),
    })
    .describe('Princes & Queens: from how far the attack still works (nothing is random: the target is moot)');

  const princesAndQueensDecisionsSchema = z.object({
    battleValues: battleValuesDecisionSchema.optional(),
    reach: reachDecisionSchema.optional(),
  });
  return { princesAndQueensDecisionsSchema, battleValuesDecisionSchema, reachDecisionSchema };
});
type Schemas = ReturnType<typeof schemas>;

/** The decisions its answers may hold, by name (RuleSystem.decisions). */
export const princesAndQueensDecisions = (): Schemas['princesAndQueensDecisionsSchema']['shape'] =>
  schemas().princesAndQueensDecisionsSchema.shape;
export type BattleValuesDecision = z.infer<Schemas['battleValuesDecisionSchema']>;
export type ReachDecision = z.infer<Schemas['reachDecisionSchema']>;
type PrincesAndQueensDecisions = z.infer<Schemas['princesAndQueensDecisionsSchema']>;

declare module '../../model/report.js' {
  // A report's decisions hold this system's too (the interface is merged: the engine names no system).
  interface Decisions extends PrincesAndQueensDecisions {}
}
