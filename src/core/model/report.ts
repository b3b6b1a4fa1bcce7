/**
 * The one report shape. `report.json`, `run --json` (a list of these) and `odds --json` all
 * print ScenarioReport objects; the terminal, CSV files, charts and the report page read
 * them. Defined once, as zod schemas: the TypeScript types are inferred from them and
 * `battle-odds schema --report` publishes them as JSON Schema (schema/report.schema.json).
 * Everything is plain JSON: no Maps, no typed arrays, and no object whose keys are user
 * text (names of players, nations or labels are values, never keys).
 */
import { z } from 'zod';

const interval = z.tuple([z.number(), z.number()]).describe('95% interval [low, high]');
const axisValue = z.union([z.number(), z.string(), z.boolean()]);

export const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A table cell. */
export type Cell = z.infer<typeof cellSchema>;

export const metricSchema = z.object({
  key: z.string().describe('Stable name (a CSV column): system-defined ASCII, never user text'),
  label: z.string(),
  kind: z.enum(['probability', 'mean', 'quantile', 'value']),
  estimate: z.number().describe('Monte Carlo estimate; for an exact answer, the exact value'),
  ci95: interval.optional().describe('Wilson for probabilities, normal for means; absent when exact'),
  exact: z.number().optional().describe('The exact value, when the system solved the battle exactly'),
});
export type Metric = z.infer<typeof metricSchema>;

