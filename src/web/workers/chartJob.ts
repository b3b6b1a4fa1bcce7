/**
 * Charts drawn off the page's thread: each chart request built into a Vega-Lite spec for the
 * room it has (charts/adapter.ts), compiled and drawn to SVG text by vega with no DOM (as the
 * command line draws its charts, src/output/render.ts), text laid out with the charts' font
 * widths. The page only puts the SVG in place. vega and vega-lite load on the first chart, in
 * this worker.
 */
import { textWidth } from '../../output/charts/textWidth.js';
import { chartSpecs } from '../charts/adapter.js';
import type { DrawReply, DrawRequest } from './protocol.js';

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

export async function chartJob(request: DrawRequest, reply: (message: DrawReply) => void): Promise<void> {
  const { id, charts, room } = request;
  try {
    const { vega, vegaLite } = await chartLibraries();
    const svgs: Array<{ svg: string; title: string }> = [];
    for (const spec of chartSpecs(charts, room)) {
      const compiled = vegaLite.compile(spec as never).spec;
      const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
      try {
        svgs.push({ svg: await view.toSVG(), title: titleOf(spec) });
      } finally {
        view.finalize();
      }
    }
    reply({ id, svgs });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

function titleOf(spec: Record<string, unknown>): string {
  const title = spec.title as { text?: string | string[] } | string | undefined;
  const text = typeof title === 'string' ? title : title?.text;
  return `Chart: ${(Array.isArray(text) ? text.join(' ') : text) ?? 'answer'}`;
}
