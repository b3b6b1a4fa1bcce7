/**
 * The plan of a turn as the report's decision (`decisions.plan`): the schema the registry publishes
 * (schema/report.schema.json) and the verdict quotes by name. Territory and player names are values,
 * never keys (the report's rule): the placement is a list of { territory, armies }.
 */
import { z } from 'zod';
import { lazy } from '../../../model/lazy.js';

/** The schemas, built on first use (building them loads zod: a quick answer does without). */
const schemas = lazy(() => {
  const placedSchema = z.object({ territory: z.string(), armies: z.number().describe('Armies added there') });
  const attackSchema = z.object({ from: z.string(), to: z.string() });

  const stepSchema = z.object({
    kind: z.enum(['attack', 'moveIn', 'stop']),
    text: z.string().describe('The step in words: "attack G from C", "move 5 in", "stop"'),
    from: z.string().nullable().describe('An attack: its likeliest attacking territory'),
    to: z.string().nullable().describe('An attack: the territory attacked'),
    armies: z.number().nullable().describe('A move-in: the likeliest number of armies moved in'),
    leader: z.boolean().nullable().describe('A move-in: whether the leader goes in with them'),
    pReach: z.number().describe('P(the play reaches this step: every earlier step of the line happened)'),
    pConquer: z.number().nullable().describe('An attack: P(it takes the territory | the step is reached)'),
    pBreakOff: z
      .number()
      .nullable()
      .describe('An attack: P(the plan stops there without taking it | the step is reached)'),
    moveShare: z.number().nullable().describe('A move-in: P(this move | a conquest at the step before)'),
    value: z.number().describe('The optimal expected objective from here, over the turns reaching the step'),
  });

  const baselineSchema = z.object({
    name: z.enum(['greedy', 'greedyOnOptimalPlacement', 'bestSingleAttack', 'allOnOne']),
    label: z.string().describe('The simpler plan in words'),
    value: z.number().describe('Its exact expected objective'),
    gain: z.number().describe("The plan's value minus this one's, in the objective's terms (never below 0)"),
    placement: z.array(placedSchema),
    attack: attackSchema.nullable().describe('bestSingleAttack: the attack fought'),
  });

  const turnPlanDecision = z
    .object({
      objective: z.string().describe('As asked: continent:NAME, capitol:PLAYER, territories, reinforcements, value'),
      target: z.string().nullable().describe('The continent or player of a probability objective'),
      territoryWorth: z.number().nullable().describe('With objective value: what one territory held is worth'),
      kind: z
        .enum(['probability', 'expectation'])
        .describe("'probability': value is P(objective); 'expectation': an expected count or worth"),
      planner: z
        .enum(['exact', 'sampled'])
        .describe("'exact': the optimal plan over every placement and play; 'sampled': past the state budget"),
      proved: z.boolean().describe('The plan is proved the best (exact); false for the sampled planner'),
      value: z.number().describe("The plan's expected objective: exact (the optimum), or the sampled plan's estimate"),
      interval: z.tuple([z.number(), z.number()]).nullable().describe('The sampled estimate: its 95% interval'),
      placement: z.array(placedSchema).describe('Where the reinforcements go, most first'),
      reinforcements: z.number(),
      firstAttack: attackSchema.nullable().describe('The first attack of the plan (null: do not attack)'),
      states: z.number().describe('States the exact planner stored (sampled: how many when it stopped)'),
      maxStates: z.number().describe("The exact planner's budget of states"),
      placements: z.number().describe('Placements valued exactly (those that differ in effect)'),
      mainLine: z.array(stepSchema).describe('The likeliest course of the plan, step by step (exact planner)'),
      baselines: z.array(baselineSchema).describe('Simpler plans valued exactly (exact planner)'),
      topPlacements: z
        .array(z.object({ placement: z.array(placedSchema), value: z.number() }))
        .describe('The best placements with their optimal values, best first (exact planner)'),
      lowerBound: z
        .object({
          value: z.number(),
          kind: z
            .enum(['rollout', 'singleAttack', 'stop'])
            .describe("'rollout': the sampled plan valued exactly; 'singleAttack': one attack; 'stop': no attack"),
          placement: z.array(placedSchema),
          attack: attackSchema.nullable().describe("With 'singleAttack': the attack fought to the end"),
        })
        .nullable()
        .describe('Sampled planner: the best exact lower bound on the best plan found'),
    })
    .describe('LandGrab: the plan of a whole turn (placement, attacks, move-ins, when to stop) for an objective');
  return { turnPlanDecision, stepSchema, placedSchema };
});
type Schemas = ReturnType<typeof schemas>;

/** `decisions.plan`'s schema (LandGrab's decisions.ts publishes it). */
export const turnPlanDecisionSchema = (): Schemas['turnPlanDecision'] => schemas().turnPlanDecision;
export type TurnPlanDecision = z.infer<Schemas['turnPlanDecision']>;
export type PlannedStep = z.infer<Schemas['stepSchema']>;
export type Placed = z.infer<Schemas['placedSchema']>;
