/**
 * Writing a run's results folder as a transaction (src/node/resultsFolder.ts): every file
 * goes into a staging folder beside the target, each battle's tables and charts as soon as
 * the battle finishes (memory stays bounded in the number of battles), and the finished
 * folder replaces the target at the end. An error or an interrupt before that leaves the
 * old folder as it was; a second run writing the same folder is refused.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ResultsFolder } from './resultsFolder.js';
import { slug } from '../engine/fileNames.js';
import type { BattleReport, ChartRequest, ScenarioReport } from '../engine/report.js';
import { battleTableFiles, distributionsCsv, summaryCsv, sweepCsv, thresholdsCsv } from '../output/csv.js';
import { reportHtml, type ChartFile } from '../output/html.js';
import { toVegaLite } from '../output/charts/vegaLite.js';
import { distributionRequest, sweepRequests } from '../output/charts/fromReport.js';

export interface WrittenFiles {
  dir: string;
  files: string[];
}

export interface ResultsWriter {
  /** Writes one finished battle's tables and charts into the staging folder now. */
  battle(report: BattleReport): Promise<void>;
  /** Writes the run's own files, then swaps the staging folder in for the target. */
  finish(report: ScenarioReport): Promise<WrittenFiles>;
  /** Drops the staging folder; the target is left as it was. */
  abort(): void;
}

export interface ResultsOptions {
  charts?: boolean;
  /** Replace a folder that is not an earlier battle-odds results folder. */
  force?: boolean;
  /** The flag that named the folder, for messages (default --out). */
  flag?: string;
  /** Battles the run writes (default 1) and sweep cells times variants (default 0): the free-space check's estimate. */
  battles?: number;
  sweepCells?: number;
}

/**
 * Opens the results folder as a transaction: call it before any simulation, so a folder
 * that cannot be written, or that another run is writing, is refused before work starts.
 */
export function openResults(dir: string, options: ResultsOptions = {}): ResultsWriter {
  const contents = {
    battles: options.battles ?? 1,
    sweepCells: options.sweepCells ?? 0,
    charts: options.charts !== false,
  };
  const folder = ResultsFolder.open(dir, { force: options.force, flag: options.flag ?? '--out', contents });
  const files: string[] = [];
  const battleCharts = new Map<string, ChartFile[]>();
  const write = (name: string, data: string | Uint8Array) => {
    folder.writeFile(name, data);
    files.push(name);
  };
  const drawCharts = async (stem: string, requests: ChartRequest[]): Promise<ChartFile[]> => {
    if (options.charts === false || requests.length === 0) return [];
    const { renderSvg, svgToPng } = await import('../output/render.js');
    const drawn: ChartFile[] = [];
    const used = new Set<string>();
    for (const request of requests) {
      // Chart names are the system's, ASCII; two charts of one battle never share a file.
      const part = slug(request.name) || 'chart';
      let unique = part;
      for (let n = 2; used.has(unique); n++) unique = `${part}-${n}`;
      used.add(unique);
      const name = `${stem}.${unique}`;
      const spec = toVegaLite(request);
      const svg = await renderSvg(spec);
      write(`${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`);
      write(`${name}.svg`, svg);
      write(`${name}.png`, svgToPng(svg));
      drawn.push({ file: `${name}.svg`, title: request.title });
      // resvg's images (megabytes of native memory each) are freed by finalizers that run on the
      // event loop, and drawing never waits for I/O: without a turn of the loop they pile up
      // (a run of 400 battles with charts grew to 1.2 GB; with it, memory stays flat).
      await yieldToEventLoop();
    }
    return drawn;
  };
  return {
    async battle(report) {
      for (const [name, text] of battleTableFiles(report)) write(name, text);
      const main = distributionRequest(report);
      battleCharts.set(report.file, await drawCharts(report.file, [...(main ? [main] : []), ...report.charts]));
    },
    async finish(report) {
      if (report.battles.length > 0) {
        write('summary.csv', summaryCsv(report));
        write('distributions.csv', distributionsCsv(report));
      }
      let sweepCharts: ChartFile[] = [];
      if (report.sweep) {
        write('sweep.csv', sweepCsv(report.sweep));
        if (report.sweep.thresholds.length > 0) write('thresholds.csv', thresholdsCsv(report.sweep));
        sweepCharts = await drawCharts('sweep', sweepRequests(report.scenario, report.sweep));
      }
      write('report.json', `${JSON.stringify(report, null, 2)}\n`);
      const battles = report.battles.map((b) => battleCharts.get(b.file) ?? []);
      write('index.html', reportHtml(report, { battles, sweep: sweepCharts }));
      folder.commit();
      return { dir, files };
    },
    abort() {
      folder.abort();
    },
  };
}
