/**
 * vega and vega-lite, loaded once on the first chart (importing them costs ~0.4 s), vega taught the bundled
 * font's text widths: the command line's charts (render.ts) and the page's chart worker draw with the same.
 */
import { textWidth } from './textWidth.js';

type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');
export interface ChartLibraries {
  vega: Vega;
  vegaLite: VegaLite;
}
let libraries: Promise<ChartLibraries> | undefined;

/** Loads vega and vega-lite once, and teaches vega the bundled font's text widths. */
export function chartLibraries(): Promise<ChartLibraries> {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => {
    useFontMetrics(vega);
    return { vega, vegaLite };
  });
  return libraries;
}

/**
 * Without a canvas, vega guesses every character at 0.8 em, so labels and legends got
 * room for text far wider than DejaVu Sans draws (the blank space on the right of the
 * old PNGs). Measuring with the font's advance widths makes the canvas fit the text.
 * A truncated text (a `limit`) counts as at most the limit, as vega's own measure does.
 */
function useFontMetrics(vega: Vega): void {
  type TextItem = { fontSize?: number; fontWeight?: string | number; limit?: number };
  const metrics = (vega as unknown as { textMetrics: unknown }).textMetrics as {
    width: (item: TextItem, text: unknown) => number;
  };
  metrics.width = (item, text) => {
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    const weight = item.fontWeight;
    const bold = weight === 'bold' || weight === 'bolder' || (Number(weight) || 0) >= 600;
    const width = textWidth(text == null ? '' : String(text).trim(), size, bold);
    return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
  };
}
