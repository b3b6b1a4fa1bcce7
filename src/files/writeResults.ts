/**
 * Writing a run's results folder as a transaction (src/files/resultsFolder.ts): every file
 * goes into a staging folder beside the target, and the finished folder replaces the target
 * at the end. An error or an interrupt before that leaves the old folder as it was; a second
 * run writing the same folder is refused.
 *
 * Memory does not grow with the number of battles: each battle's tables and charts are
 * written as it finishes, its rows of distributions.csv appended, and what the run's own
 * files need from it (its summary.csv row, its block of report.json, its section of
 * index.html) goes to spools in the staging folder; `finish` writes those files from the
 * spools a piece at a time. The bytes are those of the whole-report renderers (summaryCsv,
 * JSON.stringify, reportHtml), which a test holds them to.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { ResultsFolder } from './resultsFolder.js';
import type { Spool } from './spool.js';
import { slug } from '../core/model/fileNames.js';
import { pacer } from '../core/engine/sample/executor.js';
import type { BattleReport, Cell, ChartRequest, ScenarioReport } from '../core/model/report.js';
import {
  ColumnSet,
  DISTRIBUTION_COLUMNS,
  SUMMARY_KEEP,
  battleTableFiles,
  csvLines,
  distributionRows,
  rowOf,
  summaryPairs,
  sweepCsv,
  thresholdsCsv,
  solvedCsv,
} from '../output/csv.js';
import { battleSection, pageHead, pageTail, sweepSection, type ChartFile } from '../output/html.js';
import { rulebookCsv, rulebookMarkdown, rulebookPage, rulebookTables } from '../output/rulebook.js';
import { battleJson, reportJsonFrame } from '../output/reportJson.js';
import { PAGE_ROOM, specJson, toVegaLite, type ChartRoom } from '../output/charts/vegaLite.js';
import { HEADLINE_FILE, HOME_ANSWERS, battleAnswer, headlineFile } from '../output/home.js';
import { distributionRequest, sweepRequests } from '../output/charts/fromReport.js';

export interface WrittenFiles {
  dir: string;
  files: string[];
  /** With `keepReport`: report.json as written, to copy out (run --json) whatever becomes of the folder. */
  reportText?: ReportText;
}

export interface ReportText {
  /** Writes the text out a piece at a time, then closes it. */
  copyTo(write: (text: string) => void): Promise<void>;
  close(): void;
}

export interface ResultsWriter {
  /** Writes one finished battle's tables and charts into the staging folder now. */
  battle(report: BattleReport): Promise<void>;
  /** Writes the run's own files, then swaps the staging folder in for the target. */
  finish(report: ScenarioReport): Promise<WrittenFiles>;
  /**
   * Writes the run's own files and flushes them, short of the swap: `commit()` swaps them in. A caller
   * writing several folders as one (a merge) prepares them all before it commits any.
   */
  prepare(report: ScenarioReport): Promise<PreparedResults>;
  /** Drops the staging folder; the target is left as it was. */
  abort(): void;
  /** A spool in the staging folder (dropped with it), for text the caller holds back until the run is checked. */
  spool(name: string): Spool;
}

/** A results folder written and flushed in staging, waiting for its swap. */
export interface PreparedResults {
  commit(): WrittenFiles;
}

