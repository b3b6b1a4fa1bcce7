/**
 * A run of scenario files (`battle-odds run`): validate every file, open every results folder,
 * then run each scenario in one session and write its folder as its battles finish. What is
 * printed is the caller's (`RunOutput`): the command line prints tables, verdicts or JSON.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Question } from '../core/model/question.js';
import type { Scenario } from '../core/engine/validate/scenario.js';
import type { Executor } from '../core/engine/sample/executor.js';
import type { BattleReport, ScenarioReport } from '../core/model/report.js';
import { expandScenarioPaths, loadScenario } from '../files/scenarioFile.js';
import { checkOutFlag } from '../files/outputFolderCheck.js';
import { InputError, oneLine } from '../core/model/inputError.js';
import { loadFleet } from './fleetPackages.js';
import { openResults, type ReportText, type ResultsWriter } from '../files/writeResults.js';
import { checkOutputFolder } from '../files/outputFolderCheck.js';
import { writeResultsHome } from '../files/resultsHome.js';
import { removeFolderIfEmpty } from '../files/resultsFolder.js';
import { estimateWholeRun, type WholeEstimate } from './runEstimate.js';
import { FEW_SECONDS, estimateLine, planText } from './planText.js';
import { createRunProgress } from './progress.js';
import { packageVersion } from '../files/packageInfo.js';
import { runScenario, sampledTrials } from '../core/run/runScenario.js';
import { runSizeNote } from '../core/run/runSize.js';
import { overridesFrom, type SessionOptions } from './options.js';
import { chooseExecutor, plannedThreads, readySignal } from './chooseExecutor.js';
import { RunSession } from './session.js';
import { knobRange } from '../core/engine/validate/fields.js';
import { entryPathOf } from '../core/form/form.js';
import { SYSTEM_MODULES } from '../core/registry/systems.js';
import type { OutputStream, Streams } from './streams.js';

export interface ScenarioRunOptions extends SessionOptions {
  out: string;
  charts: boolean;
  /** Charts as Vega-Lite and SVG only (no PNG). */
  png?: boolean;
  force?: boolean;
  /** Print the plan and the expected time; run and write nothing. */
  dryRun?: boolean;
  /** With dryRun: the estimate as JSON (the bench reads it). */
  json?: boolean;
  /** Write each sweep's rulebook tables, rounded to this many decimals (`--rulebook`). */
  rulebook?: number;
  /** How a question field is named in a refusal (the command line: its flag). */
  questionName?: (field: keyof Question) => string;
  /** The Redis of a worker fleet to run the chunks on (src/session/queue.ts), and its checks. */
  queue?: string;
  verify?: string;
  verifySeed?: string;
}

/** A scenario's account as it runs: each battle as it is written, then the end with the folder written. */
export interface ScenarioOutput {
  battle(report: BattleReport): void;
  end(report: ScenarioReport, written: { dir: string; files: readonly string[] }): void;
}

/** What the caller shows: per scenario as it runs, or every report.json after the last one. */
/**
 * What the caller shows: per scenario as it runs (written to `out`), or every report.json after the
 * last one.
 */
export type RunOutput =
  | { scenario(scenario: Scenario, out: OutputStream): ScenarioOutput }
  | { reports(reports: readonly ReportText[]): Promise<void> };

