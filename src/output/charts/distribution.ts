/**
 * A distribution chart: the probability of each value as bars, one bar per series side by
 * side, with the exact probability as a black tick on each bar when known (so a reader
 * sees at a glance that estimate and exact agree). One panel per x title, stacked. A long
 * thin tail (rounds running to 30 when nearly all of it is over by 6) is cut where the mass
 * drawn reaches DRAWN_MASS, and the subtitle says what was left out.
 */
import type { DistributionChart } from '../../core/model/report.js';
import { FONT_SIZE, INK, SIZE, seriesColours } from './theme.js';
import { maxTextWidth, truncateText } from './textWidth.js';
import { valueText } from './valueFormat.js';
import { axisTitleLines, leftAxisWidth, oneLine, type Built, type ChartRoom, type VegaLiteSpec } from './layout.js';

type Panel = DistributionChart['panels'][number];

const HEIGHT = 200;
/** Bar width per series and gap per value (px) a value gets before the plot hits its maximum width. */
const BAR = 7;
const VALUE_GAP = 5;
const LEGEND_SYMBOL = 22;
/** A legend entry's height (px). */
const LEGEND_ROW = 15;
/** Each series' bars are drawn up to where this much of its probability is. */
export const DRAWN_MASS = 0.999;
/** A tail is cut only when it is at least this many values long (a short one costs nothing to draw). */
const MIN_CUT = 3;

export function distributionBody(request: DistributionChart, room: ChartRoom): Built {
  const trimmed = request.panels
    .filter((p) => p.series.some((s) => s.values.length > 0))
    .map((p) => trimTail(p, request.exactOnly));
  const shown = trimmed.map((t) => t.panel);
  if (shown.length === 0) return { spec: { data: { values: [] }, mark: 'bar' }, width: 0 };
  const notes = trimmed.flatMap((t) => (t.note ? [t.note] : []));
  // Stacked panels share one plot width, so none leaves a blank strip on the right.
  const maxPlot = room.maxWidth - LEFT;
  const plotWidth = room.fill ? maxPlot : Math.max(...shown.map((p) => naturalPlotWidth(p, maxPlot)));
  const panels = shown.map((p) => panelBody(p, request.exactOnly, plotWidth, maxPlot));
  const width = Math.max(...panels.map((p) => p.width));
  if (panels.length === 1) return { ...panels[0], notes };
  return {
    spec: {
      vconcat: panels.map((p) => p.spec),
      spacing: 24,
      resolve: { scale: { color: 'independent', xOffset: 'independent', x: 'independent' } },
    },
    width,
    notes,
  };
}

/**
 * The panel without its long thin tail: values above the smallest one where every series has
 * DRAWN_MASS of its probability (estimated and exact alike) are left out, when that is at
 * least MIN_CUT values; the note says how much was left out.
 */
export function trimTail(panel: Panel, exactOnly: boolean): { panel: Panel; note: string | null } {
  const values = [...new Set(panel.series.flatMap((s) => s.values))].sort((a, b) => a - b);
  if (values.length === 0) return { panel, note: null };
  // The probability each series has above a value: the larger of its estimate and its exact value.
  const above = (v: number) =>
    Math.max(
      0,
      ...panel.series.map((s) =>
        s.values.reduce((sum, x, i) => {
          if (x <= v) return sum;
          const p = exactOnly ? (s.exact?.[i] ?? s.probabilities[i]) : Math.max(s.probabilities[i], s.exact?.[i] ?? 0);
          return sum + p;
        }, 0),
      ),
    );
  const cut = values.find((v) => above(v) <= 1 - DRAWN_MASS) ?? values[values.length - 1];
  const dropped = values.filter((v) => v > cut).length;
  if (dropped < MIN_CUT) return { panel, note: null };
  const tail = above(cut);
  const keep = (s: Panel['series'][number]) => {
    const at = s.values.flatMap((x, i) => (x <= cut ? [i] : []));
    return {
      ...s,
      values: at.map((i) => s.values[i]),
      probabilities: at.map((i) => s.probabilities[i]),
      ...(s.exact ? { exact: at.map((i) => (s.exact as number[])[i]) } : {}),
    };
  };
  const amount = tail === 0 ? 'none of it' : `${valueText(tail, 'percent')} in all`;
  return {
    panel: { ...panel, series: panel.series.map(keep) },
    note: `${oneLine(panel.xTitle)}: above ${cut} not drawn (${amount})`,
  };
}

/** Whether the chart draws exact ticks over estimated bars (then its subtitle says so). */
export function drawsExactTicks(request: DistributionChart): boolean {
  return !request.exactOnly && request.panels.some((p) => p.series.some((s) => s.exact !== undefined));
}

const LEFT = leftAxisWidth(['50%'], 1);

/** Bars as wide as the values allow, the plot at least as wide as its legend. */
function naturalPlotWidth(panel: Panel, maxPlot: number): number {
  const series = panel.series.filter((s) => s.values.length > 0);
  const values = new Set(series.flatMap((s) => s.values)).size;
  const legendLabels = series.map((s) => truncateText(oneLine(s.label), maxPlot - LEGEND_SYMBOL, FONT_SIZE.label));
  const legendWidth = LEGEND_SYMBOL + maxTextWidth(legendLabels, FONT_SIZE.label);
  const natural = values * (series.length * BAR + VALUE_GAP);
  return Math.round(Math.min(maxPlot, Math.max(natural, legendWidth, SIZE.minTextWidth - LEFT)));
}

function panelBody(panel: Panel, exactOnly: boolean, plotWidth: number, maxPlot: number): Built {
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
  // The legend above the plot from the chart's left edge (not the plot's), so long series names fit a phone.
  const colour = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: labels, range: colours },
    legend: {
      orient: 'none',
      direction: 'vertical',
      legendX: -LEFT,
      legendY: -(LEGEND_ROW * labels.length + 10),
      labelLimit: maxPlot + LEFT - LEGEND_SYMBOL,
    },
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