export interface ResultsOptions {
  charts?: boolean;
  /** Each chart's PNG beside its SVG (default true). */
  png?: boolean;
  /** Replace a folder that is not an earlier battle-odds results folder. */
  force?: boolean;
  /** The flag that named the folder, for messages (default --out). */
  flag?: string;
  /** Battles the run writes (default 1) and sweep cells times variants (default 0): the free-space check's estimate. */
  battles?: number;
  sweepCells?: number;
  /** Keep report.json open after the swap (WrittenFiles.reportText). */
  keepReport?: boolean;
  /** The folder is `<out>/<name>`, inside a run's --out: a link there is replaced, never followed. */
  inside?: boolean;
  /** Write a sweep's rulebook tables (rulebook.md, .csv, .html), rounded to this many decimals. */
  rulebook?: number;
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
  const folder = ResultsFolder.open(dir, {
    force: options.force,
    flag: options.flag ?? '--out',
    contents,
    inside: options.inside,
  });
  const files: string[] = [];
  const write = (name: string, data: string | Uint8Array) => {
    folder.writeFile(name, data);
    files.push(name);
  };
  const drawCharts = async (stem: string, requests: ChartRequest[], room?: ChartRoom): Promise<ChartFile[]> => {
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
      const spec = toVegaLite(request, room);
      const svg = await renderSvg(spec);
      await yieldToEventLoop();
      write(`${name}.vl.json`, specJson(spec));
      write(`${name}.svg`, svg);
      if (options.png !== false) write(`${name}.png`, svgToPng(svg));
      drawn.push({ file: `${name}.svg`, title: request.title });
      // resvg's images (megabytes of native memory each) are freed by finalizers that run on the
      // event loop, and drawing never waits for I/O: without a turn of the loop they pile up
      // (a run of 400 battles with charts grew to 1.2 GB; with it, memory stays flat). A second
      // Ctrl-C is seen here too.
      await yieldToEventLoop();
    }
    return drawn;
  };

  // What the run's own files need from the battles, a battle at a time.
  const summaryColumns = new ColumnSet(SUMMARY_KEEP);
  const summaryRows = folder.spool('summary');
  const distributions = folder.spool('distributions');
  const reportBattles = folder.spool('report');
  const pageSections = folder.spool('page');
  let battles = 0;
  let exactBattles = true;
  // The first battles' answers, for the results home (headline.json).
  const answers: Array<{ label: string; text: string }> = [];
  const dropSpools = () => [summaryRows, distributions, reportBattles, pageSections].forEach((spool) => spool.remove());

  const writer: ResultsWriter = {
    async battle(report) {
      for (const [name, text] of battleTableFiles(report)) write(name, text);
      const main = distributionRequest(report);
      const charts = await drawCharts(report.file, [...(main ? [main] : []), ...report.charts]);
      const first = battles === 0;
      // The scenario's name, each row's first cell, is the report's: it is put in at the end.
      const pairs = summaryPairs('', report);
      folder.guard(() => {
        distributions.append(
          distributionRows('', report)
            .map((row) => `${encodeCells(row)}\n`)
            .join(''),
        );
        summaryColumns.add(pairs);
        summaryRows.append(`${encodeCells(pairs.flat())}\n`);
        reportBattles.append(battleJson(report, first));
        pageSections.append(`${first ? '' : '\n'}${battleSection(report, charts)}`);
      });
      battles++;
      if (answers.length < HOME_ANSWERS) answers.push(battleAnswer(report));
      if (report.method !== 'exact') exactBattles = false;
    },
    async finish(report) {
      return (await writer.prepare(report)).commit();
    },
    async prepare(report) {
      if (report.battles.length > 0 && report.battles.length !== battles)
        throw new Error(`writeResults: ${report.battles.length} battles in the report, ${battles} written`);
      const pace = pacer();
      if (battles > 0) {
        const scenario = report.scenario;
        await folder.writeThrough('summary.csv', async (fd) => {
          const columns = summaryColumns.used();
          const out = new CsvWriter(fd, columns);
          await summaryRows.forEachLine((line) => {
            const pairs = pairsOf(decodeCells(line));
            pairs[0] = ['scenario', scenario];
            out.row(rowOf(columns, pairs));
          });
          out.flush();
        });
        await folder.writeThrough('distributions.csv', async (fd) => {
          const out = new CsvWriter(fd, DISTRIBUTION_COLUMNS);
          await distributions.forEachLine((line) => {
            const row = decodeCells(line);
            row[0] = scenario;
            out.row(row);
          });
          out.flush();
        });
        files.push('summary.csv', 'distributions.csv');
      }
      await pace();
      let sweepCharts: ChartFile[] = [];
      if (report.sweep) {
        write('sweep.csv', sweepCsv(report.sweep));
        if (report.sweep.thresholds.length > 0) write('thresholds.csv', thresholdsCsv(report.sweep));
        if (report.sweep.solved) write('solved.csv', solvedCsv(report.sweep));
        const rulebook = options.rulebook !== undefined ? rulebookTables(report.sweep, options.rulebook) : null;
        if (rulebook) {
          write('rulebook.md', rulebookMarkdown(report.scenario, report.sweep, rulebook));
          write('rulebook.csv', rulebookCsv(rulebook));
          write('rulebook.html', rulebookPage(report.scenario, report.sweep, rulebook));
        }
        // A sweep's grids are built for the page's width: room for their numbers.
        sweepCharts = await drawCharts('sweep', sweepRequests(report.scenario, report.sweep), PAGE_ROOM);
      }
      const frame = reportJsonFrame(report, battles);
      await folder.writeThrough('report.json', async (fd) => {
        writeSync(fd, frame.head);
        await reportBattles.copyTo(fd);
        writeSync(fd, frame.tail);
      });
      files.push('report.json');
      await pace();
      await folder.writeThrough('index.html', async (fd) => {
        writeSync(fd, pageHead(report, exactBattles));
        if (report.sweep) writeSync(fd, `${sweepSection(report.sweep, sweepCharts)}${battles > 0 ? '\n' : ''}`);
        await pageSections.copyTo(fd);
        writeSync(fd, pageTail(report, battles > 0));
      });
      files.push('index.html');
      write(HEADLINE_FILE, `${JSON.stringify(headlineFile(report, battles, answers), null, 2)}\n`);
      folder.guard(dropSpools);
      const reportText = options.keepReport ? openForReading(folder.pathOf('report.json')) : undefined;
      try {
        await folder.flush();
        // A second Ctrl-C that came while the files were written and flushed is seen here, before
        // the swap: it quits with the old folder as it was. The swap itself is two renames.
        await yieldToEventLoop();
      } catch (error) {
        reportText?.close();
        throw error;
      }
      return {
        commit() {
          try {
            folder.commit();
          } catch (error) {
            reportText?.close();
            throw error;
          }
          return { dir, files, ...(reportText ? { reportText } : {}) };
        },
      };
    },
    abort() {
      folder.abort();
    },
    spool(name) {
      return folder.spool(`held-${name}`);
    },
  };
  return writer;
}

