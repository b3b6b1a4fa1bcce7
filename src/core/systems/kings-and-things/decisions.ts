/**
 * Kings & Things' decisions: the value of a battle under optimal play, its first loss decisions, and
 * the weakest creature to add for a target. Published in the report's schema by the registry; the
 * verdict quotes them by name.
 */
import { z } from 'zod';
import { lazy } from '../../model/lazy.js';

/** The schemas, built on first use (building them loads zod: a quick answer does without). */
const schemas = lazy(() => {
  // weakest creature to add for a target.

  const ktLossOptionSchema = z.object({
    givesUp: z.string().describe('The counters given up, in words: "Goblins", "2x Goblins", "1 hit on the Keep"'),
    takes: z
      .array(
        z.object({
          names: z.array(z.string()).describe('The counters (one of them, when several are alike)'),
          hits: z.number().describe('Creatures killed, or hits the building absorbs'),
          building: z.boolean(),
        }),
      )
      .describe('The same loss as data, one part per kind of counter'),
    pCapture: z.number().describe('P(capture) after this choice, both sides playing well from there'),
  });

  const ktFirstLossSchema = z
    .object({
      side: z.enum(['attacker', 'defender']),
      step: z.enum(['magic', 'ranged', 'melee']).describe('The first step of the battle in which this side can be hit'),
      likeliestOtherHits: z
        .number()
        .describe('The hits the other side most likely takes in the same step (the choices assume it)'),
      afterEarlierFire: z
        .boolean()
        .describe('Some counter fires in an earlier step: the decision assumes nothing was lost there'),
      choices: z
        .array(
          z.object({
            hits: z.number().describe('Hits this side takes in the step'),
            otherHits: z.number().describe('Hits the other side takes in the same step'),
            likeliest: z
              .boolean()
              .describe('otherHits is the likeliest count (else listed because the best choice differs for it)'),
            options: z.array(ktLossOptionSchema).describe('Best first (three for the likeliest count, else the best)'),
          }),
        )
        .describe('Only hit counts where the side has a choice'),
    })
    .describe("One side's loss decisions in its first step under fire, both sides at full strength");

  const ktOptimalPlaySchema = z
    .object({
      refusal: z
        .string()
        .nullable()
        .describe("Why there is no optimal-play value, in a player's words (null: solved, the values below given)"),
      optimal: z.number().nullable().describe('P(capture) with both sides choosing losses and retreats well'),
      fixedPolicy: z
        .number()
        .nullable()
        .describe("P(capture) with the battle's fixed loss orders and retreats: the headline as the report shows it"),
      fixedPolicySampled: z
        .boolean()
        .describe('fixedPolicy is a Monte Carlo estimate (the report was sampled), so 0 or 1 is never certain'),
      attackerAlone: z
        .number()
        .nullable()
        .describe(
          "P(capture) when only the attacker plays well, the defender keeping the battle's loss order and retreats",
        ),
      firstLosses: z
        .array(ktFirstLossSchema)
        .describe('The attacker first, then the defender (a side with no choice: absent)'),
    })
    .describe('Kings & Things: the battle solved as a zero-sum game (losses and retreats chosen by both sides)');

  const ktCreatureKindSchema = z.object({
    value: z.number().describe('Combat value'),
    step: z.enum(['melee', 'ranged', 'magic']),
    dice: z.number().describe('Dice rolled each step: 2 for a charging creature'),
    strength: z.number().describe('value x dice: the first key of the order'),
    names: z.array(z.string()).describe('Roster creatures of this kind, the most copies in the cup first'),
    pCapture: z.number().describe('P(capture) with one creature of this kind added (exact)'),
  });

  const ktAddedCreatureSchema = z
    .object({
      target: z.number(),
      answer: z
        .enum(['found', 'none', 'enough', 'full', 'unsolved', 'not-offered'])
        .describe(
          "'found': the weakest kind reaching the target is `chosen`; 'none': no kind tried reaches it (`best` is " +
            "the closest); 'enough': the stack reaches it already; 'full': the stack already fills the hex; " +
            "'unsolved': the exact solver refuses the battle itself; 'not-offered': not a two-sided battle",
        ),
      reason: z.string().nullable().describe("With 'unsolved' and 'not-offered': why, in a player's words"),
      base: z.number().nullable().describe('P(capture) of the stack as it is, exact (null: not solved)'),
      creatures: z.number().nullable().describe('Creatures and characters in the attacking stack'),
      order: z.string().describe('What "weakest" means: the order in which kinds are tried'),
      chosen: ktCreatureKindSchema.nullable(),
      best: ktCreatureKindSchema.nullable().describe('The kind tried with the highest P(capture)'),
      tried: z.array(ktCreatureKindSchema).describe('Every kind tried, weakest first'),
      kinds: z.number().describe('Kinds of creature in the roster (creatures that fight alike are one kind)'),
      cut: z.boolean().describe('The work budget ran out before every kind was tried (every kind weaker was tried)'),
      work: z
        .number()
        .describe("Work spent on the kinds, in the exact solver's units (one state's hit pair in one step)"),
      workBudget: z.number().describe('The most work the search may spend (a count of work, never of time)'),
    })
    .describe('Kings & Things: the weakest creature from the roster whose addition reaches the target');

  const kingsAndThingsDecisionsSchema = z.object({
    optimalPlay: ktOptimalPlaySchema.optional(),
    addedCreature: ktAddedCreatureSchema.optional(),
  });
  return { kingsAndThingsDecisionsSchema, ktOptimalPlaySchema, ktFirstLossSchema, ktAddedCreatureSchema };
});
type Schemas = ReturnType<typeof schemas>;

/** The decisions its answers may hold, by name (RuleSystem.decisions). */
export const kingsAndThingsDecisions = (): Schemas['kingsAndThingsDecisionsSchema']['shape'] =>
  schemas().kingsAndThingsDecisionsSchema.shape;
export type KtOptimalPlay = z.infer<Schemas['ktOptimalPlaySchema']>;
export type KtFirstLoss = z.infer<Schemas['ktFirstLossSchema']>;
export type KtAddedCreature = z.infer<Schemas['ktAddedCreatureSchema']>;
type KingsAndThingsDecisions = z.infer<Schemas['kingsAndThingsDecisionsSchema']>;

declare module '../../model/report.js' {
  // A report's decisions hold this system's too (the interface is merged: the engine names no system).
  interface Decisions extends KingsAndThingsDecisions {}
}
