/**
 * Vega-Lite spec -> SVG (vega, headless, no canvas) -> PNG (resvg with the bundled
 * DejaVu Sans). System fonts are off, so text renders on a machine with no fonts and
 * the PNG is byte-identical across machines. vega, vega-lite and resvg load on the first
 * chart drawn, not when the CLI starts (importing them costs ~0.4 s).
 */
import { createRequire } from 'node:module';
import { FONT } from './charts/theme.js';
import { chartLibraries } from './charts/chartLibraries.js';

const require = createRequire(import.meta.url);
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));

/** A vega-lite logger: warnings are collected (or dropped), errors thrown. */
function logger(warnings?: string[]) {
  const self = {
    level: () => self,
    info: () => self,
    debug: () => self,
    warn: (...args: unknown[]) => {
      warnings?.push(args.map(String).join(' '));
      return self;
    },
    error: (...args: unknown[]): never => {
      throw new Error(`vega-lite: ${args.map(String).join(' ')}`);
    },
  };
  return self;
}

/** The Vega spec of a Vega-Lite spec; vega-lite's warnings go to `warnings` when given. */
export async function compileSpec(
  spec: Record<string, unknown>,
  warnings?: string[],
): Promise<Record<string, unknown>> {
  const { vegaLite } = await chartLibraries();
  return vegaLite.compile(spec as never, { logger: logger(warnings) as never }).spec as Record<string, unknown>;
}

export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const { vega } = await chartLibraries();
  const compiled = await compileSpec(spec);
  const view = new vega.View(vega.parse(compiled as never), { renderer: 'none' });
  try {
    return xmlSafe(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF, unpaired surrogates) as
 * U+FFFD. Validation refuses them in every text a user writes, so this changes nothing in a
 * chart drawn from a validated scenario; it is the last guard that a chart can always be
 * drawn once the simulation has run (resvg refuses the whole SVG otherwise).
 */
export function xmlSafe(svg: string): string {
  return svg.replace(XML_FORBIDDEN, '\ufffd');
}

const XML_FORBIDDEN = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);

type ResvgModule = typeof import('@resvg/resvg-js');
let resvg: ResvgModule | undefined;

/** An SVG drawn at `scale` times its size. Synchronous, so resvg (native) loads with require. */
function rasterise(svg: string, scale: number) {
  resvg ??= require('@resvg/resvg-js') as ResvgModule;
  const image = new resvg.Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT, sansSerifFamily: FONT },
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
  });
  return image.render();
}

export function svgToPng(svg: string, scale = 2): Uint8Array {
  return rasterise(svg, scale).asPng();
}

/** The RGBA pixels of an SVG drawn at `scale` (for checking what a chart looks like). */
export function svgToPixels(svg: string, scale = 1): { width: number; height: number; pixels: Uint8Array } {
  const image = rasterise(svg, scale);
  return { width: image.width, height: image.height, pixels: image.pixels };
}