/** CSV cells as one line of a spool: JSON, with the numbers JSON cannot hold (NaN, ±Infinity) tagged. */
function encodeCells(cells: Cell[]): string {
  return JSON.stringify(cells.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? { n: String(v) } : v)));
}

function decodeCells(line: string): Cell[] {
  return (JSON.parse(line) as Array<Cell | { n: string }>).map((v) =>
    v !== null && typeof v === 'object' ? Number(v.n) : v,
  );
}

/** CSV rows to an open file, a thousand at a time (csvLines gives the same bytes in pieces as whole). */
class CsvWriter {
  private rows: Cell[][] = [];
  constructor(
    private readonly fd: number,
    columns: string[],
  ) {
    this.rows.push(columns);
  }
  row(cells: Cell[]): void {
    this.rows.push(cells);
    if (this.rows.length >= 1000) this.flush();
  }
  flush(): void {
    if (this.rows.length > 0) writeSync(this.fd, csvLines(this.rows));
    this.rows = [];
  }
}

/** [column, value, column, value ...] back into pairs. */
function pairsOf(flat: Cell[]): Array<[string, Cell]> {
  const pairs: Array<[string, Cell]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([String(flat[i]), flat[i + 1]]);
  return pairs;
}

/** report.json, readable after the swap whatever becomes of the folder (run --json prints it). */
function openForReading(file: string): ReportText {
  const fd = openSync(file, 'r');
  let closed = false;
  const close = () => {
    if (!closed) closeSync(fd);
    closed = true;
  };
  return {
    async copyTo(write) {
      const pace = pacer();
      // Pieces of 64 KiB: a megabyte string a piece (and its copies: indented, escaped, encoded) went to
      // V8's large-object space, which grew the peak of a `run --json` of 10,000 battles to twice that of 400.
      const buffer = Buffer.alloc(64 * 1024);
      const decoder = new TextDecoder('utf-8');
      try {
        for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;) {
          write(decoder.decode(buffer.subarray(0, n), { stream: true }));
          await pace();
        }
        write(decoder.decode());
      } finally {
        close();
      }
    },
    close,
  };
}