export async function runScenarioFiles(
  paths: string[],
  options: ScenarioRunOptions,
  streams: Streams,
  output: RunOutput,
): Promise<void> {
  const keepReports = 'reports' in output;
  // Validate every file before running anything: bad input writes nothing.
  checkOutFlag(options.out);
  if (options.queue === undefined && (options.verify !== undefined || options.verifySeed !== undefined))
    throw new InputError(
      options.verify !== undefined ? '--verify' : '--verify-seed',
      '',
      'applies only with --queue (it checks the workers; `merge --verify` checks shards)',
    );
  // A --queue that is no Redis URL (or empty) is refused before anything is read or run.
  if (options.queue !== undefined)
    (await loadFleet('--queue', () => import('../fleet/queue/connection.js'))).parseQueueUrl(options.queue);
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
  const overrides = overridesFrom(options);
  // A field to solve for is checked on every battle before anything is estimated, run or written.
  if (overrides.question?.solveFor !== undefined) for (const s of scenarios) checkSolveField(s, overrides, options);
  const total = scenarios.reduce((s, sc) => s + sampledTrials(sc, overrides), 0);
  const contents = (s: Scenario) => ({
    battles: s.battles.length,
    sweepCells: s.sweep ? s.sweep.cells.length * s.sweep.variants.length : 0,
    charts: options.charts,
  });
  if (options.dryRun) {
    // The checks the run would make of its folders (nothing is created), then the plan.
    for (const s of scenarios)
      checkOutputFolder(path.join(options.out, s.name), { force: options.force, contents: contents(s), inside: true });
    const estimate = await estimateWholeRun(scenarios, overrides, plannedThreads(options.threads, total), {
      charts: options.charts,
      png: options.png !== false,
    });
    if (options.json) streams.stdout.write(`${JSON.stringify(estimate, null, 2)}\n`);
    else streams.stdout.write(`${planText(estimate)}dry run: nothing was run or written\n`);
    return;
  }
  // A --out folder this run creates is removed again if the run leaves nothing in it (a refusal).
  const outExisted = existsSync(options.out);
  // Every results folder is opened (checked, locked, staged) before any simulation: a folder
  // that cannot be written, or that another run is writing, is refused before work starts.
  const folders: ResultsWriter[] = [];
  try {
    for (const s of scenarios)
      folders.push(
        openResults(path.join(options.out, s.name), {
          charts: options.charts,
          png: options.png,
          force: options.force,
          inside: true,
          keepReport: keepReports,
          battles: contents(s).battles,
          sweepCells: contents(s).sweepCells,
          ...(options.rulebook !== undefined ? { rulebook: options.rulebook } : {}),
        }),
      );
  } catch (error) {
    for (const folder of folders) folder.abort();
    if (!outExisted) removeFolderIfEmpty(options.out);
    throw error;
  }
  const note = runSizeNote(
    total,
    scenarios.some((s) => (overrides.method ?? s.method) === 'auto'),
  );
  if (note) streams.stderr.write(`battle-odds: note: ${note}\n`);
  let executor: Executor;
  try {
    // --queue: the chunks run on the worker fleet behind a Redis (docs/fleet.md).
    executor =
      options.queue !== undefined
        ? await (
            await loadFleet('--queue', () => import('./queue.js'))
          ).openFleet({ ...options, queue: options.queue }, streams)
        : await chooseExecutor(options.threads, total);
  } catch (error) {
    // No fleet, no run: the folders opened for it are released untouched.
    for (const folder of folders) folder.abort();
    if (!outExisted) removeFolderIfEmpty(options.out);
    throw error;
  }
  const showBar = Boolean(streams.stderr.isTTY) && !keepReports;
  // A run that may take a while says how long first, and shows one bar for the whole run.
  let estimate: WholeEstimate | undefined;
  try {
    if (options.queue === undefined && worthEstimating(scenarios, total, options.charts)) {
      estimate = await estimateWholeRun(scenarios, overrides, executor.threads, {
        charts: options.charts,
        png: options.png !== false,
      });
      if (estimate.seconds > FEW_SECONDS) streams.stderr.write(`battle-odds: ${estimateLine(estimate)}\n`);
    }
  } catch (error) {
    for (const folder of folders) folder.abort();
    if (!outExisted) removeFolderIfEmpty(options.out);
    await executor.close();
    throw error;
  }
  const runProgress = estimate ? createRunProgress(streams.stderr, showBar, estimate.scenarios) : undefined;
  const session = RunSession.open({
    executor,
    progress: runProgress ? { bar: runProgress } : { stream: streams.stderr, show: showBar },
  });
  const version = packageVersion();
  // A fleet asked to re-run none of its workers' chunks: each sampled battle and the sweep say so (loaded only for a
  // fleet: node:crypto stays out of every other command's start).
  const uncheckedFleet = options.queue !== undefined ? await fleetNote(options.verify) : undefined;
  // Each battle is written and shown as it finishes, then dropped: memory does not grow
  // with the number of battles. Reports are kept as the report.json files written.
  const reports: ReportText[] = [];
  // Scenario folders swapped in by this run: the results home lists them (and earlier runs' folders).
  const committed: string[] = [];
  let finished = false;
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (session.signal.aborted) break;
      const results = folders[i];
      runProgress?.scenario(i);
      // Results from a worker fleet are shown only once checked (the sampled re-run at the scenario's
      // end): until then what is printed waits in a spool in the folder's staging.
      let held = options.queue !== undefined && 'scenario' in output ? results.spool('terminal') : undefined;
      const out = { write: (text: string) => (held ? held.append(text) : streams.stdout.write(text)) };
      const shown = 'scenario' in output ? output.scenario(scenario, held ? out : streams.stdout) : undefined;
      let battles = 0;
      const onBattle = async (battle: BattleReport) => {
        if (uncheckedFleet && battle.trials > 0) battle.notes.push(uncheckedFleet.note);
        await results.battle(battle);
        shown?.battle(battle);
        battles++;
      };
      let report: ScenarioReport;
      try {
        report = await runScenario(
          scenario,
          overrides,
          session.executor,
          { version, file: scenario.file, questionName: options.questionName },
          {
            signal: session.signal,
            progress: session.progress,
            onBattle,
            onStarted: readySignal(),
            retainBattles: false,
          },
        );
      } catch (error) {
        results.abort();
        throw error;
      }
      if (uncheckedFleet && report.sweep && uncheckedFleet.sampledSweep(report.sweep))
        report.sweep.notes = [...(report.sweep.notes ?? []), uncheckedFleet.note];
      if (battles === 0 && !report.sweep) {
        results.abort();
        break;
      }
      if (held) {
        await held.copyOut((text) => streams.stdout.write(text));
        held.remove();
        held = undefined;
      }
      const written = await results.finish(report);
      committed.push(scenario.name);
      if (written.reportText) reports.push(written.reportText);
      shown?.end(report, written);
    }
    if ('reports' in output) await output.reports(reports);
    finished = true;
  } finally {
    try {
      await session.close();
    } finally {
      // The whole run's bar goes last: closing the session stops the unit in it, which redraws it.
      runProgress?.end();
      // The home is written whatever ended the run, as long as some folder was swapped in.
      if (committed.length > 0) {
        const home = await writeResultsHome(options.out, committed, { force: options.force });
        if (finished && !keepReports) streams.stdout.write(homeLine(home, committed.length));
        else if (!home.written) streams.stderr.write(`battle-odds: note: ${homeLine(home, committed.length)}`);
      }
      // Folders of scenarios that never ran (an interrupt, an error) are dropped, not half written.
      for (const folder of folders) folder.abort();
      for (const report of reports) report.close();
      if (!outExisted) removeFolderIfEmpty(options.out);
    }
  }
}