export const distributionSchema = z.object({
  key: z.string(),
  label: z
    .string()
    .describe('What it is a distribution of, condition included: "Attacker armies left, given a conquest"'),
  xLabel: z.string().describe('Axis title for the values, with units'),
  series: z.string().describe('Side or player it belongs to, for chart colours'),
  given: z.string().optional().describe('The condition of a conditional distribution, e.g. "given a conquest"'),
  values: z.array(z.number()),
  counts: z.array(z.number()).describe('Monte Carlo counts (all 0 for an exact answer)'),
  probabilities: z.array(z.number()).describe('Estimated (or, when not sampled, exact) probability of each value'),
  exact: z.array(z.number()).optional(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const tableSchema = z.object({
  name: z.string().describe('File-name part, ASCII, unique within the battle'),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(cellSchema)),
});
/** An extra table of a battle, written as CSV and shown on the report page. */
export type Table = z.infer<typeof tableSchema>;

// ---------------------------------------------------------------------------------------
// Chart requests: systems and the engine ask for charts by kind, with data; one output
// module (src/output/charts/) turns them into Vega-Lite with one theme.

export const valueFormatSchema = z.enum(['percent', 'points', 'count', 'number']);
/** How values are written on axes, labels and tooltips. */
export type ValueFormat = z.infer<typeof valueFormatSchema>;

export const chartAxisSchema = z.object({
  title: z.string(),
  values: z.array(z.union([z.string(), z.number()])).describe('In display order'),
  yesNo: z.boolean().optional().describe('A yes/no axis shown as facets: "fortress" / "no fortress"'),
});
/** A discrete axis: its title and its values in display order. */
export type ChartAxis = z.infer<typeof chartAxisSchema>;

const chartBase = {
  name: z.string().describe('File-name part, ASCII, unique within its battle (or sweep)'),
  title: z.string(),
  subtitle: z.array(z.string()).optional(),
};
const point = z.union([z.string(), z.number()]);

export const intervalsChartSchema = z
  .object({
    kind: z.literal('intervals'),
    ...chartBase,
    categoryTitle: z.string(),
    valueTitle: z.string(),
    format: valueFormatSchema,
    domain: z.tuple([z.number(), z.number()]).optional(),
    rows: z.array(
      z.object({
        category: z.string(),
        value: z.number(),
        low: z.number().optional(),
        high: z.number().optional(),
        exact: z.number().optional(),
      }),
    ),
  })
  .describe('Bars with their 95% intervals (and exact ticks), one per category');
export type IntervalsChart = z.infer<typeof intervalsChartSchema>;

export const distributionChartSchema = z
  .object({
    kind: z.literal('distribution'),
    ...chartBase,
    exactOnly: z.boolean(),
    panels: z.array(
      z.object({
        xTitle: z.string(),
        series: z.array(
          z.object({
            label: z.string(),
            side: z.string(),
            values: z.array(z.number()),
            probabilities: z.array(z.number()),
            exact: z.array(z.number()).optional(),
          }),
        ),
      }),
    ),
  })
  .describe('Probability of each value as bars per series, with exact ticks; one panel per x title');
export type DistributionChart = z.infer<typeof distributionChartSchema>;

export const heatmapChartSchema = z
  .object({
    kind: z.literal('heatmap'),
    ...chartBase,
    x: chartAxisSchema,
    y: chartAxisSchema,
    column: chartAxisSchema.optional().describe('Facets: a third axis into columns'),
    row: chartAxisSchema.optional().describe('Facets: a fourth axis into rows'),
    colour: z.discriminatedUnion('scale', [
      z.object({ scale: z.literal('probability'), title: z.string() }),
      z.object({ scale: z.literal('diverging'), title: z.string(), format: valueFormatSchema, extent: z.number() }),
      z.object({
        scale: z.literal('categories'),
        title: z.string(),
        categories: z.array(z.object({ value: z.string(), colour: z.string().optional() })),
      }),
    ]),
    contours: z
      .array(z.number())
      .optional()
      .describe('Probability scale: the levels drawn as lines along the cell edges (default 50% and 80%)'),
    cells: z.array(
      z.object({
        x: point,
        y: point,
        column: point.optional(),
        row: point.optional(),
        value: z.union([z.number(), z.string()]).describe('A number for probability and diverging scales, a category'),
        text: z.string().optional().describe('Text written in the cell (small grids only)'),
        faded: z.boolean().optional().describe('Drawn pale: e.g. a difference whose interval includes 0'),
      }),
    ),
  })
  .describe('A grid of cells coloured by a value: sweeps, matchup tables');
export type HeatmapChart = z.infer<typeof heatmapChartSchema>;

export const linesChartSchema = z
  .object({
    kind: z.literal('lines'),
    ...chartBase,
    x: chartAxisSchema,
    y: z.object({ title: z.string(), format: valueFormatSchema, domain: z.tuple([z.number(), z.number()]).optional() }),
    column: chartAxisSchema.optional().describe('Small multiples side by side'),
    series: z.array(z.string()),
    points: z.array(
      z.object({
        x: point,
        series: z.string(),
        y: z.number(),
        low: z.number().optional(),
        high: z.number().optional(),
        column: point.optional(),
      }),
    ),
    zeroLine: z.boolean().optional().describe('A dashed line at y = 0 (differences)'),
    guide: z
      .object({ y: z.number(), label: z.string() })
      .optional()
      .describe('A dashed reference line across the chart, e.g. a target probability'),
  })
  .describe('Lines over a discrete x axis, one per series, with optional interval bars');
export type LinesChart = z.infer<typeof linesChartSchema>;

export const chartRequestSchema = z.discriminatedUnion('kind', [
  intervalsChartSchema,
  distributionChartSchema,
  heatmapChartSchema,
  linesChartSchema,
]);
export type ChartRequest = z.infer<typeof chartRequestSchema>;

// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------
// Decisions: the answers to the player's questions beyond the odds, as named values (the
// verdict's sentences quote them by name; the page and the library read them directly).

const recommendationSchema = z
  .object({
    word: z.enum(['Attack', 'A gamble', 'Hold back']).describe('The first word of the verdict'),
    basis: z
      .enum(['chance', 'objective'])
      .describe(
        "'chance': read from the headline probability (Attack from 60%, A gamble from 40%); " +
          "'objective': the advice's objective decides (attack exactly when its best rule attacks)",
      ),
    chance: z.number().describe('The probability it was read from (or stands beside)'),
    of: z.string().describe('The key of the metric that probability is'),
  })
  .describe('The recommendation the verdict opens with');

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

export const stopRuleDecisionSchema = z
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
  })
  .describe('LandGrab: when to stop attacking, for the objective asked');

