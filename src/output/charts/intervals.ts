/**
 * An intervals chart: one bar per category with its 95% interval (black rule), the exact
 * value as a black tick when known, and the value written at the bar's end. Few short
 * categories stand as columns; many or long ones lie as rows, which reads on a phone.
 */
import type { IntervalsChart } from '../../core/model/report.js';
import { FONT_SIZE, INK, PALETTE, SIZE, seriesColours } from './theme.js';
import { axisFormat, plotScale, valueText } from './valueFormat.js';
import {
  axisTitleLines,
  leftAxisWidth,
  labelWidth,
  oneLine,
  type Built,
  type ChartRoom,
  type VegaLiteSpec,
} from './layout.js';

const COLUMN = { minStep: 44, maxStep: 96, height: 220, maxCategories: 8 } as const;
/** Rows: a step per bar (plus a line above it when its label goes there), the plot's widths. */
const ROW = { step: 26, labelLine: 16, plotWidth: 300, minPlot: 160, labelLimit: 200 } as const;

export function intervalsBody(request: IntervalsChart, room: ChartRoom): Built {
  const scale = plotScale(request.format);
  const categories = [...new Set(request.rows.map((r) => oneLine(r.category)))];
  const colours =
    categories.length <= COLUMN.maxCategories ? seriesColours(categories) : categories.map(() => PALETTE.blue);
  const hasInterval = request.rows.some((r) => r.low !== undefined && r.high !== undefined);
  const hasExact = request.rows.some((r) => r.exact !== undefined);

  // Data: every number scaled for plotting, every text already written.
  const values = request.rows.map((r) => ({
    category: oneLine(r.category),
    value: r.value * scale,
    low: r.low === undefined ? null : r.low * scale,
    high: r.high === undefined ? null : r.high * scale,
    exact: r.exact === undefined ? null : r.exact * scale,
    end: Math.max(r.value, r.high ?? r.value, r.exact ?? r.value) * scale,
    label: valueText(r.value, request.format),
  }));

  // Orientation and size from the category labels.
  const longest = labelWidth(categories, ROW.labelLimit);
  const columns = categories.length <= COLUMN.maxCategories && longest + 8 <= COLUMN.maxStep;
  const valueScale = {
    ...(request.domain ? { domain: request.domain.map((d) => d * scale) } : {}),
    zero: true,
    nice: !request.domain,
  };
  const category = {
    field: 'category',
    type: 'nominal',
    scale: { domain: categories },
    axis: { labelAngle: 0, labelLimit: ROW.labelLimit, labelOverlap: false },
  };
  const colour = { field: 'category', type: 'nominal', scale: { domain: categories, range: colours }, legend: null };

  if (columns) {
    const left = leftAxisWidth(['100%', '0.00'], axisTitleLines(request.valueTitle, COLUMN.height).length);
    const step = Math.min(COLUMN.maxStep, Math.max(COLUMN.minStep, longest + 12));
    const plotWidth = Math.max(step * categories.length, SIZE.minTextWidth - left);
    const barSize = Math.round((plotWidth / categories.length) * 0.7);
    const x = { ...category, title: axisTitleLines(request.categoryTitle, plotWidth) };
    const y = {
      type: 'quantitative',
      scale: valueScale,
      title: axisTitleLines(request.valueTitle, COLUMN.height),
      axis: { format: axisFormat(request.format), tickCount: 5 },
    };
    const layers: VegaLiteSpec[] = [
      {
        mark: { type: 'bar', size: barSize, opacity: 0.9 },
        encoding: { x, y: { ...y, field: 'value', stack: null }, color: colour },
      },
    ];
    if (hasInterval)
      layers.push({
        mark: { type: 'rule', color: INK.black, strokeWidth: 1.5 },
        encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' } },
      });
    if (hasExact)
      layers.push({
        mark: { type: 'tick', color: INK.black, thickness: 2, size: barSize },
        encoding: { x, y: { ...y, field: 'exact' } },
      });
    layers.push({
      mark: { type: 'text', baseline: 'bottom', dy: -3, fontSize: FONT_SIZE.label, color: INK.text },
      encoding: { x, y: { ...y, field: 'end' }, text: { field: 'label' } },
    });
    return {
      spec: { data: { values }, width: plotWidth, height: COLUMN.height, layer: layers },
      width: left + plotWidth,
    };
  }

  const labelRoom = 50;
  // Labels beside the bars where they fit; where they would be cut (a phone), each above its bar.
  const beside = leftAxisWidth(categories, 1, Infinity) + ROW.minPlot + labelRoom <= room.maxWidth;
  const step = beside ? ROW.step : ROW.step + ROW.labelLine;
  const height = step * categories.length;
  const left = beside
    ? leftAxisWidth(categories, axisTitleLines(request.categoryTitle, height).length, ROW.labelLimit)
    : 0;
  const plotWidth = Math.max(ROW.minPlot, Math.min(ROW.plotWidth, room.maxWidth - left - labelRoom));
  const barSize = Math.round(ROW.step * 0.7);
  const y = beside
    ? { ...category, title: axisTitleLines(request.categoryTitle, height) }
    : { ...category, title: null, axis: null };
  const x = {
    type: 'quantitative',
    scale: valueScale,
    title: axisTitleLines(request.valueTitle, plotWidth),
    axis: { format: axisFormat(request.format), tickCount: 5 },
  };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'bar', size: barSize, opacity: 0.9 },
      encoding: { y, x: { ...x, field: 'value', stack: null }, color: colour },
    },
  ];
  if (hasInterval)
    layers.push({
      mark: { type: 'rule', color: INK.black, strokeWidth: 1.5 },
      encoding: { y, x: { ...x, field: 'low' }, x2: { field: 'high' } },
    });
  if (hasExact)
    layers.push({
      mark: { type: 'tick', color: INK.black, thickness: 2, size: barSize },
      encoding: { y, x: { ...x, field: 'exact' } },
    });
  layers.push({
    mark: { type: 'text', align: 'left', dx: 4, fontSize: FONT_SIZE.label, color: INK.text },
    encoding: { y, x: { ...x, field: 'end' }, text: { field: 'label' } },
  });
  if (!beside)
    layers.push({
      mark: {
        type: 'text',
        align: 'left',
        baseline: 'bottom',
        dy: -barSize / 2 - 2,
        fontSize: FONT_SIZE.label,
        color: INK.text,
        limit: plotWidth + labelRoom,
      },
      encoding: { y, x: { value: 0 }, text: { field: 'category' } },
    });
  return {
    spec: { data: { values }, width: plotWidth, height, layer: layers },
    width: left + plotWidth + labelRoom,
  };
}

/** The line a subtitle gets to explain the marks. */
export function intervalsKey(request: IntervalsChart): string | null {
  const parts = [];
  if (request.rows.some((r) => r.low !== undefined && r.high !== undefined)) parts.push('lines: 95% intervals');
  if (request.rows.some((r) => r.exact !== undefined)) parts.push('black ticks: exact values');
  return parts.length > 0 ? parts.join('; ') : null;
}
