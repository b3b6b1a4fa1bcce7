/**
 * The one report shape. `report.json`, `run --json` (a list of these) and `odds --json` all
 * print ScenarioReport objects; the terminal, CSV files, charts and the report page read
 * them. Defined once, as zod schemas: the TypeScript types are inferred from them. Names no
 * system: each system's decisions are its own (its decisions.ts), and the registry composes them
 * into the schema `battle-odds schema --report` publishes (schema/report.schema.json).
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
    levels: z
      .array(z.number())
      .optional()
      .describe(
        "Probability levels drawn across as lines, labelled at their right end, styled as a heatmap's contours " +
          "(50%, the break-even, dashed; the others solid, dotted, long dashes): a sweep's thresholds",
      ),
  })
  .describe('Lines over a discrete x axis, one per series, with optional interval bars');
export type LinesChart = z.infer<typeof linesChartSchema>;

export const tornadoChartSchema = z
  .object({
    kind: z.literal('tornado'),
    ...chartBase,
    valueTitle: z.string(),
    format: valueFormatSchema,
    /** The value every bar starts from (the battle as given). */
    base: z.number(),
    rows: z
      .array(
        z.object({
          category: z.string().describe('The knob'),
          down: z.number().nullable().describe('The value one step down (null: the knob takes none)'),
          up: z.number().nullable().describe('The value one step up'),
          downLabel: z.string().optional().describe("The knob's value one step down, in its own words"),
          upLabel: z.string().optional(),
        }),
      )
      .describe('Largest swing first'),
  })
  .describe('A tornado: for each knob, bars from the base value to its value one step down and one step up');
export type TornadoChart = z.infer<typeof tornadoChartSchema>;

export const chartRequestSchema = z.discriminatedUnion('kind', [
  intervalsChartSchema,
  distributionChartSchema,
  heatmapChartSchema,
  linesChartSchema,
  tornadoChartSchema,
]);
export type ChartRequest = z.infer<typeof chartRequestSchema>;

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

const solvedPointSchema = z.object({
  value: z.number().describe("The field's value"),
  word: z
    .string()
    .optional()
    .describe("The value in the knob's own words, where they are not the number (fort 3: castle)"),
  probability: z.number().describe('The headline there: exact, or the estimate'),
  ci95: interval.optional().describe('Its 95% interval, when sampled'),
});
export type SolvedPoint = z.infer<typeof solvedPointSchema>;

const edgeSchema = z
  .enum(['from', 'to'])
  .nullable()
  .describe(
    'The answer (or, unreachable, the best value) is an end of the range searched (`from` or `to`): the target holds ' +
      '(or is missed) up to the edge, and values beyond it are not in the range (null: inside the range)',
  );

export const solvedForDecisionSchema = z
  .object({
    field: z.string().describe('The entry field solved for (a dotted path: `fortressBonus`, `nations.0.tokens`)'),
    asked: z.string().describe('The name it was asked by (the path, or a flag name)'),
    written: z
      .boolean()
      .describe(
        "The validated entry holds the field (defaults filled in); false: left out, the rules' own value stands " +
          "(a creature's hits)",
      ),
    target: z.number(),
    metric: z.string().describe('The key of the headline metric solved for'),
    metricLabel: z.string(),
    direction: z
      .enum(['increasing', 'decreasing', 'flat'])
      .describe(
        'How the headline moves as the field grows (checked over every value evaluated; from its ends if it turns)',
      ),
    turns: z
      .boolean()
      .describe('The headline does not move one way along the field (answered only when no value reaches the target)'),
    answer: z
      .enum(['found', 'unreachable'])
      .describe(
        "'found': `value` is the smallest value reaching the target (increasing), the largest (decreasing); " +
          "'unreachable': no value in the range does, `best` is the closest (decided before whether the curve turns)",
      ),
    value: solvedPointSchema.nullable().describe('The answer (null: unreachable)'),
    neighbour: solvedPointSchema
      .nullable()
      .describe('The value just past the answer, which misses the target (null: the answer is an end of the range)'),
    best: solvedPointSchema.describe('The value with the highest headline (the answer itself when found)'),
    edge: edgeSchema,
    from: z.number().describe('The smallest value searched (what the field takes here, or the range asked)'),
    to: z.number().describe('The largest'),
    rangeAsked: z.boolean().describe('The range was asked for (`--solve-range`, `range`), within what the field takes'),
    cut: z.boolean().describe('The range was cut 5000 from the starting value (the schema allows more)'),
    everyValue: z.boolean().describe('Every value of the range was evaluated (else a scan, bisection and window)'),
    sampled: z.boolean().describe('Some values were answered by Monte Carlo (their intervals given)'),
    evaluated: z.number().describe('Values evaluated'),
    window: z.array(solvedPointSchema).describe('The curve around the answer (or the best value), every value'),
    curve: z.array(solvedPointSchema).describe('Every value evaluated, in order'),
  })
  .describe('A battle solved for one of its numeric fields: where the headline reaches the target');
