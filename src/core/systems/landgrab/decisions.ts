/**
 * LandGrab's decisions: how many armies a target needs, the largest garrison these armies take,
 * when to stop (the stop rule for an objective), the defender's best spread and a whole turn's plan.
 * Published in the report's schema by the registry (src/core/registry/report.ts); the verdict quotes
 * them by name.
 */
import { z } from 'zod';
import { lazy } from '../../model/lazy.js';
import { turnPlanDecisionSchema } from './turnBattle/decision.js';

/** The schemas, built on first use (building them loads zod: a quick answer does without). */
const schemas = lazy(() => {
  const policyOutcomeSchema = z.object({
    value: z.number().describe("The objective's value: E[armies kept] for 'armies'"),
    pConquest: z.number().describe('P(taking the whole path)'),
    armiesKept: z.number().describe('E[armies kept]: every attacker army alive at the end on the path'),
    territoriesTaken: z.number(),
  });

  const breakOffSchema = z.object({
    territory: z.number().describe('1-based position on the path'),
    attackers: z.number().describe('Armies in the attacking territory'),
    shape: z
      .enum(['any', 'threshold', 'ranges'])
      .describe("'any': at every reachable defender count; 'threshold': from `fromDefenders` up; else `ranges`"),
    fromDefenders: z.number().nullable().describe("With 'threshold': break off when the defenders are at least this"),
    ranges: z
      .array(z.tuple([z.number(), z.number()]))
      .describe(
        'Defender counts at which to break off, as inclusive ranges [from, to] (they may span unreachable counts)',
      ),
  });

  /** No stop rule meets the target: what one can (the best chance, and the rule for the highest target below it). */
  const reachableSchema = z
    .object({
      bestChance: z
        .number()
        .describe('The best P(conquest) any stop rule gives (fighting to the end: stopping never adds to it)'),
      target: z.number().describe('The highest whole percent at most `bestChance`: the target the rule below meets'),
      neverStops: z.boolean().describe('At that target, the rule is to fight to the end'),
      proved: z.boolean().describe('The rule is proved the best deterministic rule for that target'),
      gap: z.number().optional().describe('bound - rule.value (0 when proved)'),
      gain: z.number().describe('rule.armiesKept - fightToTheEnd.armiesKept'),
      rule: policyOutcomeSchema.describe('The stop rule keeping the most armies at that target'),
      breakOff: z.array(breakOffSchema).describe('Where that rule breaks off, in reachable states (empty: never)'),
    })
    .describe("With 'armies', when even fighting to the end misses the target: what a stop rule can reach");

  const stopRuleDecisionSchema = z
    .object({
      objective: z.enum(['armies', 'conquest', 'value']),
      attackers: z.number().describe('Armies in the attacking territory at the start'),
      target: z.number().optional().describe("With 'armies': the P(conquest) the rule must still reach"),
      territoryWorth: z.number().optional().describe("With 'value': one territory taken, in armies"),
      feasible: z.boolean().describe('False when even fighting to the end misses the target'),
      attacks: z.boolean().describe('False when the rule says not to attack at all'),
      neverStops: z.boolean().describe('The rule is to fight to the end'),
      rule: policyOutcomeSchema.describe('The stop rule'),
      fightToTheEnd: policyOutcomeSchema,
      gain: z.number().describe("rule.value - fightToTheEnd.value, in the objective's terms"),
      proved: z
        .boolean()
        .describe('The rule is proved the best deterministic rule (exact); false: best found, within `gap`'),
      bound: z.number().optional().describe("With 'armies': no deterministic rule meeting the target keeps more"),
      gap: z.number().optional().describe("With 'armies': bound - rule.value (0 when proved)"),
      randomisedBound: z
        .number()
        .optional()
        .describe("With 'armies': no rule meeting the target, even randomised, keeps more (the LP bound)"),
      breakOff: z.array(breakOffSchema).describe('Where to break off, in reachable states (empty: never)'),
      reachable: reachableSchema.optional(),
    })
    .describe('LandGrab: when to stop attacking, for the objective asked');

  const allocationSchema = z.object({
    name: z.string().optional(),
    allocation: z.array(z.number()).describe('Armies by territory, first attacked first'),
    pHeld: z.number().describe('P(the defender keeps at least one territory)'),
  });

  const landgrabDecisionsSchema = z.object({
    needed: z
      .object({
        target: z.number(),
        count: z
          .number()
          .nullable()
          .describe('Fewest armies in the attacking territory reaching the target, null: none up to `searchedTo`'),
        probability: z.number().nullable().describe('P(conquest) with that many'),
        have: z.number().nullable().describe('Armies in the attacking territory asked about (null: none given)'),
        searchedTo: z.number(),
        certainOnlyInTheLimit: z
          .boolean()
          .describe('The target is 1: no finite count makes a conquest certain, so none is given'),
      })
      .optional()
      .describe('LandGrab: how many armies a target needs'),
    beatable: z
      .object({
        target: z.number(),
        defenders: z.number().describe('Most defenders taken at least `target` of the time (0: not even one)'),
        probability: z.number().nullable().describe('P(conquest) against that many'),
        have: z.number(),
      })
      .optional()
      .describe('LandGrab: the largest garrison these armies take at least `target` of the time'),
    stopRule: stopRuleDecisionSchema.optional(),
    defence: z
      .object({
        attackers: z.number().describe('Armies in the attacking territory'),
        armies: z.number(),
        best: allocationSchema,
        runnerUp: allocationSchema.nullable().describe('The second best spread (null: only one spread)'),
        baselines: z.array(allocationSchema),
        spreads: z.number().describe('Possible spreads'),
        method: z.string(),
      })
      .optional()
      .describe("LandGrab: the defender's best spread along a path"),
    plan: turnPlanDecisionSchema().optional(),
  });
  return { landgrabDecisionsSchema, stopRuleDecisionSchema };
});
type Schemas = ReturnType<typeof schemas>;

/** The decisions a LandGrab answer may hold, by name (RuleSystem.decisions). */
export const landgrabDecisions = (): Schemas['landgrabDecisionsSchema']['shape'] =>
  schemas().landgrabDecisionsSchema.shape;
export type StopRuleDecision = z.infer<Schemas['stopRuleDecisionSchema']>;
type LandgrabDecisions = z.infer<Schemas['landgrabDecisionsSchema']>;

declare module '../../model/report.js' {
  // A report's decisions hold LandGrab's too (the interface is merged: the engine names no system).
  interface Decisions extends LandgrabDecisions {}
}
