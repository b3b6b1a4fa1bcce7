/**
 * The one report shape. `report.json`, `run --json` and `odds --json` all print these
 * objects (documented by schema/report.schema.json); the terminal, CSV, charts and the
 * report page read them. Everything is plain JSON: no Maps, no typed arrays, and no
 * object whose keys are user text (names of players, nations or labels are values).
 */
import type { KernelName } from './contract.js';

/** A table cell or a value in a row of a table. */
export type Cell = string | number | boolean | null;

export interface Metric {
  /** Stable name (a CSV column): system-defined ASCII, never user text. */
  key: string;
  label: string;
  kind: 'probability' | 'mean' | 'quantile' | 'value';
  /** Monte Carlo estimate; for an exact answer, the exact value. */
  estimate: number;
  /** 95% interval: Wilson for probabilities, normal for means. Absent when exact. */
  ci95?: [number, number];
  /** The exact value, when the system solved the battle exactly. */
  exact?: number;
}

export interface Distribution {
  key: string;
  /** What the distribution is of, e.g. "Attacker armies left". */
  label: string;
  /** Axis title for the values, with units. */
  xLabel: string;
  /** Which side it belongs to, for colouring charts (e.g. "attacker", or a player's name). */
  series: string;
  /** When the distribution is conditional, the condition, e.g. "given a conquest". */
  given?: string;
  values: number[];
  /** Monte Carlo counts (all 0 for an exact answer). */
  counts: number[];
  /** Estimated (or, when not sampled, exact) probability of each value. */
  probabilities: number[];
  exact?: number[];
}

/** An extra table of a battle, written as CSV and shown on the report page. */
export interface Table {
  /** File-name part, ASCII, unique within the battle. */
  name: string;
  title: string;
  columns: string[];
  rows: Cell[][];
}

// ---------------------------------------------------------------------------------------
// Chart requests: systems and the engine ask for charts by kind, with data; one output
// module (src/output/charts/) turns them into Vega-Lite with one theme.

/** How values are written on axes, labels and tooltips. */
export type ValueFormat = 'percent' | 'points' | 'count' | 'number';

/** A discrete axis: its title and its values in display order. */
export interface ChartAxis {
  title: string;
  values: Array<string | number>;
  /** For a yes/no axis shown as facets: "fortress" / "no fortress". */
  yesNo?: boolean;
}

interface ChartBase {
  /** File-name part, ASCII, unique within its battle (or sweep). */
  name: string;
  title: string;
  subtitle?: string[];
}

/** Bars with their 95% intervals (and exact ticks), one per category: "P(capture) by fort level". */
export interface IntervalsChart extends ChartBase {
  kind: 'intervals';
  categoryTitle: string;
  valueTitle: string;
  format: ValueFormat;
  /** Fixed value range, e.g. [0, 1] for probabilities. */
  domain?: [number, number];
  rows: Array<{ category: string; value: number; low?: number; high?: number; exact?: number }>;
}

/** Probability of each value, as bars per series (Monte Carlo) with exact ticks; one panel per x title. */
export interface DistributionChart extends ChartBase {
  kind: 'distribution';
  exactOnly: boolean;
  panels: Array<{
    xTitle: string;
    series: Array<{ label: string; side: string; values: number[]; probabilities: number[]; exact?: number[] }>;
  }>;
}

/** A grid of cells coloured by a value: sweeps, matchup tables. */
export interface HeatmapChart extends ChartBase {
  kind: 'heatmap';
  x: ChartAxis;
  y: ChartAxis;
  /** Facets: a third axis into columns, a fourth into rows. */
  column?: ChartAxis;
  row?: ChartAxis;
  colour:
    | { scale: 'probability'; title: string }
    | { scale: 'diverging'; title: string; format: ValueFormat; extent: number }
    | { scale: 'categories'; title: string; categories: Array<{ value: string; colour?: string }> };
  cells: Array<{
    x: string | number;
    y: string | number;
    column?: string | number;
    row?: string | number;
    /** A number for probability and diverging scales, a category for categories. */
    value: number | string;
    /** Text written in the cell (small grids only). */
    text?: string;
    /** Drawn pale: e.g. a difference whose interval includes 0. */
    faded?: boolean;
  }>;
}