export type SolvedForDecision = z.infer<typeof solvedForDecisionSchema>;

const sensitivityStepSchema = z
  .object({
    value: z.number().describe("The knob's value one step away"),
    word: z.string().optional().describe("That value in the knob's own words (a fort level: keep)"),
    probability: z.number().describe('The headline there: exact, or the estimate'),
    ci95: interval.optional(),
  })
  .nullable();

export const sensitivityDecisionSchema = z
  .object({
    metric: z.string().describe('The key of the headline'),
    metricLabel: z.string(),
    base: z.number().describe('The headline of the battle as given'),
    sampled: z.boolean().describe('Some values were answered by Monte Carlo on the same seed and trials'),
    knobs: z
      .array(
        z.object({
          field: z.string(),
          value: z.number().describe("The knob's value as given"),
          word: z.string().optional(),
          down: sensitivityStepSchema.describe('One step down (null: the battle takes no smaller value)'),
          up: sensitivityStepSchema.describe('One step up'),
          swing: z.number().describe('The largest change of the headline either way (its size)'),
        }),
      )
      .describe('Every numeric knob of the battle, the largest swing first'),
  })
  .describe("The headline's sensitivity to each numeric knob of the battle, one step down and up");
export type SensitivityDecision = z.infer<typeof sensitivityDecisionSchema>;

export const decisionsSchema = z
  .object({
    recommendation: recommendationSchema.optional(),
    target: z.number().optional().describe('The target probability the player asked about (default 80% in advice)'),
    solvedFor: solvedForDecisionSchema.optional(),
    sensitivity: sensitivityDecisionSchema.optional(),
  })
  .describe("The answers to the player's questions beyond the odds, by name (absent: not asked, or not offered here)");
/**
 * The answers beyond the odds, by name: the ones every system shares here, and each system's own
 * (its decisions.ts merges them into this interface, and RuleSystem.decisions publishes their schema).
 */
export interface Decisions extends z.infer<typeof decisionsSchema> {}

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
    .describe(
      "As a battle's solvedFor; 'not-monotone': the headline turns along the field in this cell and some value " +
        "reaches the target, so no single value answers it (a turning curve that nowhere reaches it is 'unreachable')",
    ),
  direction: z.enum(['increasing', 'decreasing', 'flat']),
  turns: z.boolean().describe('The headline does not move one way along the field in this cell'),
  value: z.number().nullable().describe('The value found (null: none)'),
  word: z.string().optional().describe("The value found (else the best) in the knob's own words, where they differ"),
  probability: z.number().nullable().describe('The headline there (the best value when none is found)'),
  ci95: interval.optional(),
  best: z.number().nullable().describe('With unreachable or not-monotone: the value with the highest headline'),
  edge: edgeSchema,
  curve: z.array(solvedPointSchema).describe('Every value evaluated in this cell, in order: the whole curve'),
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
  notes: z.array(z.string()).optional().describe('What a reader must know before trusting the numbers'),
  partial: z.boolean(),
  elapsedMs: z.number(),
});
export type SweepReport = z.infer<typeof sweepReportSchema>;

/**
 * The schemas of a battle's report and of a scenario's around a schema of the decisions: the
 * registry (src/core/registry/report.ts) gives every system's, and publishes what this returns.
 */
export function reportSchemas<D extends z.ZodType>(decisions: D) {
  const battle = z
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
      decisions: decisions.optional(),
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
  const scenario = z
    .object({
      format: z.literal('battle-odds-report/1').describe('Shape version of this document'),
      scenario: z.string(),
      description: z.string().optional(),
      file: z
        .string()
        .nullable()
        .describe('Scenario file, or null for a question asked on the command line or the API'),
      system: z.string(),
      seed: z.union([z.string(), z.number()]),
      version: z.string(),
      startedAt: z.string(),
      elapsedMs: z.number(),
      threads: z.number(),
      fleet: z.boolean().optional().describe('Ran on a worker fleet: threads is then the chunks it kept in flight'),
      partial: z.boolean(),
      battles: z.array(battle),
      sweep: sweepReportSchema.optional(),
    })
    .describe('Everything one run of a scenario (or one question) produced');
  return { battle, scenario };
}

/** The shape of the report with the decisions every system shares (each system's own: the registry's). */
const shared = reportSchemas(decisionsSchema);
/** One battle's answer; its decisions typed with every system's (the Decisions interface). */
export type BattleReport = Omit<z.infer<typeof shared.battle>, 'decisions'> & { decisions?: Decisions };
/** Everything one run of a scenario (or one question) produced. */
export type ScenarioReport = Omit<z.infer<typeof shared.scenario>, 'battles'> & { battles: BattleReport[] };