const allocationSchema = z.object({
  name: z.string().optional(),
  allocation: z.array(z.number()).describe('Armies by territory, first attacked first'),
  pHeld: z.number().describe('P(the defender keeps at least one territory)'),
});

// Advanced Civilization: a conflict with known counts step by step, and the tokens a target needs.

const conflictFightSchema = z.object({
  removals: z.number().describe('Tokens removed in this fight'),
  after: z.array(z.number()).describe("Every nation's tokens when it ended, in the order of the entry's nations"),
});

const levelPartSchema = z.object({
  source: z.enum(['Metalworking', 'Military', 'Mathematics', 'fort']),
  bonus: z.number().describe('Levels it adds (the fort: +0, +1 or +2 by Engineering)'),
});

export const conflictDecisionSchema = z
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
        replacement: z.number().describe("The owner's tokens that replace an attacked city (6; 5 or 7 by Engineering)"),
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

export const tokensNeededDecisionSchema = z
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

// Princes & Queens: how the Battle values are made up, and from how far an attack still works.

export const battleValuesDecisionSchema = z
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
        base: z.number().nullable().describe('A Prince: 5 - distance (not below 0 with princeFloor "zero"), undoubled'),
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

export const reachDecisionSchema = z
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
// Kings & Things: the value of a battle under optimal play, its first loss decisions, and the
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

export const ktOptimalPlaySchema = z
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

export const ktAddedCreatureSchema = z
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

const solvedPointSchema = z.object({
  value: z.number().describe("The field's value"),
  probability: z.number().describe('The headline there: exact, or the estimate'),
  ci95: interval.optional().describe('Its 95% interval, when sampled'),
});

export const solvedForDecisionSchema = z
  .object({
    field: z.string().describe('The entry field solved for (a dotted path: `fortressBonus`, `nations.0.tokens`)'),
    asked: z.string().describe('The name it was asked by (the path, or a flag name)'),
    target: z.number(),
    metric: z.string().describe('The key of the headline metric solved for'),
    metricLabel: z.string(),
    direction: z
      .enum(['increasing', 'decreasing', 'flat'])
      .describe('How the headline moves as the field grows (checked over every value evaluated)'),
    answer: z
      .enum(['found', 'unreachable'])
      .describe(
        "'found': `value` is the smallest value reaching the target (increasing), the largest (decreasing); " +
          "'unreachable': no value in the range does, `best` is the closest",
      ),
    value: solvedPointSchema.nullable().describe('The answer (null: unreachable)'),
    neighbour: solvedPointSchema
      .nullable()
      .describe('The value just past the answer, which misses the target (null: the answer is an end of the range)'),
    best: solvedPointSchema.describe('The value with the highest headline (the answer itself when found)'),
    from: z.number().describe('The smallest value the field takes here (its schema, given the rest of the battle)'),
    to: z.number().describe('The largest'),
    cut: z.boolean().describe('The range was cut 5000 from the starting value (the schema allows more)'),
    everyValue: z.boolean().describe('Every value of the range was evaluated (else a scan, bisection and window)'),
    sampled: z.boolean().describe('Some values were answered by Monte Carlo (their intervals given)'),
    evaluated: z.number().describe('Values evaluated'),
    window: z.array(solvedPointSchema).describe('The curve around the answer (or the best value), every value'),
    curve: z.array(solvedPointSchema).describe('Every value evaluated, in order'),
  })
  .describe('A battle solved for one of its numeric fields: where the headline reaches the target');
export type SolvedForDecision = z.infer<typeof solvedForDecisionSchema>;

