/** Placeholder until the chart primitives land: the request's data as a minimal Vega-Lite spec. */
import type { ChartRequest } from '../../engine/report.js';

export type VegaLiteSpec = Record<string, unknown>;

export function toVegaLite(request: ChartRequest): VegaLiteSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: request.title,
    data: { values: [] },
    mark: 'point',
  };
}
