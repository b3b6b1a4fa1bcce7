/**
 * `battle-odds compare A B`: two rule sets, as two scenario files (run here, their sampled cells on
 * common random numbers) or two results folders (read from their report.json), compared cell by cell
 * (src/core/run/compare.ts), written as a results folder of its own, `<out>/compare-<A>-vs-<B>/`
 * (compare.csv, report.json, the difference chart, its page and headline.json), listed in the results
 * home. Bad input is one line naming the file and field, exit 2, and nothing is written.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError, oneLine } from '../core/model/inputError.js';
import { loadScenario } from '../files/scenarioFile.js';
import { compareReports, compareScenarios, type CompareReport, type Correction } from '../core/run/compare.js';
import { compareSummary, compareWords } from '../core/run/compareWords.js';
import { scenarioReportSchema } from '../core/registry/report.js';
import type { ScenarioReport } from '../core/model/report.js';
import { ResultsFolder } from '../files/resultsFolder.js';
import { writeResultsHome } from '../files/resultsHome.js';
import { HEADLINE_FILE } from '../output/home.js';
import { compareChart, compareCsv, compareHeadline, comparePage } from '../output/compare.js';
import { specJson, toVegaLite, PAGE_ROOM } from '../output/charts/vegaLite.js';
import { slug } from '../core/model/fileNames.js';
import { mainIssue, issueField, friendlyMessage } from '../core/engine/validate/entry.js';
import { packageVersion } from '../files/packageInfo.js';
import { overridesFrom, type SessionOptions } from './options.js';
import { chooseExecutor } from './chooseExecutor.js';
import { RunSession } from './session.js';
import { sampledTrials } from '../core/run/runScenario.js';
import type { Streams } from './streams.js';

export interface CompareOptions extends SessionOptions {
  out: string;
  charts: boolean;
  png?: boolean;
  force?: boolean;
  correction: Correction;
  json?: boolean;
}

/** Compares A and B and writes the comparison's folder; prints its words and where it is. */
export async function runCompare(
  a: string,
  b: string,
  options: CompareOptions,
  streams: Streams,
): Promise<CompareReport> {
  const kinds = [a, b].map(kindOf);
  if (kinds[0] !== kinds[1])
    throw new InputError(
      b,
      '',
      `is a ${kinds[1]} and A (${a}) a ${kinds[0]}: compare two scenario files or two results folders`,
    );
  const version = packageVersion();
  const folders = kinds[0] === 'results folder';
  const reports = folders ? [readReport(a), readReport(b)] : null;
  const scenarios = folders ? null : [loadScenario(a), loadScenario(b)];
  const names = reports ? reports.map((r) => r.scenario) : scenarios!.map((s) => s.name);
  const name = `compare-${slug(names[0]) || 'a'}-vs-${slug(names[1]) || 'b'}`;
  const dir = path.join(options.out, name);
  // The folder is checked and staged before anything runs: one that cannot be written is refused first.
  const folder = ResultsFolder.open(dir, {
    force: options.force,
    flag: '--out',
    contents: { battles: 0, sweepCells: 1, charts: options.charts },
  });
  let report: CompareReport;
  try {
    let compared: Omit<CompareReport, 'summary' | 'words'>;
    if (reports) {
      const options_ = { correction: options.correction, version };
      compared = compareReports({ folder: a, report: reports[0] }, { folder: b, report: reports[1] }, options_);
    } else {
      const [sa, sb] = scenarios!;
      const overrides = overridesFrom(options);
      const total = sampledTrials(sa, overrides) + sampledTrials(sb, overrides);
      const session = RunSession.open({
        executor: await chooseExecutor(options.threads, total),
        progress: { stream: streams.stderr, show: Boolean(streams.stderr.isTTY) && !options.json },
      });
      try {
        compared = await compareScenarios(sa, sb, overrides, session.executor, {
          correction: options.correction,
          version,
          signal: session.signal,
        });
      } finally {
        await session.close();
      }
    }
    const summary = compareSummary(compared);
    report = { ...compared, summary, words: compareWords(summary) };
    await writeComparison(folder, report, options);
  } catch (error) {
    folder.abort();
    throw error;
  }
  const home = await writeResultsHome(options.out, [name], { force: options.force });
  if (options.json) streams.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    streams.stdout.write(`${report.words.map((w) => w.text).join('\n')}\n`);
    streams.stdout.write(`  -> ${oneLine(dir)}/ (compare.csv, the difference chart, index.html)\n`);
    if (home.written)
      streams.stdout.write(`Open ${oneLine(home.file)}: every results folder, this comparison among them\n`);
  }
  return report;
}

function kindOf(input: string): 'scenario file' | 'results folder' {
  if (!existsSync(input)) throw new InputError(input, '', 'no such file or folder');
  if (statSync(input).isDirectory()) {
    if (!existsSync(path.join(input, 'report.json')))
      throw new InputError(input, 'report.json', 'is missing: not a battle-odds results folder of one scenario');
    return 'results folder';
  }
  return 'scenario file';
}

/** A results folder's report.json, checked against the published report schema. */
function readReport(folder: string): ScenarioReport {
  const file = path.join(folder, 'report.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(file, '', `is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = scenarioReportSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = mainIssue(parsed.error.issues);
    throw new InputError(file, issueField(issue), friendlyMessage(issue));
  }
  return parsed.data as unknown as ScenarioReport;
}

/** The comparison's folder, all or nothing (ResultsFolder): its CSV, report, chart, page and headline. */
async function writeComparison(folder: ResultsFolder, report: CompareReport, options: CompareOptions): Promise<void> {
  folder.writeFile('compare.csv', compareCsv(report));
  folder.writeFile('report.json', `${JSON.stringify(report, null, 2)}\n`);
  let chart: { file: string; title: string } | null = null;
  if (options.charts) {
    const { renderSvg, svgToPng } = await import('../output/render.js');
    const request = compareChart(report);
    const spec = toVegaLite(request, PAGE_ROOM);
    const svg = await renderSvg(spec);
    folder.writeFile('difference.vl.json', specJson(spec));
    folder.writeFile('difference.svg', svg);
    if (options.png !== false) folder.writeFile('difference.png', svgToPng(svg));
    chart = { file: 'difference.svg', title: request.title };
  }
  folder.writeFile('index.html', comparePage(report, chart));
  folder.writeFile(HEADLINE_FILE, `${JSON.stringify(compareHeadline(report), null, 2)}\n`);
  await folder.flush();
  folder.commit();
}