export const decisionsSchema = z
  .object({
    recommendation: recommendationSchema.optional(),
    target: z.number().optional().describe('The target probability the player asked about (default 80% in advice)'),
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
    conflict: conflictDecisionSchema.optional(),
    tokensNeeded: tokensNeededDecisionSchema.optional(),
    battleValues: battleValuesDecisionSchema.optional(),
    reach: reachDecisionSchema.optional(),
    optimalPlay: ktOptimalPlaySchema.optional(),
    addedCreature: ktAddedCreatureSchema.optional(),
    solvedFor: solvedForDecisionSchema.optional(),
  })
  .describe("The answers to the player's questions beyond the odds, by name (absent: not asked, or not offered here)");
export type Decisions = z.infer<typeof decisionsSchema>;
export type StopRuleDecision = z.infer<typeof stopRuleDecisionSchema>;
export type ConflictDecision = z.infer<typeof conflictDecisionSchema>;
export type TokensNeededDecision = z.infer<typeof tokensNeededDecisionSchema>;
export type BattleValuesDecision = z.infer<typeof battleValuesDecisionSchema>;
export type ReachDecision = z.infer<typeof reachDecisionSchema>;
export type KtOptimalPlay = z.infer<typeof ktOptimalPlaySchema>;
export type KtFirstLoss = z.infer<typeof ktFirstLossSchema>;
export type KtAddedCreature = z.infer<typeof ktAddedCreatureSchema>;

export const quoteSchema = z.object({
  ref: z
    .string()
    .describe(
      'The named value: metric.<key> (its shown value; .low/.high its interval), decisions.<path>, entry.<path>, ' +
        'tables.<name>.rows.<i>.<j> or const.<name>',
    ),
  format: z.string().describe('How it is written (src/core/words/sentence.ts QuoteFormat)'),
  sampled: z.boolean().optional(),
  text: z.string().describe('The text written in the line'),
});

export const precisionSchema = z.object({ target: z.number(), halfWidth: z.number(), met: z.boolean() });
export type PrecisionOutcome = z.infer<typeof precisionSchema>;

export const battleReportSchema = z
  .object({
    label: z.string(),
    file: z.string().describe("File-name stem of this battle's files: unique within its run"),
    system: z.string(),
    type: z.string(),
    entry: z.unknown().describe('The validated battle entry (defaults filled in): exactly what was fought'),
    method: z.enum(['exact', 'monte-carlo']),
    headline: z.string().describe('The key of the headline metric, always the first of `metrics`'),
    verdict: z.array(z.string()).describe('The answer in plain words, first line first (may be empty)'),
    verdictQuotes: z
      .array(z.array(quoteSchema))
      .describe("For each verdict line, the named values its numbers write, in the line's order"),
    decisions: decisionsSchema.optional(),
    notes: z.array(z.string()).describe('What a reader must know before trusting the numbers'),
    seed: z.union([z.string(), z.number()]),
    trials: z.number(),
    kernel: z.enum(['fast', 'faithful']).nullable(),
    partial: z.boolean(),
    elapsedMs: z.number(),
    precision: precisionSchema.optional().describe('With --precision: target, half-width reached, whether met'),
    exactUnavailable: z
      .string()
      .optional()
      .describe('Why there is no exact value for this battle, when one was sought'),
    metrics: z.array(metricSchema),
    distributions: z.array(distributionSchema),
    tables: z.array(tableSchema),
    charts: z.array(chartRequestSchema),
  })
  .describe("One battle's answer");
export type BattleReport = z.infer<typeof battleReportSchema>;

export const sweepAxisReportSchema = z.object({
  name: z.string().describe('The dotted field the axis sets (or a name for a multi-field axis)'),
  title: z.string(),
  values: z.array(axisValue),
});
export type SweepAxisReport = z.infer<typeof sweepAxisReportSchema>;

export const sweepDifferenceSchema = z.object({
  label: z.string(),
  baseline: z.string(),
  difference: z.number(),
  ci95: interval.optional().describe('Paired interval (common random numbers)'),
  unpairedCi95: interval.optional().describe('What two independent runs would have given'),
  exact: z.number().optional(),
});
export type SweepDifference = z.infer<typeof sweepDifferenceSchema>;

