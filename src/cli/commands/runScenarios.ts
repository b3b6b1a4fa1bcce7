/** The body of `battle-odds run`: validate every file, run each scenario, write its results folder. */
import path from 'node:path';
import type { Scenario } from '../../engine/scenario/scenario.js';
import type { Executor } from '../../engine/executor.js';
import type { BattleReport, ScenarioReport } from '../../engine/report.js';
import { expandScenarioPaths, loadScenario } from '../../node/scenarioFile.js';
import { checkOutFlag } from '../../node/outputFolderCheck.js';
import { InputError, oneLine } from '../../engine/inputError.js';
import { overridesFrom } from '../engineOptions.js';
import { chooseExecutor, readySignal } from '../jobs.js';
import { createProgress, createRunProgress } from '../progress.js';
import { estimateRun, type RunEstimate } from '../../app/estimate.js';
import { FEW_SECONDS, estimateLine, planText } from '../planText.js';
import { checkOutputFolder } from '../../node/outputFolderCheck.js';
import { plannedThreads } from '../jobs.js';
import { interruptSignal } from '../interrupt.js';
import { formatBattle, formatBattleBrief, formatSweep } from '../../output/terminal.js';
import { openResults, type ReportText, type ResultsWriter } from '../../node/writeResults.js';
import { packageVersion } from '../../node/packageInfo.js';
import { runScenario, sampledTrials } from '../../app/runScenario.js';
import { runSizeNote } from '../../app/runSize.js';
import { writeResultsHome } from '../../node/resultsHome.js';
import type { CliIO } from '../io.js';
import type { RunFlags } from './run.js';

export async function runScenarios(paths: string[], flags: RunFlags, io: CliIO): Promise<void> {
  // Validate every file before running anything: bad input writes nothing.
  checkOutFlag(flags.out);
  if (flags.queue === undefined && (flags.verify !== undefined || flags.verifySeed !== undefined))
    throw new InputError(
      flags.verify !== undefined ? '--verify' : '--verify-seed',
      '',
      'applies only with --queue (it checks the workers; `merge --verify` checks shards)',
    );
  const scenarios: Scenario[] = expandScenarioPaths(paths).map(loadScenario);
  const names = new Map<string, string>();
  for (const s of scenarios) {
    const other = names.get(s.name);
    if (other)
      throw new InputError(
        s.file,
        'name',
        `'${s.name}' is also the name of ${other}; results would overwrite each other`,
      );
    names.set(s.name, s.file);
  }
  const overrides = overridesFrom(flags);
  const total = scenarios.reduce((s, sc) => s + sampledTrials(sc, overrides), 0);
  const contents = (s: Scenario) => ({
    battles: s.battles.length,
    sweepCells: s.sweep ? s.sweep.cells.length * s.sweep.variants.length : 0,
    charts: flags.charts,
  });
  if (flags.dryRun) {
    // The checks the run would make of its folders (nothing is created), then the plan.
    for (const s of scenarios)
      checkOutputFolder(path.join(flags.out, s.name), { force: flags.force, contents: contents(s) });
    const estimate = estimateRun(scenarios, overrides, plannedThreads(flags.threads, total));
    io.stdout.write(`${planText(estimate)}dry run: nothing was run or written\n`);
    return;
  }
  // Every results folder is opened (checked, locked, staged) before any simulation: a folder
  // that cannot be written, or that another run is writing, is refused before work starts.
  const folders: ResultsWriter[] = [];
  try {
    for (const s of scenarios)
      folders.push(
        openResults(path.join(flags.out, s.name), {
          charts: flags.charts,
          png: flags.png,
          force: flags.force,
          keepReport: Boolean(flags.json),
          battles: contents(s).battles,
          sweepCells: contents(s).sweepCells,
        }),
      );
  } catch (error) {
    for (const folder of folders) folder.abort();
    throw error;
  }
  const note = runSizeNote(
    total,
    scenarios.some((s) => (overrides.method ?? s.method) === 'auto'),
  );
  if (note) io.stderr.write(`battle-odds: note: ${note}\n`);
  let executor: Executor;
  try {
    // --queue: the chunks run on the worker fleet behind a Redis (docs/fleet.md).
    executor = flags.queue
      ? await (await import('../../fleet/cli/queueRun.js')).openFleet({ ...flags, queue: flags.queue }, io)
      : await chooseExecutor(flags.threads, total);
  } catch (error) {
    // No fleet, no run: the folders opened for it are released untouched.
    for (const folder of folders) folder.abort();
    throw error;
  }
  const interrupt = interruptSignal();
  const showBar = Boolean(io.stderr.isTTY) && !flags.json;
  // A run that may take a while says how long first, and shows one bar for the whole run.
  let estimate: RunEstimate | undefined;
  if (!flags.queue && worthEstimating(scenarios, total)) {
    estimate = estimateRun(scenarios, overrides, executor.threads);
    if (estimate.seconds > FEW_SECONDS) io.stderr.write(`battle-odds: ${estimateLine(estimate)}\n`);
  }
  const runProgress = estimate ? createRunProgress(io.stderr, showBar, estimate.scenarios) : undefined;
  const progress = runProgress ?? createProgress(io.stderr, showBar);
  const version = packageVersion();
  // Each battle is written and printed as it finishes, then dropped: memory does not grow
  // with the number of battles. --json prints the reports from the report.json files written.
  const reports: ReportText[] = [];
  // Scenario folders swapped in by this run: the results home lists them (and earlier runs' folders).
  const committed: string[] = [];
  let finished = false;
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (interrupt.signal.aborted) break;
      const results = folders[i];
      runProgress?.scenario(i);
      const printer = flags.json ? undefined : scenarioPrinter(io, scenario, Boolean(flags.brief), flags.quantiles);
      let battles = 0;
      const onBattle = async (battle: BattleReport) => {
        await results.battle(battle);
        printer?.battle(battle);
        battles++;
      };
      let report: ScenarioReport;
      try {
        report = await runScenario(
          scenario,
          overrides,
          executor,
          { version, file: scenario.file },
          { signal: interrupt.signal, progress, onBattle, onStarted: readySignal(), retainBattles: false },
        );
      } catch (error) {
        results.abort();
        throw error;
      }
      if (battles === 0 && !report.sweep) {
        results.abort();
        break;
      }
      const written = await results.finish(report);
      committed.push(scenario.name);
      if (written.reportText) reports.push(written.reportText);
      if (printer) {
        printer.end(report.sweep);
        const partial = report.partial ? ', PARTIAL' : '';
        io.stdout.write(`  -> ${oneLine(written.dir)}/ (${written.files.length} files${partial})\n\n`);
      }
    }
    if (flags.json) await printReports(io, reports);
    finished = true;
  } finally {
    // The home is written whatever ended the run, as long as some folder was swapped in.
    if (committed.length > 0) {
      const home = await writeResultsHome(flags.out, committed, { force: flags.force });
      if (finished && !flags.json) io.stdout.write(homeLine(home, committed.length));
      else if (!home.written) io.stderr.write(`battle-odds: note: ${homeLine(home, committed.length)}`);
    }
    // Folders of scenarios that never ran (an interrupt, an error) are dropped, not half written.
    for (const folder of folders) folder.abort();
    for (const report of reports) report.close();
    progress.stop();
    runProgress?.end();
    interrupt.dispose();
    await executor.close();
  }
}

