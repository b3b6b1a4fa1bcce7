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
import { slug } from '../engine/slug.js';
import { reportHtml } from './html.js';
import { sweepCharts, sweepRows } from './sweepOutputs.js';
import type { SweepResult } from '../engine/runSweep.js';

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

export async function writeResults(
  dir: string,
  meta: RunMeta,
  reports: RunReport[],
  options: { charts?: boolean; sweep?: SweepResult } = {},
): Promise<WrittenFiles> {
  const contents = new Map<string, string | Uint8Array>();
  const sweep = options.sweep;
  if (reports.length > 0) {
    contents.set('summary.csv', summaryCsv(meta.scenario, reports));
    contents.set('distributions.csv', distributionsCsv(meta.scenario, reports));
  }
  contents.set(
    'report.json',
    `${JSON.stringify({ ...meta, battles: reports, ...(sweep ? { sweep } : {}) }, null, 2)}\n`,
  );
  const battleSvgs = new Map<string, string[]>();
  const sweepSvgs: string[] = [];
  const render = async (file: string, spec: VegaLiteSpec): Promise<string> => {
    const svg = await renderSvg(spec);
    contents.set(`${file}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
    contents.set(`${file}.svg`, svg);
    contents.set(`${file}.png`, svgToPng(svg));
    return svg;
  };
  if (sweep) {
    contents.set('sweep.csv', tableCsv(sweepRows(sweep)));
    if (options.charts !== false)
      for (const [file, spec] of sweepCharts(meta.scenario, sweep)) sweepSvgs.push(await render(file, spec));
  }
  for (const r of reports) {
    const name = slug(r.label);
    for (const [table, rows] of Object.entries(r.tables ?? {}))
      contents.set(`${name}-${slug(table)}.csv`, tableCsv(rows));
    if (options.charts === false) continue;
    const charts: Array<[string, VegaLiteSpec]> = [];
    const main = distributionChart(r);
    if (main) charts.push([name, main]);
    for (const extra of r.charts ?? [])
      charts.push([`${name}-${slug(extra.name)}`, { config: CHART_CONFIG, ...extra.spec }]);
    const svgs: string[] = [];
    for (const [file, spec] of charts) svgs.push(await render(file, spec));
    battleSvgs.set(r.label, svgs);
  }
  contents.set('index.html', reportHtml({ meta, reports, battleSvgs, sweep, sweepSvgs }));
  for (const [file, data] of contents) writeFileAtomic(path.join(dir, file), data);
  return { dir, files: [...contents.keys()] };
}