/** Lines over a discrete x axis, one per series, with optional interval bars. */
export interface LinesChart extends ChartBase {
  kind: 'lines';
  x: ChartAxis;
  y: { title: string; format: ValueFormat; domain?: [number, number] };
  /** Small multiples side by side. */
  column?: ChartAxis;
  series: string[];
  points: Array<{
    x: string | number;
    series: string;
    y: number;
    low?: number;
    high?: number;
    column?: string | number;
  }>;
  /** A dashed line at y = 0 (differences). */
  zeroLine?: boolean;
}

export type ChartRequest = IntervalsChart | DistributionChart | HeatmapChart | LinesChart;

// ---------------------------------------------------------------------------------------

export interface PrecisionOutcome {
  target: number;
  halfWidth: number;
  met: boolean;
}

/** One battle's answer. `metrics[0]` is always the headline (its key is `headline`). */
export interface BattleReport {
  label: string;
  /** File-name stem of this battle's files: unique within its run, valid on every file system. */
  file: string;
  system: string;
  type: string;
  /** The validated battle entry (defaults filled in): exactly what was fought. */
  entry: unknown;
  method: 'exact' | 'monte-carlo';
  /** The key of the headline metric, the first of `metrics`. */
  headline: string;
  /** The answer in plain words, first line first (may be empty). */
  verdict: string[];
  /** What a reader must know before trusting the numbers (no exact column, precision missed ...). */
  notes: string[];
  seed: string | number;
  trials: number;
  kernel: KernelName | null;
  partial: boolean;
  elapsedMs: number;
  /** With `--precision`: the target, the 95% half-width reached, and whether it was met. */
  precision?: PrecisionOutcome;
  /** Set when exact values were asked for but this battle cannot be solved exactly. */
  exactUnavailable?: string;
  metrics: Metric[];
  distributions: Distribution[];
  tables: Table[];
  charts: ChartRequest[];
}

export interface SweepAxisReport {
  /** The dotted field the axis sets (or a name for a multi-field axis). */
  name: string;
  title: string;
  values: Array<number | string | boolean>;
}

export interface SweepDifference {
  label: string;
  baseline: string;
  difference: number;
  /** Paired interval (common random numbers). */
  ci95?: [number, number];
  /** What two independent runs would have given. */
  unpairedCi95?: [number, number];
  exact?: number;
}

export interface SweepCellReport {
  /** This cell's value on each axis, in the axes' order. */
  at: Array<number | string | boolean>;
  method: 'exact' | 'monte-carlo';
  trials: number;
  /** One per variant, the baseline first: every metric but quantiles, the headline first. */
  variants: Array<{ label: string; metrics: Metric[] }>;
  differences: SweepDifference[];
}

/** "Smallest value of the first axis where the headline reaches p", per other axes and variant. */
export interface ThresholdRow {
  variant: string;
  /** Values of the other axes, in order (axes 2..n). */
  at: Array<number | string | boolean>;
  target: number;
  /** The first axis value reaching the target, or null when none in the range does. */
  value: number | string | boolean | null;
  /** The headline there (exact when known, else the estimate). */
  probability: number | null;
}

export interface SweepReport {
  axes: SweepAxisReport[];
  variants: string[];
  headline: { key: string; label: string };
  cells: SweepCellReport[];
  thresholds: ThresholdRow[];
  partial: boolean;
  elapsedMs: number;
}

/** Everything one run of a scenario (or one `odds` question) produced. */
export interface ScenarioReport {
  /** Shape version of this document. */
  format: 'battle-odds-report/1';
  scenario: string;
  description?: string;
  /** Scenario file, or null for a question asked on the command line or through the API. */
  file: string | null;
  system: string;
  seed: string | number;
  version: string;
  startedAt: string;
  elapsedMs: number;
  threads: number;
  partial: boolean;
  battles: BattleReport[];
  sweep?: SweepReport;
}
