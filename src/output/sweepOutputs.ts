/**
 * A sweep's CSV and charts: the headline probability per cell and variant (heatmap over
 * the first two axes, faceted by the third into columns and the fourth into rows), and for
 * each variant its difference from the baseline (a diverging heatmap centred on zero whose
 * faded cells are differences the paired interval does not settle). A one-axis sweep
 * becomes line charts with interval bars instead. Where every cell was solved exactly
 * the charts show the exact values.
 */
import type { SweepResult } from '../engine/runSweep.js';
import { roundSignificant } from './format.js';
import { CHART_CONFIG, OKABE_ITO } from './theme.js';
import { slug } from '../engine/slug.js';
import type { VegaLiteSpec } from './charts.js';

type Cell = string | number | boolean | null;

export function sweepRows(sweep: SweepResult): Record<string, Cell>[] {
  return sweep.cells.map((c) => {
    const row: Record<string, Cell> = { ...c.at, method: c.method, trials: c.trials };
    for (const v of c.variants) {
      const k = slug(v.label).replace(/-/g, '_');
      row[`${k}_p`] = v.headline.estimate;
      row[`${k}_ci_low`] = v.headline.ci95?.[0] ?? null;
      row[`${k}_ci_high`] = v.headline.ci95?.[1] ?? null;
      row[`${k}_exact`] = v.headline.exact ?? null;
    }
    for (const d of c.differences) {
      const k = `${slug(d.label)}_minus_${slug(d.baseline)}`.replace(/-/g, '_');
      row[k] = d.difference;
      row[`${k}_ci_low`] = d.ci95?.[0] ?? null;
      row[`${k}_ci_high`] = d.ci95?.[1] ?? null;
      row[`${k}_unpaired_ci_low`] = d.unpairedCi95?.[0] ?? null;
      row[`${k}_unpaired_ci_high`] = d.unpairedCi95?.[1] ?? null;
      row[`${k}_exact`] = d.exact ?? null;
    }
    return row;
  });
}

function axisType(values: Array<number | string | boolean>): 'ordinal' | 'nominal' {
  return values.every((v) => typeof v === 'number') ? 'ordinal' : 'nominal';
}

/** True when every cell of every variant has an exact headline: charts then show those. */
function allExact(sweep: SweepResult): boolean {
  return (
    sweep.cells.length > 0 &&
    sweep.cells.every((c) => c.variants.every((v) => v.headline.exact !== undefined || c.method === 'exact'))
  );
}

/** How the sweep's numbers were obtained, in a few words (chart subtitles, the report page). */
export function sweepMethodNote(sweep: SweepResult): string {
  const sampled = sweep.cells.some((c) => c.method === 'monte-carlo');
  const trials = sweep.cells.find((c) => c.method === 'monte-carlo')?.trials ?? 0;
  const mc = `${trials.toLocaleString('en-US')} trials per cell${sweep.variants.length > 1 ? ', variants on common random numbers' : ''}`;
  const partial = sweep.partial ? ' (PARTIAL)' : '';
  if (!sampled) return `exact values${partial}`;
  if (allExact(sweep)) return `exact values; sweep.csv also has the Monte Carlo estimates (${mc})${partial}`;
  return `Monte Carlo, ${mc}${partial}`;
}

/** The value a chart shows for a headline: exact when known, else the estimate. */
function shown(m: { estimate: number; exact?: number }): number {
  return m.exact ?? m.estimate;
}

/** Percent text for a heatmap cell that never rounds a non-certain value to 0% or 100%. */
const PERCENT_TEXT =
  "datum.p > 0 && datum.p < 0.005 ? '<1%' : datum.p < 1 && datum.p > 0.995 ? '>99%' : format(datum.p, '.0%')";
/** Percentage points with one decimal: a difference of probabilities is not a percent change. */
const POINTS_TEXT = "datum.delta === 0 ? '0' : format(datum.delta * 100, '+.1f')";

