/**
 * The charts the engine itself asks for, as ChartRequests built from the report: a
 * battle's outcome distribution, and a sweep's charts (headline heatmaps per variant, a
 * difference heatmap per non-baseline variant, lines for a one-axis sweep, intervals for a
 * comparison of variants with no axis). Where every cell has an exact headline the charts
 * show exact values.
 */
import type {
  BattleReport,
  ChartAxis,
  ChartRequest,
  DistributionChart,
  HeatmapChart,
  IntervalsChart,
  LinesChart,
  Metric,
  SweepAxisReport,
  SweepCellReport,
  SweepReport,
} from '../../core/model/report.js';
import { slug } from '../../core/model/fileNames.js';
import { percentTarget, thousands } from '../../core/words/format.js';
import { percentCellText, pointsText, valueText } from './valueFormat.js';
import { NO_VALUE, orderedColours } from './theme.js';
import { contoursOf } from './heatmap.js';

const FADED_NOTE = '; faded cells: the paired 95% interval includes 0';
/** The levels a sweep without thresholds draws: the break-even and the advice's default target. */
const DEFAULT_LEVELS = [0.5, 0.8];

/** One panel per distinct x title; each distribution is a series; exact values when the report has them. */
export function distributionRequest(report: BattleReport): DistributionChart | null {
  const panels = new Map<string, DistributionChart['panels'][number]>();
  for (const d of report.distributions) {
    if (d.values.length === 0) continue;
    const panel = panels.get(d.xLabel) ?? { xTitle: d.xLabel, series: [] };
    panel.series.push({
      label: d.label,
      side: d.series,
      values: d.values,
      probabilities: d.probabilities,
      ...(d.exact ? { exact: d.exact } : {}),
    });
    panels.set(d.xLabel, panel);
  }
  if (panels.size === 0) return null;
  const exactOnly = report.method === 'exact';
  const how = exactOnly
    ? `${report.system} ${report.type}, exact`
    : `${report.system} ${report.type}, ${thousands(report.trials)} trials, seed ${report.seed}`;
  return {
    kind: 'distribution',
    name: 'distribution',
    title: `${report.label}: outcome distribution`,
    subtitle: [`${how}${report.partial ? ' (PARTIAL: interrupted)' : ''}`],
    exactOnly,
    panels: [...panels.values()],
  };
}

/** The headline of one variant of a cell. */
function headlineOf(sweep: SweepReport, variant: { metrics: Metric[] }): Metric {
  return variant.metrics.find((m) => m.key === sweep.headline.key) ?? variant.metrics[0];
}

/** True when every cell of every variant has an exact headline: charts then show those. */
function allExact(sweep: SweepReport): boolean {
  return (
    sweep.cells.length > 0 &&
    sweep.cells.every((c) => c.method === 'exact' || c.variants.every((v) => headlineOf(sweep, v).exact !== undefined))
  );
}

/** How the sweep's numbers were obtained, in a few words (chart subtitles, the report page). */
export function sweepMethodNote(sweep: SweepReport): string {
  const sampled = sweep.cells.find((c) => c.method === 'monte-carlo');
  const partial = sweep.partial ? ' (PARTIAL)' : '';
  if (!sampled) return `exact values${partial}`;
  const common = sweep.variants.length > 1 ? ', variants on common random numbers' : '';
  const mc = `${thousands(sampled.trials)} trials per cell${common}`;
  if (allExact(sweep)) return `exact values; the CSV also has the Monte Carlo estimates (${mc})${partial}`;
  return `Monte Carlo, ${mc}${partial}`;
}

/** An axis value as charts take it (a boolean becomes "true" / "false", read as yes/no). */
function chartValue(v: number | string | boolean): string | number {
  return typeof v === 'boolean' ? String(v) : v;
}

function chartAxis(axis: SweepAxisReport, reversed = false): ChartAxis {
  const values = axis.values.map(chartValue);
  return {
    title: axis.title,
    values: reversed ? values.reverse() : values,
    ...(axis.values.length > 0 && axis.values.every((v) => typeof v === 'boolean') ? { yesNo: true } : {}),
  };
}