export const sweepCellReportSchema = z.object({
  at: z.array(axisValue).describe("This cell's value on each axis, in the axes' order"),
  method: z.enum(['exact', 'monte-carlo']),
  trials: z.number(),
  variants: z
    .array(z.object({ label: z.string(), metrics: z.array(metricSchema) }))
    .describe(
      'One per variant, the baseline first: every metric but quantiles, the headline first ' +
        '(in report.json and `run --json`, the headline only: every metric is in the file named by `detail`)',
    ),
  differences: z.array(sweepDifferenceSchema),
});
export type SweepCellReport = z.infer<typeof sweepCellReportSchema>;

export const thresholdRowSchema = z
  .object({
    metric: z.string().describe('The probability metric tested (the headline unless the sweep names another)'),
    variant: z.string(),
    at: z.array(axisValue).describe('Values of the other axes, in order (axes 2..n)'),
    target: z.number(),
    value: axisValue.nullable().describe('The first axis value reaching the target, or null when none does'),
    probability: z.number().nullable().describe('The probability there (exact when known, else the estimate)'),
    ci95: interval.optional(),
  })
  .describe('Smallest value of the first axis where a probability reaches the target');
export type ThresholdRow = z.infer<typeof thresholdRowSchema>;

export const solvedCellSchema = z.object({
  at: z.array(axisValue).describe("The cell's value on each axis"),
  variant: z.string(),
  answer: z
    .enum(['found', 'unreachable', 'not-monotone'])
    .describe("As a battle's solvedFor; 'not-monotone': the headline turns along the field in this cell"),
  direction: z.enum(['increasing', 'decreasing', 'flat']),
  value: z.number().nullable().describe('The value found (null: none)'),
  probability: z.number().nullable().describe('The headline there (the closest value when unreachable)'),
  ci95: interval.optional(),
  best: z.number().nullable().describe('With unreachable: the value closest to the target'),
});
export type SolvedCell = z.infer<typeof solvedCellSchema>;

export const sweepReportSchema = z.object({
  axes: z.array(sweepAxisReportSchema),
  variants: z.array(z.string()),
  headline: z.object({ key: z.string(), label: z.string() }),
  outcomes: z
    .object({ label: z.string(), keys: z.array(z.string()), labels: z.array(z.string()) })
    .optional()
    .describe(
      "The battles' outcome categories (probability metrics of which exactly one happens), when declared; " +
        'a category no cell reports (impossible throughout the sweep) is left out',
    ),
  cellText: z.array(z.string()).optional().describe('Metric keys the sweep asks to write in the cells of its charts'),
  cellTextSigned: z.boolean().optional().describe('Write those numbers with their sign (margins)'),
  detail: z
    .string()
    .optional()
    .describe(
      "report.json: the file beside it with every metric of every cell (its cells hold each variant's headline)",
    ),
  cells: z.array(sweepCellReportSchema),
  thresholds: z.array(thresholdRowSchema),
  solved: z
    .object({ field: z.string(), target: z.number(), metric: z.string(), cells: z.array(solvedCellSchema) })
    .optional()
    .describe("With the sweep's solveFor: each cell and variant solved for the field"),
  partial: z.boolean(),
  elapsedMs: z.number(),
});
export type SweepReport = z.infer<typeof sweepReportSchema>;

export const scenarioReportSchema = z
  .object({
    format: z.literal('battle-odds-report/1').describe('Shape version of this document'),
    scenario: z.string(),
    description: z.string().optional(),
    file: z.string().nullable().describe('Scenario file, or null for a question asked on the command line or the API'),
    system: z.string(),
    seed: z.union([z.string(), z.number()]),
    version: z.string(),
    startedAt: z.string(),
    elapsedMs: z.number(),
    threads: z.number(),
    partial: z.boolean(),
    battles: z.array(battleReportSchema),
    sweep: sweepReportSchema.optional(),
  })
  .describe('Everything one run of a scenario (or one question) produced');
export type ScenarioReport = z.infer<typeof scenarioReportSchema>;
