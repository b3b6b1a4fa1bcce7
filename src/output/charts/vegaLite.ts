/**
 * ChartRequest -> Vega-Lite spec. One compile function in named phases:
 *   body  (per kind: data -> encodings -> size; see intervals/distribution/heatmap/lines.ts)
 *   title (wrapped to the width the body needs, with a line saying how to read the marks)
 *   theme (the one theme, deep-merged once)
 * User text (titles, axis titles, category names) only ever lands in data fields and plain
 * string properties, never in a Vega expression.
 */
import type { ChartRequest } from '../../engine/report.js';
import { distributionBody, drawsExactTicks } from './distribution.js';
import { heatmapBody } from './heatmap.js';
import { intervalsBody, intervalsKey } from './intervals.js';
import { linesBody } from './lines.js';
import { SCHEMA, titleBlock, type Built, type VegaLiteSpec } from './layout.js';
import { withTheme } from './theme.js';

export type { VegaLiteSpec } from './layout.js';

export function toVegaLite(request: ChartRequest): VegaLiteSpec {
  const body = bodyOf(request);
  const subtitle = [...subtitleOf(request), ...(body.notes ?? [])];
  const title = titleBlock({ title: request.title, subtitle }, body.width);
  const description = [request.title, ...(request.subtitle ?? [])].join('. ');
  return withTheme({ $schema: SCHEMA, description, title, ...body.spec });
}

function bodyOf(request: ChartRequest): Built {
  switch (request.kind) {
    case 'intervals':
      return intervalsBody(request);
    case 'distribution':
      return distributionBody(request);
    case 'heatmap':
      return heatmapBody(request);
    case 'lines':
      return linesBody(request);
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