/** The value shown for a headline: exact when charts show exact values, else the estimate. */
function shown(m: Metric, exact: boolean): number {
  return exact ? (m.exact ?? m.estimate) : m.estimate;
}

/** Charts of a sweep, each named by its file-name part. */
export function sweepRequests(scenario: string, sweep: SweepReport): ChartRequest[] {
  if (sweep.cells.length === 0 || sweep.variants.length === 0) return [];
  const context: SweepContext = {
    sweep,
    exact: allExact(sweep),
    label: sweep.headline.label,
    how: `${scenario}: ${sweepMethodNote(sweep)}`,
    probability: sweep.cells.every((c) => c.variants.every((v) => headlineOf(sweep, v).kind === 'probability')),
  };
  if (sweep.axes.length === 0) return sweep.variants.length > 1 ? [comparison(context)] : [];
  if (sweep.axes.length === 1)
    return [
      headlineLines(context),
      ...sweep.variants.slice(1).map((v) => deltaLines(context, v)),
      ...solvedCharts(context),
    ];
  // Every cell has one certain outcome (a deterministic system): colour by the outcome itself.
  const byOutcome = context.exact && certainOutcomes(sweep);
  return [
    ...sweep.variants.map((v) => (byOutcome ? outcomeHeatmap(context, v) : headlineHeatmap(context, v))),
    ...sweep.variants.slice(1).map((v) => deltaHeatmap(context, v)),
    ...solvedCharts(context),
  ];
}

/**
 * The sweep's solveFor: the value found in each cell, a line along one axis or a heatmap per variant.
 * The heatmaps share one ordered colour scale (every value found in any variant, smallest darkest) so
 * variants side by side read alike; a cell where no value reaches the target is `none`, one where the
 * chance turns along the knob is `turns` (each its own grey), and an answer at an edge of the range is
 * written `≥6` (the top: a larger value might reach it too) or `≤1` (the bottom).
 */
function solvedCharts(ctx: SweepContext): ChartRequest[] {
  const solved = ctx.sweep.solved;
  if (!solved || solved.cells.length === 0) return [];
  const several = ctx.sweep.variants.length > 1;
  const title = `${solved.field} at which ${ctx.label} is at least ${percentTarget(solved.target)}`;
  const rule = 'the largest value where the chance falls with it, the smallest where it rises';
  type Cell = (typeof solved.cells)[number];
  const word = (c: Cell) => c.word ?? String(c.value);
  const category = (c: Cell) => (c.value !== null ? word(c) : c.answer === 'unreachable' ? 'none' : 'turns');
  const text = (c: Cell) =>
    c.value === null ? category(c) : c.edge === 'to' ? `≥${word(c)}` : c.edge === 'from' ? `≤${word(c)}` : word(c);
  const edges = solved.cells.some((c) => c.value !== null && c.edge !== null);
  const edgeNote = edges
    ? ['≥ / ≤: at the top / bottom of the range searched (a value beyond it might reach it too)']
    : [];
  if (ctx.sweep.axes.length === 1) {
    const points = solved.cells.flatMap((c) =>
      c.value === null ? [] : [{ x: chartValue(c.at[0]), series: c.variant, y: c.value }],
    );
    return [
      {
        kind: 'lines',
        name: 'solved',
        title,
        subtitle: [ctx.how, rule, 'cells where no value reaches it (or the curve turns) are left out', ...edgeNote],
        x: chartAxis(ctx.sweep.axes[0]),
        y: { title: solved.field, format: 'count' },
        series: ctx.sweep.variants,
        points,
      },
    ];
  }
  // One scale for every variant: the values found anywhere, in order of value, then the two greys.
  const found = new Map<number, string>();
  for (const c of solved.cells) if (c.value !== null) found.set(c.value, word(c));
  const ordered = [...found].sort((a, b) => a[0] - b[0]);
  const colours = orderedColours(ordered.length);
  const categories = [
    ...ordered.map(([, w], i) => ({ value: w, colour: colours[i] })),
    ...(solved.cells.some((c) => c.answer === 'unreachable') ? [{ value: 'none', colour: NO_VALUE.none }] : []),
    ...(solved.cells.some((c) => c.answer === 'not-monotone') ? [{ value: 'turns', colour: NO_VALUE.turns }] : []),
  ];
  return ctx.sweep.variants.map((variant): HeatmapChart => {
    const cells = solved.cells
      .filter((c) => c.variant === variant)
      .map((c) => {
        const [x, y, column, row] = c.at.map(chartValue);
        return {
          x,
          y,
          ...(column !== undefined ? { column } : {}),
          ...(row !== undefined ? { row } : {}),
          value: category(c),
          text: text(c),
        };
      });
    return {
      kind: 'heatmap',
      name: several ? `solved-${slug(variant)}` : 'solved',
      title: several ? `${title} (${variant})` : title,
      subtitle: [
        ctx.how,
        rule,
        "'none': no value in its range reaches it; 'turns': the chance turns along it",
        ...edgeNote,
        ...(several ? ['one colour scale for every variant: a value has the same colour in each'] : []),
      ],
      ...heatmapAxes(ctx.sweep),
      colour: { scale: 'categories', title: solved.field, categories },
      cells,
    };
  });
}

