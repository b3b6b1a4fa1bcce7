/**
 * A sweep's CSV and charts: the headline probability per cell and variant (heatmap over
 * the first two axes, faceted by the third), and for each variant its difference from the
 * baseline with the paired interval (a diverging heatmap centred on zero). A one-axis
 * sweep becomes a line chart with interval bars instead.
 */
import type { SweepResult } from '../engine/runSweep.js';
import { roundSignificant } from './format.js';
import { CHART_CONFIG, OKABE_ITO } from './theme.js';
import { slug } from './format.js';
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

function methodNote(sweep: SweepResult): string {
  const exact = sweep.cells.every((c) => c.method === 'exact');
  if (exact) return 'exact values';
  const trials = sweep.cells[0]?.trials ?? 0;
  return `Monte Carlo, ${trials.toLocaleString('en-US')} trials per cell${sweep.variants.length > 1 ? ', variants on common random numbers' : ''}${sweep.partial ? ' (PARTIAL)' : ''}`;
}

/** Charts of a sweep, by file-name stem. */
export function sweepCharts(scenario: string, sweep: SweepResult): Array<[string, VegaLiteSpec]> {
  const titleOf = (name: string) => sweep.titles?.[name] ?? name;
  const charts: Array<[string, VegaLiteSpec]> = [];
  const [x, y, facet] = sweep.axes;
  const values = sweep.cells.flatMap((c) =>
    c.variants.map((v) => ({
      ...stringKeys(c.at),
      variant: v.label,
      p: roundSignificant(v.headline.estimate, 5),
      low: v.headline.ci95 ? roundSignificant(v.headline.ci95[0], 5) : null,
      high: v.headline.ci95 ? roundSignificant(v.headline.ci95[1], 5) : null,
    })),
  );
  const label = sweep.headlineLabel;
  const subtitle = `${scenario}: ${methodNote(sweep)}`;
  if (!y) {
    // One axis: a line per variant with 95% interval bars.
    const xEnc = { field: key(x.name), type: axisType(x.values), title: titleOf(x.name), sort: sortOrder(x.values), axis: { labelAngle: 0 } };
    const colour = { field: 'variant', type: 'nominal', title: 'variant', scale: { domain: sweep.variants, range: OKABE_ITO.slice(0, sweep.variants.length) } };
    charts.push([
      'sweep',
      {
        $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
        title: { text: `${label} by ${x.name}`, subtitle },
        width: Math.max(320, x.values.length * 60),
        height: 240,
        data: { values },
        config: CHART_CONFIG,
        layer: [
          { mark: { type: 'line', point: true }, encoding: { x: xEnc, y: { field: 'p', type: 'quantitative', title: `${label} (probability)`, axis: { format: '.0%' } }, color: colour } },
          { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: xEnc, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color: colour } },
        ],
      },
    ]);
    return charts;
  }
  const small = x.values.length * y.values.length <= 160;
  for (const variant of sweep.variants) {
    const spec = heatmap(
      values.filter((v) => v.variant === variant),
      x,
      y,
      facet,
      { field: 'p', title: 'probability', scale: { scheme: 'viridis', domain: [0, 1] }, format: '.0%' },
      { text: `${label}${sweep.variants.length > 1 ? ` (${variant})` : ''}`, subtitle },
      small,
      titleOf,
    );
    charts.push([sweep.variants.length > 1 ? `sweep-${slug(variant)}` : 'sweep', spec]);
  }
  const baseline = sweep.variants[0];
  for (const variant of sweep.variants.slice(1)) {
    const deltas = sweep.cells.map((c) => {
      const d = c.differences.find((x) => x.label === variant);
      return { ...stringKeys(c.at), delta: roundSignificant(d?.difference ?? NaN, 5), low: d?.ci95 ? roundSignificant(d.ci95[0], 4) : null, high: d?.ci95 ? roundSignificant(d.ci95[1], 4) : null };
    });
    const extent = Math.max(0.01, ...deltas.map((d) => Math.abs(d.delta)).filter(Number.isFinite));
    const spec = heatmap(
      deltas,
      x,
      y,
      facet,
      { field: 'delta', title: 'difference', scale: { scheme: 'blueorange', domain: [-extent, extent], domainMid: 0 }, format: '+.0%' },
      { text: `${label}: ${variant} minus ${baseline}`, subtitle: [subtitle, 'difference in probability points; paired 95% intervals are in sweep.csv'] },
      small,
      titleOf,
    );
    charts.push([`delta-${slug(variant)}`, spec]);
  }
  return charts;
}

function heatmap(
  values: Array<Record<string, unknown>>,
  x: { name: string; values: Array<number | string | boolean> },
  y: { name: string; values: Array<number | string | boolean> },
  facet: { name: string; values: Array<number | string | boolean> } | undefined,
  colour: { field: string; title: string; scale: Record<string, unknown>; format: string },
  title: { text: string; subtitle: string | string[] },
  withText: boolean,
  titleOf: (axis: string) => string,
): VegaLiteSpec {
  // Few columns get cells wide enough for their labels and a percentage.
  const cell = Math.max(12, Math.min(x.values.length <= 12 ? 72 : 40, Math.floor(640 / x.values.length)));
  const encoding = {
    x: { field: key(x.name), type: axisType(x.values), title: titleOf(x.name), sort: sortOrder(x.values), axis: { labelAngle: 0, labelOverlap: 'parity' } },
    y: { field: key(y.name), type: axisType(y.values), title: titleOf(y.name), sort: sortOrder([...y.values].reverse()) },
  };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'rect' },
      encoding: {
        ...encoding,
        color: { field: colour.field, type: 'quantitative', title: colour.title, scale: colour.scale, legend: { format: colour.format } },
        tooltip: [{ field: key(x.name), title: x.name }, { field: key(y.name), title: y.name }, { field: colour.field, format: colour.format.replace('.0', '.2') }],
      },
    },
  ];
  if (withText) {
    // White text on the dark end of each scale, black elsewhere.
    const dark = colour.field === 'p' ? 'datum.p < 0.45' : `abs(datum.delta) > ${0.55 * Number((colour.scale.domain as number[])[1])}`;
    layers.push({
      mark: { type: 'text', fontSize: 10 },
      encoding: {
        ...encoding,
        text: { field: colour.field, format: colour.format === '+.0%' ? '+.1~%' : colour.format },
        color: { condition: { test: dark, value: 'white' }, value: 'black' },
      },
    });
  }
  const inner = { width: cell * x.values.length, height: cell * y.values.length, layer: layers };
  const base = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title, data: { values }, config: CHART_CONFIG };
  if (!facet) return { ...base, ...inner };
  const header = { labelExpr: `'${titleOf(facet.name).replace(/'/g, '')}: ' + datum.value`, labelFontSize: 12, title: null };
  return { ...base, facet: { column: { field: key(facet.name), type: 'nominal', title: null, header, sort: sortOrder(facet.values) } }, spec: inner };
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