/** Charts of a sweep, by file-name stem. */
export function sweepCharts(scenario: string, sweep: SweepResult): Array<[string, VegaLiteSpec]> {
  const titleOf = (name: string) => sweep.titles?.[name] ?? name;
  const charts: Array<[string, VegaLiteSpec]> = [];
  const [x, y, ...facets] = sweep.axes;
  const exactShown = allExact(sweep);
  const values = sweep.cells.flatMap((c) =>
    c.variants.map((v) => ({
      ...stringKeys(c.at),
      variant: v.label,
      p: roundSignificant(shown(v.headline), 5),
      low: !exactShown && v.headline.ci95 ? roundSignificant(v.headline.ci95[0], 5) : null,
      high: !exactShown && v.headline.ci95 ? roundSignificant(v.headline.ci95[1], 5) : null,
    })),
  );
  const deltasOf = (variant: string) =>
    sweep.cells.map((c) => {
      const d = c.differences.find((x) => x.label === variant);
      const ci = !exactShown && d?.ci95 ? d.ci95 : null;
      return {
        ...stringKeys(c.at),
        delta: roundSignificant(d ? (exactShown ? (d.exact ?? d.difference) : d.difference) : NaN, 5),
        low: ci ? roundSignificant(ci[0], 4) : null,
        high: ci ? roundSignificant(ci[1], 4) : null,
        // A Monte Carlo difference whose paired interval includes 0 is not established.
        settled: ci ? ci[0] > 0 || ci[1] < 0 : true,
      };
    });
  const label = sweep.headlineLabel;
  const subtitle = `${scenario}: ${sweepMethodNote(sweep)}`;
  const baseline = sweep.variants[0];
  if (!y) {
    charts.push([
      'sweep',
      lineChart(
        values,
        x,
        'p',
        `${label} by ${titleOf(x.name)}`,
        `${label} (probability)`,
        '.0%',
        subtitle,
        sweep.variants,
        titleOf,
      ),
    ]);
    for (const [k, variant] of sweep.variants.slice(1).entries()) {
      const deltas = deltasOf(variant).map((d) => ({ ...d, variant }));
      const note = exactShown
        ? 'difference in percentage points'
        : 'difference in percentage points, with paired 95% intervals';
      charts.push([
        `delta-${slug(variant)}`,
        lineChart(
          deltas,
          x,
          'delta',
          `${label}: ${variant} minus ${baseline}`,
          'difference (percentage points)',
          '+.0%',
          [subtitle, note],
          [variant],
          titleOf,
          [OKABE_ITO[k + 1]],
        ),
      ]);
    }
    return charts;
  }
  const small = x.values.length * y.values.length <= 160;
  for (const variant of sweep.variants) {
    const spec = heatmap(
      values.filter((v) => v.variant === variant),
      x,
      y,
      facets,
      {
        field: 'p',
        title: 'probability',
        scale: { scheme: 'viridis', domain: [0, 1] },
        legendLabel: "format(datum.value, '.0%')",
        text: PERCENT_TEXT,
      },
      { text: `${label}${sweep.variants.length > 1 ? ` (${variant})` : ''}`, subtitle },
      small,
      titleOf,
    );
    charts.push([sweep.variants.length > 1 ? `sweep-${slug(variant)}` : 'sweep', spec]);
  }
  for (const variant of sweep.variants.slice(1)) {
    const deltas = deltasOf(variant);
    const extent = Math.max(0.01, ...deltas.map((d) => Math.abs(d.delta)).filter(Number.isFinite));
    const faded = deltas.some((d) => !d.settled);
    const spec = heatmap(
      deltas,
      x,
      y,
      facets,
      {
        field: 'delta',
        title: ['difference', '(percentage', 'points)'],
        scale: { scheme: 'blueorange', domain: [-extent, extent], domainMid: 0 },
        legendLabel: "format(datum.value * 100, '+.0f')",
        text: POINTS_TEXT,
        fadeUnsettled: faded,
      },
      {
        text: `${label}: ${variant} minus ${baseline}`,
        subtitle: [
          subtitle,
          `difference in percentage points (orange: higher with ${variant}; blue: lower)${faded ? '; faded cells: the paired 95% interval includes 0' : ''}`,
        ],
      },
      small,
      titleOf,
    );
    charts.push([`delta-${slug(variant)}`, spec]);
  }
  return charts;
}

type AxisLike = { name: string; values: Array<number | string | boolean> };

/** One axis: a line per series with its 95% interval bars (when sampled). */
function lineChart(
  values: Array<Record<string, unknown>>,
  x: AxisLike,
  field: string,
  text: string,
  yTitle: string,
  format: string,
  subtitle: string | string[],
  series: string[],
  titleOf: (axis: string) => string,
  colours = OKABE_ITO.slice(0, series.length),
): VegaLiteSpec {
  const xEnc = {
    field: key(x.name),
    type: axisType(x.values),
    title: titleOf(x.name),
    sort: sortOrder(x.values),
    axis: { labelAngle: 0 },
  };
  const colour = { field: 'variant', type: 'nominal', title: 'variant', scale: { domain: series, range: colours } };
  const yEnc = {
    field,
    type: 'quantitative',
    title: yTitle,
    axis: {
      format: format === '+.0%' ? undefined : format,
      labelExpr: format === '+.0%' ? "format(datum.value * 100, '+.0f')" : undefined,
    },
  };
  const layers: VegaLiteSpec[] = [
    { mark: { type: 'line', point: true }, encoding: { x: xEnc, y: yEnc, color: colour } },
  ];
  if (values.some((v) => v.low !== null && v.low !== undefined)) {
    layers.push({
      mark: { type: 'rule', strokeWidth: 2 },
      encoding: { x: xEnc, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color: colour },
    });
  }
  if (field === 'delta')
    layers.push({ mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { y: { datum: 0 } } });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text, subtitle },
    width: Math.max(320, x.values.length * 60),
    height: 240,
    data: { values },
    config: CHART_CONFIG,
    layer: layers,
  };
}

