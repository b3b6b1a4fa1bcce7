/**
 * Writes a run's files under one folder. Every file's contents are produced in
 * memory first (rendering included), then each is written atomically, so an error
 * while rendering leaves no file behind and no file is ever half written.
 */
import path from 'node:path';
import type { RunReport } from '../engine/runBattle.js';
import { writeFileAtomic } from './atomicWrite.js';
import { distributionsCsv, summaryCsv, tableCsv } from './csv.js';
import { distributionChart, type VegaLiteSpec } from './charts.js';
import { renderSvg, svgToPng } from './render.js';
import { CHART_CONFIG } from './theme.js';
import { slug } from './format.js';

export interface RunMeta {
  scenario: string;
  description?: string;
  file?: string;
  system: string;
  seed: string | number;
  version: string;
  startedAt: string;
  elapsedMs: number;
  threads: number;
  partial: boolean;
}

export interface WrittenFiles {
  dir: string;
  files: string[];
}

export async function writeResults(dir: string, meta: RunMeta, reports: RunReport[], options: { charts?: boolean } = {}): Promise<WrittenFiles> {
  const contents = new Map<string, string | Uint8Array>();
  contents.set('summary.csv', summaryCsv(meta.scenario, reports));
  contents.set('distributions.csv', distributionsCsv(meta.scenario, reports));
  contents.set('report.json', `${JSON.stringify({ ...meta, battles: reports }, null, 2)}\n`);
  for (const r of reports) {
    const name = slug(r.label);
    for (const [table, rows] of Object.entries(r.tables ?? {})) contents.set(`${name}-${slug(table)}.csv`, tableCsv(rows));
    if (options.charts === false) continue;
    const charts: Array<[string, VegaLiteSpec]> = [];
    const main = distributionChart(r);
    if (main) charts.push([name, main]);
    for (const extra of r.charts ?? []) charts.push([`${name}-${slug(extra.name)}`, { config: CHART_CONFIG, ...extra.spec }]);
    for (const [file, spec] of charts) {
      const svg = await renderSvg(spec);
      contents.set(`${file}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
      contents.set(`${file}.svg`, svg);
      contents.set(`${file}.png`, svgToPng(svg));
    }
  }
  for (const [file, data] of contents) writeFileAtomic(path.join(dir, file), data);
  return { dir, files: [...contents.keys()] };
}
