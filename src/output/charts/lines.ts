/**
 * A lines chart: one line per series over a discrete x axis, with 95% interval rules at the
 * points when given, a dashed zero line for differences and a labelled dashed guide (a
 * target). A column axis makes small multiples, wrapped onto several rows when side by side
 * would be too wide.
 */
import type { LinesChart } from '../../core/model/report.js';
import { FONT_SIZE, INK, SIZE, seriesColours } from './theme.js';
import { maxTextWidth } from './textWidth.js';
import { axisFormat, plotScale } from './valueFormat.js';
import { contoursOf } from './heatmap.js';
import {
  GAP,
  axisLabel,
  axisTitleLines,
  facetLabel,
  leftAxisWidth,
  legendColumns,
  oneLine,
  positions,
  headerLabels,
  type Built,
  type ChartRoom,
  type VegaLiteSpec,
} from './layout.js';

const HEIGHT = 200;
const STEP = { min: 22, max: 64 } as const;
const MIN_PANEL = 150;

export function linesBody(request: LinesChart, room: ChartRoom): Built {
  const { x, column } = request;
  const scale = plotScale(request.y.format);
  const colours = seriesColours(request.series.map(oneLine));

  // Data (facet headers are wrapped to the panel width below).
  const xs = positions(x, axisLabel);
  const columns = column ? positions(column, facetLabel) : null;
  const points = request.points.map((p) => ({
    x: xs.at(p.x).label,
    series: oneLine(p.series),
    y: p.y * scale,
    low: p.low === undefined ? null : p.low * scale,
    high: p.high === undefined ? null : p.high * scale,
    column: columns && p.column !== undefined ? columns.at(p.column) : null,
  }));
  const series = request.series.map(oneLine);
  const hasIntervals = points.some((v) => v.low !== null && v.high !== null);

  // Size: a step per x value wide enough for its label; panels wrap within the maximum width.
  const xLabels = xs.labels;
  const left = leftAxisWidth(['+100%', '100%'], axisTitleLines(request.y.title, HEIGHT).length);
  const roomWidth = room.maxWidth - left - 4;
  const step = Math.min(STEP.max, Math.max(STEP.min, maxTextWidth(xLabels, FONT_SIZE.label) + 10));
  const nColumns = columns ? Math.max(1, columns.labels.length) : 1;
  let panelWidth: number;
  let across = 1;
  if (nColumns === 1) panelWidth = Math.min(roomWidth, Math.max(xLabels.length * step, SIZE.minTextWidth - left));
  else {
    panelWidth = Math.min(roomWidth, Math.max(xLabels.length * step, MIN_PANEL));
    across = Math.max(1, Math.min(nColumns, Math.floor((roomWidth + GAP.facet) / (panelWidth + GAP.facet))));
  }
  panelWidth = Math.round(panelWidth);
  const gridWidth = across * panelWidth + (across - 1) * GAP.facet;
  const headers = columns ? headerLabels([...columns.labels, ''], panelWidth) : [];
  const values = points.map(({ column: at, ...p }) => (at ? { ...p, col: headers[at.order], colOrder: at.order } : p));

  // Encodings.
  const xEnc = {
    field: 'x',
    type: 'ordinal',
    scale: { domain: xLabels },
    title: axisTitleLines(x.title, panelWidth),
    axis:
      xLabels.length * (maxTextWidth(xLabels, FONT_SIZE.label) + 4) <= panelWidth ||
      x.values.every((v) => typeof v === 'number')
        ? { labelAngle: 0, labelOverlap: 'parity' }
        : { labelAngle: -45, labelLimit: 120, labelOverlap: false },
  };
  const yEnc = {
    type: 'quantitative',
    title: axisTitleLines(request.y.title, HEIGHT),
    scale: request.y.domain ? { domain: request.y.domain.map((d) => d * scale) } : { zero: false, nice: true },
    axis: { format: axisFormat(request.y.format), tickCount: 5 },
  };
  const colour = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: series, range: colours },
    legend:
      series.length > 1
        ? { orient: 'top', direction: 'horizontal', columns: legendColumns(series, gridWidth), labelLimit: gridWidth }
        : null,
  };
  const layers: VegaLiteSpec[] = [];
  if (request.zeroLine)
    layers.push({
      mark: { type: 'rule', color: INK.zeroLine, strokeDash: [4, 3] },
      encoding: { y: { datum: 0, type: 'quantitative' } },
    });
  if (request.guide) {
    // A reference line (e.g. the target probability), labelled at its right end; drawn from one
    // datum of its own, not once per point.
    const y = { datum: request.guide.y * scale, type: 'quantitative' };
    const once = { values: [{}] };
    layers.push(
      { data: once, mark: { type: 'rule', color: INK.zeroLine, strokeDash: [6, 4] }, encoding: { y } },
      {
        data: once,
        mark: { type: 'text', align: 'right', baseline: 'bottom', dy: -3, fontSize: FONT_SIZE.label, color: INK.muted },
        encoding: { y, x: { value: panelWidth - 2 }, text: { value: request.guide.label } },
      },
    );
  }
  if (request.levels && request.levels.length > 0 && request.y.format === 'percent') {
    // A sweep's thresholds, as its heatmaps draw them: the break-even dashed, the others solid, dotted ...
    const once = { values: [{}] };
    for (const contour of contoursOf({ contours: request.levels })) {
      const y = { datum: contour.level * scale, type: 'quantitative' };
      layers.push(
        { data: once, mark: { type: 'rule', color: INK.zeroLine, strokeDash: contour.dash }, encoding: { y } },
        {
          data: once,
          mark: {
            type: 'text',
            align: 'left',
            baseline: 'bottom',
            dy: -2,
            fontSize: FONT_SIZE.label,
            color: INK.muted,
          },
          encoding: { y, x: { value: 2 }, text: { value: contour.label } },
        },
      );
    }
  }
  if (hasIntervals)
    layers.push({
      mark: { type: 'rule', strokeWidth: 2, opacity: 0.6 },
      encoding: { x: xEnc, y: { ...yEnc, field: 'low' }, y2: { field: 'high' }, color: colour },
    });
  layers.push({
    mark: { type: 'line', point: { size: 36 }, strokeWidth: 2 },
    encoding: { x: xEnc, y: { ...yEnc, field: 'y' }, color: colour },
  });
  const inner = { width: panelWidth, height: HEIGHT, layer: layers };
  const width = left + gridWidth;
  if (!column) return { spec: { data: { values }, ...inner }, width };
  return {
    spec: {
      data: { values },
      facet: {
        field: 'col',
        type: 'nominal',
        sort: { field: 'colOrder', op: 'min' },
        title: null,
        header: { title: null, labelPadding: 4, labelLineHeight: FONT_SIZE.header + 3 },
      },
      columns: across,
      spacing: GAP.facet,
      spec: inner,
    },
    width,
  };
}
