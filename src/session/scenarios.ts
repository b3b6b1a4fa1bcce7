/**
 * A run of scenario files (`battle-odds run`): validate every file, open every results folder,
 * then run each scenario in one session and write its folder as its battles finish. What is
 * printed is the caller's (`RunOutput`): the command line prints tables, verdicts or JSON.
 */
import path from 'node:path';
import type { Scenario } from '../engine/scenario/scenario.js';
import type { Executor } from '../engine/executor.js';
import type { BattleReport, ScenarioReport } from '../engine/report.js';
import { expandScenarioPaths, loadScenario } from '../node/scenarioFile.js';
import { checkOutFlag } from '../node/outputFolderCheck.js';
import { InputError } from '../engine/inputError.js';
import { openResults, type ReportText, type ResultsWriter } from '../node/writeResults.js';
import { packageVersion } from '../node/packageInfo.js';
import { runScenario, sampledTrials } from '../app/runScenario.js';
import { runSizeNote } from '../app/runSize.js';
import { overridesFrom, type SessionOptions } from './options.js';
import { chooseExecutor, readySignal } from './executor.js';
import { RunSession } from './session.js';
import type { Streams } from './streams.js';

export interface ScenarioRunOptions extends SessionOptions {
  out: string;
  charts: boolean;
  force?: boolean;
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
export type RunOutput =
  { scenario(scenario: Scenario): ScenarioOutput } | { reports(reports: readonly ReportText[]): Promise<void> };

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
  // Every results folder is opened (checked, locked, staged) before any simulation: a folder
  // that cannot be written, or that another run is writing, is refused before work starts.
  const folders: ResultsWriter[] = [];
  try {
    for (const s of scenarios)
      folders.push(
        openResults(path.join(options.out, s.name), {
          charts: options.charts,
          force: options.force,
          keepReport: keepReports,
          battles: s.battles.length,
          sweepCells: s.sweep ? s.sweep.cells.length * s.sweep.variants.length : 0,
        }),
      );
  } catch (error) {
    for (const folder of folders) folder.abort();
    throw error;
  }
  const overrides = overridesFrom(options);
  const total = scenarios.reduce((s, sc) => s + sampledTrials(sc, overrides), 0);
  const note = runSizeNote(
    total,
    scenarios.some((s) => (overrides.method ?? s.method) === 'auto'),
  );
  if (note) streams.stderr.write(`battle-odds: note: ${note}\n`);
  let executor: Executor;
  try {
    // --queue: the chunks run on the worker fleet behind a Redis (docs/fleet.md).
    executor = options.queue
      ? await (await import('./queue.js')).openFleet({ ...options, queue: options.queue }, streams)
      : await chooseExecutor(options.threads, total);
  } catch (error) {
    // No fleet, no run: the folders opened for it are released untouched.
    for (const folder of folders) folder.abort();
    throw error;
  }
  const session = RunSession.open({
    executor,
    progress: { stream: streams.stderr, show: Boolean(streams.stderr.isTTY) && !keepReports },
  });
  const version = packageVersion();
  // Each battle is written and shown as it finishes, then dropped: memory does not grow
  // with the number of battles. Reports are kept as the report.json files written.
  const reports: ReportText[] = [];
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (session.signal.aborted) break;
      const results = folders[i];
      const shown = 'scenario' in output ? output.scenario(scenario) : undefined;
      let battles = 0;
      const onBattle = async (battle: BattleReport) => {
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
          { version, file: scenario.file },
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
      if (battles === 0 && !report.sweep) {
        results.abort();
        break;
      }
      const written = await results.finish(report);
      if (written.reportText) reports.push(written.reportText);
      shown?.end(report, written);
    }
    if ('reports' in output) await output.reports(reports);
  } finally {
    // Folders of scenarios that never ran (an interrupt, an error) are dropped, not half written.
    for (const folder of folders) folder.abort();
    for (const report of reports) report.close();
    await session.close();
  }
}
