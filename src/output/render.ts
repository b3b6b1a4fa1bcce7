/**
 * Vega-Lite spec -> SVG (vega, headless, no canvas) -> PNG (resvg with the bundled
 * DejaVu Sans). System fonts are off, so text renders on a machine with no fonts and
 * the PNG is byte-identical across machines.
 */
import { createRequire } from 'node:module';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { Resvg } from '@resvg/resvg-js';
const FONT = 'DejaVu Sans';

const require = createRequire(import.meta.url);
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));

/** vega-lite's warnings (e.g. about merged scale sorts) are not for our users' terminals. */
const quietLogger = {
  level() {
    return quietLogger;
  },
  warn() {
    return quietLogger;
  },
  info() {
    return quietLogger;
  },
  debug() {
    return quietLogger;
  },
  error(...args: unknown[]) {
    throw new Error(`vega-lite: ${args.join(' ')}`);
  },
};

export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const compiled = compile(spec as never, { logger: quietLogger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string, scale = 2): Uint8Array {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT, sansSerifFamily: FONT },
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
  });
  return resvg.render().asPng();
}
