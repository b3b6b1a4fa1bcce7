/**
 * Renders one example of every chart kind (test/output/fixtures.ts) to look at:
 *   npx tsx scripts/chart-gallery.ts [out-dir] [--hostile]
 * writes <name>.png (2x), <name>-phone.png (as a 390 px wide phone shows it: scaled to
 * 358 px of content width, never enlarged), <name>.svg and <name>.vl.json, and prints
 * each chart's natural size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gallery, hostile } from '../test/output/fixtures.js';
import { toVegaLite } from '../src/output/charts/vegaLite.js';
import { renderSvg, svgToPng } from '../src/output/render.js';

const PHONE_CONTENT_WIDTH = 358;
const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? '/tmp/charts-review';
const hostileToo = args.includes('--hostile');
mkdirSync(out, { recursive: true });

const examples = gallery();
const all = hostileToo
  ? [...examples, ...examples.map(([n, r]): [string, typeof r] => [`hostile-${n}`, hostile(r)])]
  : examples;
for (const [name, request] of all) {
  const spec = toVegaLite(request);
  const svg = await renderSvg(spec);
  const width = Number(/width="([\d.]+)"/.exec(svg)?.[1]);
  const height = Number(/height="([\d.]+)"/.exec(svg)?.[1]);
  writeFileSync(path.join(out, `${name}.vl.json`), JSON.stringify(spec, null, 2));
  writeFileSync(path.join(out, `${name}.svg`), svg);
  writeFileSync(path.join(out, `${name}.png`), svgToPng(svg));
  writeFileSync(path.join(out, `${name}-phone.png`), svgToPng(svg, Math.min(1, PHONE_CONTENT_WIDTH / width)));
  console.log(`${name.padEnd(40)} ${width} x ${height}`);
}