/**
 * The one outcome category that happens in a cell's variant, when every outcome is certain (0 or 1).
 * A category the cell does not report (impossible there, e.g. a city standing where there is no
 * city) is skipped: when exactly one reported category is certain, the others cannot happen.
 */
function certainOutcome(sweep: SweepReport, variant: { metrics: Metric[] }): number {
  const keys = sweep.outcomes?.keys ?? [];
  const values = keys.map((k) => variant.metrics.find((m) => m.key === k));
  if (values.some((m) => m !== undefined && m.exact !== 0 && m.exact !== 1)) return -1;
  const happened = values.flatMap((m, i) => (m?.exact === 1 ? [i] : []));
  return happened.length === 1 ? happened[0] : -1;
}

function certainOutcomes(sweep: SweepReport): boolean {
  return (
    sweep.outcomes !== undefined && sweep.cells.every((c) => c.variants.every((v) => certainOutcome(sweep, v) >= 0))
  );
}

/** "P(attacker alone in the area)" -> "attacker alone in the area". */
function outcomeName(label: string): string {
  return label.replace(/^P\((.*)\)$/, '$1');
}

/** The metrics the sweep asks to write in its cells ("margin", or "left_0/left_1"), as text. */
function cellText(sweep: SweepReport, variant: { metrics: Metric[] }): string | undefined {
  if (!sweep.cellText || sweep.cellText.length === 0) return undefined;
  const parts = sweep.cellText.map((key) => {
    const m = variant.metrics.find((x) => x.key === key);
    if (!m) return '?';
    const v = m.exact ?? m.estimate;
    if (m.kind === 'probability') return percentCellText(v);
    const text = Number.isInteger(v) ? String(v) : v.toFixed(1);
    // A signed value (a margin) reads better with its sign.
    return sweep.cellTextSigned && v > 0 ? `+${text}` : text;
  });
  return parts.join('/');
}

function outcomeHeatmap(ctx: SweepContext, variant: string): HeatmapChart {
  const sweep = ctx.sweep;
  const outcomes = sweep.outcomes!;
  const several = sweep.variants.length > 1;
  // Every cell carries its numbers: the heatmap writes them where they fit (and says when they do not).
  const cells = sweep.cells.flatMap((c) => {
    const v = variantOf(c, variant);
    if (!v) return [];
    const text = cellText(sweep, v);
    const value = outcomeName(outcomes.labels[certainOutcome(sweep, v)]);
    return [{ ...cellPosition(c), value, ...(text !== undefined ? { text } : {}) }];
  });
  // Only the categories some cell has, in the layout's order.
  const present = outcomes.labels.map(outcomeName).filter((name) => cells.some((c) => c.value === name));
  const first = sweep.cells[0].variants[0].metrics;
  const textLabels = (sweep.cellText ?? []).map((key) => first.find((m) => m.key === key)?.label ?? key);
  const textNote = textLabels.length > 0 ? [`numbers: ${textLabels.join(' / ')}`] : [];
  return {
    kind: 'heatmap',
    name: several ? `headline-${slug(variant)}` : 'headline',
    title: several ? `${outcomes.label} (${variant})` : outcomes.label,
    subtitle: [ctx.how, ...textNote],
    ...heatmapAxes(sweep),
    colour: { scale: 'categories', title: outcomes.label, categories: present.map((value) => ({ value })) },
    cells,
  };
}

