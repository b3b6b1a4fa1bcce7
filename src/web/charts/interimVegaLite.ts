/**
 * INTERIM, until the chart module (src/output/charts/vegaLite.ts on the `charts` branch) is
 * merged: ChartRequest -> Vega-Lite for the kinds the page draws (distribution, heatmap),
 * in the report's theme (Okabe-Ito colours, attacker blue, defender vermillion, black
 * ticks for exact values). Other kinds give null and are not drawn.
 */
import type { ChartRequest, DistributionChart, HeatmapChart } from '../../engine/report.js';

export type VegaLiteSpec = Record<string, unknown>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
const SIDE: Record<string, string> = { attacker: '#0072B2', defender: '#D55E00' };
const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, labelColor: '#222222', titleColor: '#222222', gridColor: '#e6e6e6' },
  legend: { labelFontSize: 12, titleFontSize: 12, labelColor: '#222222' },
  title: { fontSize: 15, subtitleFontSize: 12, anchor: 'start', color: '#222222', subtitleColor: '#555555' },
};

export function toVegaLite(request: ChartRequest): VegaLiteSpec | null {
  const body =
    request.kind === 'distribution' ? distribution(request) : request.kind === 'heatmap' ? heatmap(request) : null;
  if (!body) return null;
  const subtitle = (request.subtitle ?? []).flatMap((line) => wrap(line));
  return {
    $schema: SCHEMA,
    title: { text: wrap(request.title), ...(subtitle.length ? { subtitle } : {}) },
    config: CONFIG,
    ...body,
  };
}

/** Lines of at most `width` characters, broken between words (titles must fit a phone). */
function wrap(text: string, width = 44): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function colours(sides: string[]): string[] {
  const spare = PALETTE.filter((c) => !sides.some((s) => SIDE[s] === c));
  let next = 0;
  return sides.map((s) => SIDE[s] ?? spare[next++ % spare.length]);
}

function distribution(request: DistributionChart): VegaLiteSpec {
  const panels = request.panels.map((panel) => {
    const labels = panel.series.map((s) => s.label);
    const ticks = !request.exactOnly && panel.series.some((s) => s.exact);
    const values = panel.series.flatMap((s, k) =>
      s.values.map((value, i) => ({
        value,
        series: s.label,
        order: k,
        p: request.exactOnly ? (s.exact?.[i] ?? s.probabilities[i]) : s.probabilities[i],
        exact: s.exact ? s.exact[i] : null,
      })),
    );
    const domain = [...new Set(panel.series.flatMap((s) => s.values))].sort((a, b) => a - b);
    const x = {
      field: 'value',
      type: 'ordinal',
      scale: { domain },
      title: panel.xTitle,
      axis: { labelAngle: 0, labelOverlap: 'parity', labelSeparation: 3 },
    };
    const y = {
      type: 'quantitative',
      title: request.exactOnly ? 'probability (exact)' : 'probability',
      axis: { format: '.0%', tickCount: 5 },
    };
    const layers: VegaLiteSpec[] = [
      {
        mark: { type: 'bar', opacity: 0.9 },
        encoding: {
          x,
          xOffset: { field: 'order', type: 'ordinal', sort: 'ascending' },
          y: { ...y, field: 'p', stack: null },
          color: {
            field: 'series',
            type: 'nominal',
            title: null,
            scale: { domain: labels, range: colours(panel.series.map((s) => s.side)) },
            legend: { orient: 'top', direction: 'vertical', labelLimit: 320 },
          },
          tooltip: [
            { field: 'series', title: 'series' },
            { field: 'value', title: panel.xTitle },
            { field: 'p', title: 'probability', format: '.2%' },
          ],
        },
      },
    ];
    if (ticks)
      layers.push({
        mark: { type: 'tick', color: '#000000', thickness: 2 },
        encoding: { x, xOffset: { field: 'order', type: 'ordinal', sort: 'ascending' }, y: { ...y, field: 'exact' } },
      });
    return { data: { values }, width: 'container', height: 180, layer: layers };
  });
  return panels.length === 1 ? { ...panels[0], autosize: { type: 'fit-x', contains: 'padding' } } : { vconcat: panels };
}

function heatmap(request: HeatmapChart): VegaLiteSpec {
  const xs = request.x.values.map(String);
  const ys = request.y.values.map(String);
  const values = request.cells.map((c) => ({ x: String(c.x), y: String(c.y), value: c.value, text: c.text ?? '' }));
  const x = {
    field: 'x',
    type: 'ordinal',
    scale: { domain: xs },
    title: request.x.title,
    axis: { labelAngle: 0, labelOverlap: 'parity', labelSeparation: 3 },
  };
  const y = { field: 'y', type: 'ordinal', scale: { domain: ys }, title: request.y.title };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'rect' },
      encoding: {
        x,
        y,
        color: {
          field: 'value',
          type: 'quantitative',
          title: request.colour.title,
          scale: { scheme: 'viridis', domain: [0, 1] },
          legend: { format: '.0%', orient: 'bottom', gradientLength: 200 },
        },
        tooltip: [
          { field: 'x', title: request.x.title },
          { field: 'y', title: request.y.title },
          { field: 'value', title: request.colour.title, format: '.2%' },
        ],
      },
    },
  ];
  if (values.some((v) => v.text !== ''))
    layers.push({
      mark: { type: 'text', fontSize: 10 },
      encoding: {
        x,
        y,
        text: { field: 'text' },
        color: { condition: { test: 'datum.value < 0.45', value: '#ffffff' }, value: '#000000' },
      },
    });
  return {
    data: { values },
    // As wide as the page allows (a phone's width too), rows of a fixed height.
    width: 'container',
    autosize: { type: 'fit-x', contains: 'padding' },
    height: Math.min(480, Math.max(120, ys.length * 18)),
    layer: layers,
  };
}
