/**
 * Every chart kind compiles with vega-lite without warnings, renders with the theme's
 * font and its title, fits the documented maximum width without blank margins, and
 * survives hostile user text without it reaching a Vega expression.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartRequest } from '../../src/core/model/report.js';
import { toVegaLite, type VegaLiteSpec } from '../../src/output/charts/vegaLite.js';
import { FONT, SIZE } from '../../src/output/charts/theme.js';
import { compileSpec, renderSvg, svgToPixels } from '../../src/output/render.js';
import { HOSTILE, gallery, hostile, threeCategories } from './fixtures.js';

/** The widest SVG: the content maximum plus the padding on both sides. */
const MAX_SVG_WIDTH = SIZE.maxChartWidth + 2 * SIZE.padding;

interface Rendered {
  name: string;
  request: ChartRequest;
  spec: VegaLiteSpec;
  vega: Record<string, unknown>;
  warnings: string[];
  svg: string;
}

async function render(name: string, request: ChartRequest, draw = true): Promise<Rendered> {
  const spec = toVegaLite(request);
  const warnings: string[] = [];
  const vega = await compileSpec(spec, warnings);
  return { name, request, spec, vega, warnings, svg: draw ? await renderSvg(spec) : '' };
}

function svgWidth(svg: string): number {
  return Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Every string in the compiled Vega spec that Vega parses as an expression. */
function expressions(node: unknown, out: string[] = [], key = ''): string[] {
  if (typeof node === 'string') {
    if (['expr', 'signal', 'update', 'test', 'labelExpr', 'filter', 'calculate'].includes(key)) out.push(node);
  } else if (Array.isArray(node)) for (const v of node) expressions(v, out, key);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) expressions(v, out, k);
  return out;
}

let charts: Rendered[] = [];
let hostiles: Rendered[] = [];

beforeAll(async () => {
  charts = await Promise.all(gallery().map(([name, request]) => render(name, request)));
  // Every hostile chart is compiled; one of each kind is also drawn (drawing is what takes time).
  const drawn = new Set<string>();
  hostiles = await Promise.all(
    gallery().map(([name, request]) => {
      const draw = !drawn.has(request.kind);
      drawn.add(request.kind);
      return render(`hostile ${name}`, hostile(request), draw);
    }),
  );
});

describe('every kind', () => {
  it('the gallery covers every kind', () => {
    const kinds = new Set(charts.map((c) => c.request.kind));
    expect([...kinds].sort()).toEqual(['distribution', 'heatmap', 'intervals', 'lines']);
  });

  it('compiles with vega-lite without warnings', () => {
    for (const c of [...charts, ...hostiles]) expect(c.warnings, c.name).toEqual([]);
  });

  it('renders an SVG containing its title text', () => {
    for (const c of charts) {
      const lines = (c.spec.title as { text: string[] }).text;
      expect(c.request.title.startsWith(lines[0].replace(/…$/, '')), c.name).toBe(true);
      expect(c.svg, c.name).toContain(xml(lines[0]));
    }
  });

  it('writes every text in the theme font', () => {
    for (const c of [...charts, ...hostiles.filter((h) => h.svg)]) {
      const texts = c.svg.match(/<text[^>]*>/g) ?? [];
      expect(texts.length, c.name).toBeGreaterThan(3);
      for (const t of texts) expect(t, c.name).toContain(`font-family="${FONT}"`);
      expect((c.spec.config as { font: string }).font).toBe(FONT);
    }
  });
});

describe('lines', () => {
  it('draws a guide once, with its label, across the plot', () => {
    const c = charts.find((x) => x.request.kind === 'lines' && x.request.guide);
    expect(c).toBeDefined();
    const label = (c!.request as { guide: { label: string } }).guide.label;
    expect(c!.svg.split(`>${xml(label)}<`).length - 1).toBe(1);
    expect(c!.svg).toMatch(/stroke-dasharray="6,4"/);
  });
});

describe('hostile user text', () => {
  it('renders, title included', () => {
    const drawn = hostiles.filter((h) => h.svg);
    expect(drawn.length).toBe(4);
    for (const c of drawn) {
      expect(c.svg, c.name).toContain(xml('Ends in a backslash \\ \'single\' "double"'));
      expect(c.svg, c.name).toContain('Größe über Ωmega');
    }
  });

  it('never reaches a Vega expression', () => {
    const fragments = ['backslash', 'not.a.template', 'Größe', 'xxxxxxxx'];
    for (const c of hostiles)
      for (const e of expressions(c.vega)) for (const f of fragments) expect(e, c.name).not.toContain(f);
  });

  it('keeps within the maximum width (a little slack: estimates of pathological text)', () => {
    for (const c of hostiles.filter((h) => h.svg))
      expect(svgWidth(c.svg), c.name).toBeLessThanOrEqual(MAX_SVG_WIDTH + 8);
    expect(HOSTILE.length).toBeGreaterThan(300);
  });
});

describe('size', () => {
  it(`no chart is wider than ${MAX_SVG_WIDTH} px`, () => {
    for (const c of charts) expect(svgWidth(c.svg), c.name).toBeLessThanOrEqual(MAX_SVG_WIDTH);
  });

  it('a 3-category intervals chart is narrow', async () => {
    const c = await render('three', threeCategories());
    expect(svgWidth(c.svg)).toBeLessThan(300);
  });

  it('leaves no blank margin on the right or at the bottom', () => {
    for (const c of charts) {
      const { width, height, pixels } = svgToPixels(c.svg);
      const inked = (x: number, y: number) => {
        const i = 4 * (y * width + x);
        return pixels[i] < 245 || pixels[i + 1] < 245 || pixels[i + 2] < 245;
      };
      const column = (x: number) => Array.from({ length: height }, (_, y) => y).some((y) => inked(x, y));
      const row = (y: number) => Array.from({ length: width }, (_, x) => x).some((x) => inked(x, y));
      let right = width - 1;
      while (right > 0 && !column(right)) right--;
      let bottom = height - 1;
      while (bottom > 0 && !row(bottom)) bottom--;
      // Only the padding (6 px) and a few pixels of estimate may stay blank.
      expect(width - 1 - right, c.name).toBeLessThanOrEqual(Math.max(14, 0.03 * width));
      expect(height - 1 - bottom, c.name).toBeLessThanOrEqual(14);
    }
  });
});

describe('source rules', () => {
  const dir = new URL('../../src/output/charts/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it('defines the palette once: no hex colour outside theme.ts', () => {
    for (const f of files.filter((f) => f !== 'theme.ts'))
      expect(readFileSync(new URL(f, dir), 'utf8'), f).not.toMatch(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/);
    const theme = readFileSync(new URL('theme.ts', dir), 'utf8');
    for (const colour of ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442'])
      expect(theme.split(colour).length - 1, colour).toBe(1);
  });

  it('loads the chart libraries only when a chart is drawn', () => {
    const render = readFileSync(new URL('../render.ts', dir), 'utf8');
    expect(render).not.toMatch(/^import[^;]*from '(vega|vega-lite|@resvg\/resvg-js)'/m);
    for (const f of files) expect(readFileSync(new URL(f, dir), 'utf8'), f).not.toMatch(/from '(vega|vega-lite)'/);
  });
});