interface SweepContext {
  sweep: SweepReport;
  /** Charts show exact values. */
  exact: boolean;
  label: string;
  how: string;
  probability: boolean;
}

function variantOf(cell: SweepCellReport, variant: string) {
  return cell.variants.find((v) => v.label === variant);
}

/** No axis, several variants (e.g. fort levels): the headline of each variant with its interval. */
function comparison(ctx: SweepContext): IntervalsChart {
  const cell = ctx.sweep.cells[0];
  const rows = ctx.sweep.variants.flatMap((variant) => {
    const v = variantOf(cell, variant);
    if (!v) return [];
    const m = headlineOf(ctx.sweep, v);
    const interval = !ctx.exact && m.ci95 ? { low: m.ci95[0], high: m.ci95[1] } : {};
    const exactTick = !ctx.exact && m.exact !== undefined ? { exact: m.exact } : {};
    return [{ category: variant, value: shown(m, ctx.exact), ...interval, ...exactTick }];
  });
  return {
    kind: 'intervals',
    name: 'headline',
    title: `${ctx.label} by variant`,
    subtitle: [ctx.how],
    categoryTitle: 'variant',
    valueTitle: ctx.label,
    format: ctx.probability ? 'percent' : 'number',
    ...(ctx.probability ? { domain: [0, 1] as [number, number] } : {}),
    rows,
  };
}

function headlineLines(ctx: SweepContext): LinesChart {
  const [x] = ctx.sweep.axes;
  const points = ctx.sweep.cells.flatMap((c) =>
    c.variants.map((v) => {
      const m = headlineOf(ctx.sweep, v);
      const interval = !ctx.exact && m.ci95 ? { low: m.ci95[0], high: m.ci95[1] } : {};
      return { x: chartValue(c.at[0]), series: v.label, y: shown(m, ctx.exact), ...interval };
    }),
  );
  return {
    kind: 'lines',
    name: 'headline',
    title: `${ctx.label} by ${x.title}`,
    subtitle: [
      ctx.how,
      ...(ctx.exact ? [] : ['lines at the points: 95% intervals']),
      ...(ctx.probability ? [levelsNote(contourLevels(ctx.sweep))] : []),
    ],
    x: chartAxis(x),
    y: {
      title: ctx.probability ? `${ctx.label} (probability)` : ctx.label,
      format: ctx.probability ? 'percent' : 'number',
      ...(ctx.probability ? { domain: [0, 1] as [number, number] } : {}),
    },
    series: ctx.sweep.variants,
    points,
    // The levels its heatmaps would draw: the break-even and the sweep's thresholds.
    ...(ctx.probability ? { levels: contourLevels(ctx.sweep) } : {}),
  };
}

/** A difference from the baseline: exact when charts show exact values, with its paired interval otherwise. */
function differenceOf(ctx: SweepContext, cell: SweepCellReport, variant: string) {
  const d = cell.differences.find((x) => x.label === variant);
  if (!d) return null;
  const ci = !ctx.exact && d.ci95 ? d.ci95 : null;
  return {
    value: ctx.exact ? (d.exact ?? d.difference) : d.difference,
    ci,
    // A Monte Carlo difference whose paired interval includes 0 is not established.
    settled: ci ? ci[0] > 0 || ci[1] < 0 : true,
  };
}

