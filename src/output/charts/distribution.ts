/**
 * A distribution chart: the probability of each value as bars, one bar per series side by
 * side, with the exact probability as a black tick on each bar when known (so a reader
 * sees at a glance that estimate and exact agree). One panel per x title, stacked.
 */
import type { DistributionChart } from '../../engine/report.js';
import { FONT_SIZE, INK, SIZE, seriesColours } from './theme.js';
import { maxTextWidth, truncateText } from './textWidth.js';
import { axisTitleLines, leftAxisWidth, oneLine, type Built, type VegaLiteSpec } from './layout.js';

type Panel = DistributionChart['panels'][number];

const HEIGHT = 200;
/** Bar width per series and gap per value (px) a value gets before the plot hits its maximum width. */
const BAR = 7;
const VALUE_GAP = 5;
const LEGEND_SYMBOL = 22;

export function distributionBody(request: DistributionChart): Built {
  const shown = request.panels.filter((p) => p.series.some((s) => s.values.length > 0));
  if (shown.length === 0) return { spec: { data: { values: [] }, mark: 'bar' }, width: 0 };
  // Stacked panels share one plot width, so none leaves a blank strip on the right.
  const plotWidth = Math.max(...shown.map((p) => naturalPlotWidth(p)));
  const panels = shown.map((p) => panelBody(p, request.exactOnly, plotWidth));
  const width = Math.max(...panels.map((p) => p.width));
  if (panels.length === 1) return panels[0];
  return {
    spec: {
      vconcat: panels.map((p) => p.spec),
      spacing: 24,
      resolve: { scale: { color: 'independent', xOffset: 'independent', x: 'independent' } },
    },
    width,
  };
}

/** Whether the chart draws exact ticks over estimated bars (then its subtitle says so). */
export function drawsExactTicks(request: DistributionChart): boolean {
  return !request.exactOnly && request.panels.some((p) => p.series.some((s) => s.exact !== undefined));
}

const LEFT = leftAxisWidth(['50%'], 1);
const MAX_PLOT = SIZE.maxChartWidth - LEFT;

/** Bars as wide as the values allow, the plot at least as wide as its legend. */
function naturalPlotWidth(panel: Panel): number {
  const series = panel.series.filter((s) => s.values.length > 0);
  const values = new Set(series.flatMap((s) => s.values)).size;
  const legendLabels = series.map((s) => truncateText(oneLine(s.label), MAX_PLOT - LEGEND_SYMBOL, FONT_SIZE.label));
  const legendWidth = LEGEND_SYMBOL + maxTextWidth(legendLabels, FONT_SIZE.label);
  const natural = values * (series.length * BAR + VALUE_GAP);
  return Math.round(Math.min(MAX_PLOT, Math.max(natural, legendWidth, SIZE.minTextWidth - LEFT)));
}

function panelBody(panel: Panel, exactOnly: boolean, plotWidth: number): Built {
  const series = panel.series.filter((s) => s.values.length > 0);
  const labels = series.map((s) => oneLine(s.label));
  const colours = seriesColours(series.map((s) => s.side));
  const ticks = !exactOnly && series.some((s) => s.exact !== undefined);
  const values = series.flatMap((s, k) =>
    s.values.map((value, i) => ({
      value,
      series: oneLine(s.label),
      seriesOrder: k,
      p: exactOnly ? (s.exact?.[i] ?? s.probabilities[i]) : s.probabilities[i],
      exact: ticks && s.exact ? s.exact[i] : null,
    })),
  );
  const domain = [...new Set(series.flatMap((s) => s.values))].sort((a, b) => a - b);

  const barSize = Math.max(1, ((plotWidth / domain.length) * 0.85) / series.length);

  const x = {
    field: 'value',
    type: 'ordinal',
    scale: { domain },
    title: axisTitleLines(panel.xTitle, plotWidth),
    axis: { labelAngle: 0, labelOverlap: 'parity' },
  };
  // Bars side by side in the series' order, by number and sorted explicitly: otherwise vega-lite sorts the offset
  // by the colour domain, an expression listing the series labels.
  const xOffset = { field: 'seriesOrder', type: 'ordinal', sort: 'ascending' };
  const y = {
    type: 'quantitative',
    title: exactOnly ? 'probability (exact)' : 'probability (Monte Carlo)',
    axis: { format: '.0%', tickCount: 5 },
  };
  const colour = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: labels, range: colours },
    legend: { orient: 'top', direction: 'vertical', labelLimit: MAX_PLOT - LEGEND_SYMBOL },
  };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'bar', opacity: 0.9 },
      encoding: { x, xOffset, y: { ...y, field: 'p', stack: null }, color: colour },
    },
  ];
  if (ticks)
    layers.push({
      mark: { type: 'tick', color: INK.black, thickness: 2, size: Math.max(3, barSize) },
      encoding: { x, xOffset, y: { ...y, field: 'exact' } },
    });
  return {
    spec: { data: { values }, width: plotWidth, height: HEIGHT, layer: layers },
    width: LEFT + plotWidth,
  };
}