/**
 * Sampling beyond this many battles, or this much other work (answers: a battle, a cell's variant;
 * a solve: each value it evaluates; a battle's charts), may take more than a few seconds.
 */
const ESTIMATE_FROM = { battles: 2e6, units: 200 };
/** Values a solve evaluates, about (every value of a short range; a scan of a long one). */
const SOLVE_VALUES = 10;
/** Charts a battle draws, about (its distribution and the advice's curve). */
const BATTLE_CHARTS = 2;

function worthEstimating(scenarios: Scenario[], sampled: number, charts: boolean): boolean {
  const units = scenarios.reduce((sum, sc) => {
    const variants = sc.sweep?.variants.length ?? 1;
    const cells = (sc.sweep?.cells.length ?? 0) * variants;
    const solves = (sc.sweep?.solveFor ? cells : 0) + sc.battles.filter((b) => b.solveFor).length;
    return sum + sc.battles.length * (charts ? 1 + BATTLE_CHARTS : 1) + cells + solves * SOLVE_VALUES;
  }, 0);
  return sampled >= ESTIMATE_FROM.battles || units >= ESTIMATE_FROM.units;
}

/** `--solve-for`'s field (and range) on each battle of a scenario, as the run will ask it: refused here first. */
function checkSolveField(
  scenario: Scenario,
  overrides: ReturnType<typeof overridesFrom>,
  options: ScenarioRunOptions,
): void {
  const form = SYSTEM_MODULES.find((m) => m.system.id === scenario.system.id)?.form;
  const name = (field: keyof Question) => options.questionName?.(field) ?? `question.${field}`;
  for (const battle of scenario.battles) {
    if (battle.solveFor) continue;
    knobRange(
      scenario.system,
      battle.entry,
      overrides.question!.solveFor!,
      { source: scenario.file, field: name('solveFor'), rangeField: name('solveRange') },
      (n) => (form ? entryPathOf(form, n) : undefined),
      overrides.question!.solveRange,
    );
  }
}

/** The run's last line: the page to open. */
function homeLine(home: Awaited<ReturnType<typeof writeResultsHome>>, scenarios: number): string {
  const what = `${scenarios} scenario${scenarios === 1 ? '' : 's'} from this run`;
  if (home.written)
    return `Open ${oneLine(home.file)}: every scenario in the folder (${what}), each linked to its page\n`;
  return `${oneLine(home.file)} not written (${home.why}); each scenario's page is <folder>/index.html\n`;
}

/**
 * For a fleet run whose `--verify` re-runs none of the workers' chunks: the note its sampled battles and sweep carry,
 * and which sweeps are sampled; else undefined.
 */
async function fleetNote(verify: string | undefined) {
  const { DEFAULT_VERIFY, parseVerify, sampledSweep, uncheckedNote } = await import('../fleet/verify.js');
  return parseVerify(verify ?? DEFAULT_VERIFY).kind === 'none'
    ? { note: uncheckedNote('worker'), sampledSweep }
    : undefined;
}