function deltaLines(ctx: SweepContext, variant: string): LinesChart {
  const [x] = ctx.sweep.axes;
  const baseline = ctx.sweep.variants[0];
  const points = ctx.sweep.cells.flatMap((c) => {
    const d = differenceOf(ctx, c, variant);
    if (!d) return [];
    return [{ x: chartValue(c.at[0]), series: variant, y: d.value, ...(d.ci ? { low: d.ci[0], high: d.ci[1] } : {}) }];
  });
  return {
    kind: 'lines',
    name: `delta-${slug(variant)}`,
    title: `${ctx.label}: ${variant} minus ${baseline}`,
    subtitle: [
      ctx.how,
      ctx.exact ? 'difference in percentage points' : 'difference in percentage points, with paired 95% intervals',
    ],
    x: chartAxis(x),
    y: { title: 'difference (percentage points)', format: ctx.probability ? 'points' : 'number' },
    series: [variant],
    points,
    zeroLine: true,
  };
}

/** Heatmap axes: the first sweep axis across, the second up (largest value on top), facets from the rest. */
function heatmapAxes(sweep: SweepReport): Pick<HeatmapChart, 'x' | 'y' | 'column' | 'row'> {
  const [x, y, column, row] = sweep.axes;
  const numericY = y.values.every((v) => typeof v === 'number');
  return {
    x: chartAxis(x),
    y: chartAxis(y, numericY),
    ...(column ? { column: chartAxis(column) } : {}),
    ...(row ? { row: chartAxis(row) } : {}),
  };
}

function cellPosition(cell: SweepCellReport) {
  const [x, y, column, row] = cell.at.map(chartValue);
  return { x, y, ...(column !== undefined ? { column } : {}), ...(row !== undefined ? { row } : {}) };
}

function headlineHeatmap(ctx: SweepContext, variant: string): HeatmapChart {
  const several = ctx.sweep.variants.length > 1;
  const cells = ctx.sweep.cells.flatMap((c) => {
    const v = variantOf(c, variant);
    if (!v) return [];
    const value = shown(headlineOf(ctx.sweep, v), ctx.exact);
    return [{ ...cellPosition(c), value, text: percentCellText(value) }];
  });
  return {
    kind: 'heatmap',
    name: several ? `headline-${slug(variant)}` : 'headline',
    title: several ? `${ctx.label} (${variant})` : ctx.label,
    subtitle: [ctx.how],
    ...heatmapAxes(ctx.sweep),
    colour: { scale: 'probability', title: 'probability' },
    contours: contourLevels(ctx.sweep),
    cells,
  };
}

/** What the level lines of a lines chart are, in its subtitle: "dashed: 50% (break-even); solid: 80%". */
function levelsNote(levels: number[]): string {
  return contoursOf({ contours: levels })
    .map((c) => `${c.style}: ${c.label}${c.level === 0.5 ? ' (break-even)' : ''}`)
    .join('; ');
}

/** 50% (the break-even) and the sweep's thresholds on its headline; without thresholds, 50% and 80%. */
export function contourLevels(sweep: SweepReport): number[] {
  const targets = sweep.thresholds.filter((t) => t.metric === sweep.headline.key).map((t) => t.target);
  return [...new Set([0.5, ...(targets.length > 0 ? targets : DEFAULT_LEVELS)])].sort((a, b) => a - b);
}

function deltaHeatmap(ctx: SweepContext, variant: string): HeatmapChart {
  const baseline = ctx.sweep.variants[0];
  const cells = ctx.sweep.cells.flatMap((c) => {
    const d = differenceOf(ctx, c, variant);
    if (!d || !Number.isFinite(d.value)) return [];
    return [
      {
        ...cellPosition(c),
        value: d.value,
        text: ctx.probability ? pointsText(d.value) : valueText(d.value, 'number'),
        ...(d.settled ? {} : { faded: true }),
      },
    ];
  });
  const extent = Math.max(0.01, ...cells.map((c) => Math.abs(c.value)));
  const faded = cells.some((c) => c.faded);
  const unit = ctx.probability ? 'difference in percentage points' : 'difference';
  return {
    kind: 'heatmap',
    name: `delta-${slug(variant)}`,
    title: `${ctx.label}: ${variant} minus ${baseline}`,
    subtitle: [ctx.how, `${unit} (orange: higher with ${variant}; blue: lower)${faded ? FADED_NOTE : ''}`],
    ...heatmapAxes(ctx.sweep),
    colour: { scale: 'diverging', title: 'difference', format: ctx.probability ? 'points' : 'number', extent },
    cells,
  };
}