/** Sampling beyond this many battles, or this many cells or battles to solve, may take more than a few seconds. */
const ESTIMATE_FROM = { battles: 2e6, units: 200 };

function worthEstimating(scenarios: Scenario[], sampled: number): boolean {
  const units = scenarios.reduce((s, sc) => s + sc.battles.length + (sc.sweep?.cells.length ?? 0), 0);
  return sampled >= ESTIMATE_FROM.battles || units >= ESTIMATE_FROM.units;
}

/** The run's last line: the page to open. */
function homeLine(home: Awaited<ReturnType<typeof writeResultsHome>>, scenarios: number): string {
  const what = `${scenarios} scenario${scenarios === 1 ? '' : 's'} from this run`;
  if (home.written)
    return `Open ${oneLine(home.file)}: every scenario in the folder (${what}), each linked to its page\n`;
  return `${oneLine(home.file)} not written (${home.why}); each scenario's page is <folder>/index.html\n`;
}

/** The terminal's account of a scenario, a battle at a time; the heading comes with the first thing printed. */
function scenarioPrinter(io: CliIO, scenario: Scenario, brief: boolean, quantiles?: boolean) {
  let headed = false;
  const heading = () => {
    if (headed) return;
    headed = true;
    const about = scenario.description ? `: ${scenario.description}` : '';
    io.stdout.write(`== ${scenario.name} (${scenario.system.id})${about}\n`);
  };
  return {
    battle(r: BattleReport) {
      heading();
      io.stdout.write(brief ? formatBattleBrief(r) : `${formatBattle(r, { quantiles })}\n`);
    },
    end(sweep: ScenarioReport['sweep']) {
      heading();
      if (sweep) io.stdout.write(formatSweep(sweep));
    },
  };
}

/**
 * `run --json`: one JSON array of the scenarios' reports, as JSON.stringify(reports, null, 2)
 * writes it, copied from each report.json (each line indented one level) instead of held.
 */
async function printReports(io: CliIO, reports: ReportText[]): Promise<void> {
  if (reports.length === 0) {
    io.stdout.write('[]\n');
    return;
  }
  io.stdout.write('[\n');
  for (const [i, report] of reports.entries()) {
    // Every newline but the file's last (held back until more text shows it was not the last).
    let held = false;
    io.stdout.write('  ');
    await report.copyTo((piece) => {
      let text = held ? `\n${piece}` : piece;
      held = text.endsWith('\n');
      if (held) text = text.slice(0, -1);
      io.stdout.write(text.replace(/\n/g, '\n  '));
    });
    io.stdout.write(i < reports.length - 1 ? ',\n' : '\n]\n');
  }
}