function heatmap(
  values: Array<Record<string, unknown>>,
  x: AxisLike,
  y: AxisLike,
  facets: AxisLike[],
  colour: {
    field: string;
    title: string | string[];
    scale: Record<string, unknown>;
    legendLabel: string;
    text: string;
    fadeUnsettled?: boolean;
  },
  title: { text: string; subtitle: string | string[] },
  withText: boolean,
  titleOf: (axis: string) => string,
): VegaLiteSpec {
  // Few columns get cells wide enough for their labels and a percentage.
  const cell = Math.max(12, Math.min(x.values.length <= 12 ? 72 : 40, Math.floor(640 / x.values.length)));
  const encoding = {
    x: {
      field: key(x.name),
      type: axisType(x.values),
      title: titleOf(x.name),
      sort: sortOrder(x.values),
      axis: { labelAngle: 0, labelOverlap: 'parity' },
    },
    y: {
      field: key(y.name),
      type: axisType(y.values),
      title: titleOf(y.name),
      sort: sortOrder([...y.values].reverse()),
    },
  };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'rect' },
      encoding: {
        ...encoding,
        color: {
          field: colour.field,
          type: 'quantitative',
          title: colour.title,
          scale: colour.scale,
          legend: { labelExpr: colour.legendLabel },
        },
        ...(colour.fadeUnsettled ? { opacity: { condition: { test: 'datum.settled', value: 1 }, value: 0.3 } } : {}),
        tooltip: [
          { field: key(x.name), title: titleOf(x.name) },
          { field: key(y.name), title: titleOf(y.name) },
          { field: colour.field, format: colour.field === 'p' ? '.2%' : '+.2%' },
          ...(colour.field === 'delta'
            ? [
                { field: 'low', title: '95% low', format: '+.2%' },
                { field: 'high', title: '95% high', format: '+.2%' },
              ]
            : []),
        ],
      },
    },
  ];
  if (withText) {
    // White text on the dark end of each scale, black elsewhere.
    const dark =
      colour.field === 'p'
        ? 'datum.p < 0.45'
        : `abs(datum.delta) > ${0.55 * Number((colour.scale.domain as number[])[1])}`;
    layers.push({
      transform: [{ calculate: colour.text, as: 'label' }],
      mark: { type: 'text', fontSize: 10 },
      encoding: {
        ...encoding,
        text: { field: 'label' },
        color: {
          condition: { test: colour.fadeUnsettled ? `${dark} && datum.settled` : dark, value: 'white' },
          value: 'black',
        },
      },
    });
  }
  const inner = { width: cell * x.values.length, height: cell * y.values.length, layer: layers };
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    data: { values },
    config: CHART_CONFIG,
  };
  if (facets.length === 0) return { ...base, ...inner };
  // A third axis facets into columns, a fourth into rows.
  const [column, row] = facets;
  const facet: Record<string, unknown> = { column: facetChannel(column, titleOf) };
  if (row) facet.row = facetChannel(row, titleOf);
  return { ...base, facet, spec: inner };
}

/** A facet header that reads "fortress" / "no fortress" for a yes/no axis, "title: value" otherwise. */
function facetChannel(axis: AxisLike, titleOf: (axis: string) => string): Record<string, unknown> {
  const title = titleOf(axis.name).replace(/'/g, '');
  const yesNo = axis.values.every((v) => typeof v === 'boolean');
  const labelExpr = yesNo ? `datum.value === 'true' ? '${title}' : 'no ${title}'` : `'${title}: ' + datum.value`;
  return {
    field: key(axis.name),
    type: 'nominal',
    title: null,
    header: { labelExpr, labelFontSize: 12, title: null },
    sort: sortOrder(axis.values),
  };
}

/** Axis names may be dotted paths ("fort.level"); Vega reads dots as nesting, so flatten. */
function key(name: string): string {
  return name.replace(/\./g, '_');
}

function stringKeys(at: Record<string, number | string | boolean>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(at)) out[key(k)] = typeof v === 'boolean' ? String(v) : v;
  return out;
}

function sortOrder(values: Array<number | string | boolean>): Array<number | string> {
  return values.map((v) => (typeof v === 'boolean' ? String(v) : v));
}
