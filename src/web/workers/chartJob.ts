/**
 * Charts drawn off the page's thread: each chart request built into a Vega-Lite spec for the
 * room it has (charts/adapter.ts), compiled and drawn to SVG text by vega with no DOM (as the
 * command line draws its charts, src/output/render.ts), text laid out with the charts' font
 * widths. The page only puts the SVG in place. vega and vega-lite load on the first chart, in
 * this worker.
 */
import { chartLibraries } from '../../output/charts/chartLibraries.js';
import { chartSpecs } from '../charts/adapter.js';
import type { DrawReply, DrawRequest } from './protocol.js';

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
