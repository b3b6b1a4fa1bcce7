/**
 * ChartRequest -> Vega-Lite spec. One compile function in named phases:
 *   body  (per kind: data -> encodings -> size; see intervals/distribution/heatmap/lines.ts)
 *   title (wrapped to the width the body needs, with a line saying how to read the marks)
 *   theme (the one theme, deep-merged once)
 * User text (titles, axis titles, category names) only ever lands in data fields and plain
 * string properties, never in a Vega expression.
 */
import type { ChartRequest } from '../../core/model/report.js';
import { distributionBody, drawsExactTicks } from './distribution.js';
import { heatmapBody } from './heatmap.js';
import { intervalsBody, intervalsKey } from './intervals.js';
import { linesBody } from './lines.js';
import { tornadoBody } from './tornado.js';
import { SCHEMA, titleBlock, type Built, type ChartRoom, type VegaLiteSpec } from './layout.js';
import { SIZE, withTheme } from './theme.js';

export type { ChartRoom, VegaLiteSpec } from './layout.js';

/** The report page's room: the widest chart. */
export const REPORT_ROOM: ChartRoom = { maxWidth: SIZE.maxChartWidth };
/** The report page's whole width, for heatmaps (a grid a designer reads: cells with their numbers). */
export const PAGE_ROOM: ChartRoom = { maxWidth: SIZE.pageWidth };

/**
 * A request as a Vega-Lite spec, at most `room.maxWidth` wide: the web page passes the width it
 * has (a phone's), so charts are built for it instead of shrunk into it, their text readable.
 */
export function toVegaLite(request: ChartRequest, room: ChartRoom = REPORT_ROOM): VegaLiteSpec {
  // Only a heatmap takes more than the usual widest chart (other kinds read best at that width), unless the
  // room asks to be filled (the web page's wide answer column).
  const widest = request.kind === 'heatmap' || room.fill ? Math.max(SIZE.pageWidth, room.maxWidth) : SIZE.maxChartWidth;
  const fitted: ChartRoom = {
    maxWidth: Math.min(widest, Math.max(SIZE.minTextWidth, Math.floor(room.maxWidth))),
    ...(room.fill ? { fill: true } : {}),
  };
  const body = bodyOf(request, fitted);
  const subtitle = [...subtitleOf(request), ...(body.notes ?? [])];
  const title = titleBlock({ title: request.title, subtitle }, body.width, fitted.maxWidth);
  const description = [request.title, ...(request.subtitle ?? [])].join('. ');
  // The theme's text limits are the usual widest chart's; a wider heatmap lifts them to its own width.
  const wide = fitted.maxWidth > SIZE.maxChartWidth ? { config: widerText(fitted.maxWidth) } : {};
  return withTheme({ $schema: SCHEMA, description, title, ...body.spec, ...wide });
}

function widerText(width: number): VegaLiteSpec {
  return {
    title: { limit: width },
    axis: { titleLimit: width },
    legend: { labelLimit: width - 40, titleLimit: width },
    header: { labelLimit: width },
  };
}

function bodyOf(request: ChartRequest, room: ChartRoom): Built {
  switch (request.kind) {
    case 'intervals':
      return intervalsBody(request, room);
    case 'distribution':
      return distributionBody(request, room);
    case 'heatmap':
      return heatmapBody(request, room);
    case 'lines':
      return linesBody(request, room);
    case 'tornado':
      return tornadoBody(request, room);
  }
}

/** The request's subtitle, plus a line explaining marks the chart adds itself. */
function subtitleOf(request: ChartRequest): string[] {
  const lines = [...(request.subtitle ?? [])];
  if (request.kind === 'distribution' && drawsExactTicks(request))
    lines.push('bars: Monte Carlo estimate; black ticks: exact probability');
  if (request.kind === 'intervals') {
    const key = intervalsKey(request);
    if (key) lines.push(key);
  }
  return lines;
}

/** Stands for a data list while the rest of a spec is stringified: NUL is in no text of a chart. */
const DATA = '\u0000data\u0000';

/**
 * A spec as the `.vl.json` file holds it: indented like `JSON.stringify(spec, null, 2)`, but
 * each item of a data list on one line (a sweep's heatmap lists thousands of cells: one line
 * each instead of ten).
 */
export function specJson(spec: VegaLiteSpec): string {
  const lists: unknown[][] = [];
  const text = JSON.stringify(
    spec,
    function (this: unknown, key, value: unknown) {
      if (key === 'values' && Array.isArray(value) && value.length > 0 && isData(this)) {
        lists.push(value);
        return `${DATA}${lists.length - 1}`;
      }
      return value;
    },
    2,
  );
  const placed = text.replace(/^( *)"values": "\\u0000data\\u0000(\d+)"/gm, (_, indent: string, i: string) => {
    const items = lists[Number(i)].map((item) => `${indent}  ${JSON.stringify(item)}`);
    return `${indent}"values": [\n${items.join(',\n')}\n${indent}]`;
  });
  return `${placed}\n`;
}

/** The object holding `values` is a data source (`data: { values }`), not a legend's or a scale's list. */
function isData(holder: unknown): boolean {
  return (
    typeof holder === 'object' &&
    holder !== null &&
    Object.keys(holder).every((k) => ['values', 'name', 'format'].includes(k))
  );
}
