/**
 * Charts drawn off the page's thread: each Vega-Lite spec compiled and drawn to SVG text by
 * vega with no DOM (as the command line draws its charts, src/output/render.ts), text laid out
 * with the charts' font widths. The page only puts the SVG in place. vega and vega-lite load
 * on the first chart, in this worker.
 */
import { textWidth } from '../../output/charts/textWidth.js';
import type { ChartReply, ChartRequest } from './protocol.js';

type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');
let libraries: Promise<{ vega: Vega; vegaLite: VegaLite }> | undefined;

function chartLibraries(): Promise<{ vega: Vega; vegaLite: VegaLite }> {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => {
    // Without a canvas vega guesses every character at 0.8 em: measured with the charts' font instead.
    type TextItem = { fontSize?: number; fontWeight?: string | number; limit?: number };
    const metrics = (vega as unknown as { textMetrics: { width: (item: TextItem, text: unknown) => number } })
      .textMetrics;
    metrics.width = (item, text) => {
      const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
      const weight = item.fontWeight;
      const bold = weight === 'bold' || weight === 'bolder' || (Number(weight) || 0) >= 600;
      const width = textWidth(text == null ? '' : String(text).trim(), size, bold);
      return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
    };
    return { vega, vegaLite };
  });
  return libraries;
}

export async function chartJob(request: ChartRequest, reply: (message: ChartReply) => void): Promise<void> {
  const { id, specs } = request;
  try {
    const { vega, vegaLite } = await chartLibraries();
    const svgs: string[] = [];
    for (const spec of specs) {
      const compiled = vegaLite.compile(spec as never).spec;
      const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
      try {
        svgs.push(await view.toSVG());
      } finally {
        view.finalize();
      }
    }
    reply({ id, svgs });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
