/** The body of `battle-odds run`: validate every file, run each scenario, write its results folder. */
import path from 'node:path';
import type { Scenario } from '../../engine/scenario/scenario.js';
import type { Executor } from '../../engine/executor.js';
import type { ScenarioReport } from '../../engine/report.js';
import { expandScenarioPaths, loadScenario } from '../../node/scenarioFile.js';
import { checkOutFlag } from '../../node/outputFolderCheck.js';
import { InputError, oneLine } from '../../engine/inputError.js';
import { overridesFrom } from '../engineOptions.js';
import { chooseExecutor, readySignal } from '../jobs.js';
import { createProgress } from '../progress.js';
import { interruptSignal } from '../interrupt.js';
import { formatBattle, formatBattleBrief, formatSweep } from '../../output/terminal.js';
import { openResults, type ResultsWriter } from '../../node/writeResults.js';
import { packageVersion } from '../../node/packageInfo.js';
import { runScenario, sampledTrials } from '../../app/runScenario.js';
import { runSizeNote } from '../../app/runSize.js';
import type { CliIO } from '../io.js';
import type { RunFlags } from './run.js';

export async function runScenarios(paths: string[], flags: RunFlags, io: CliIO): Promise<void> {
  // Validate every file before running anything: bad input writes nothing.
  checkOutFlag(flags.out);
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
        openResults(path.join(flags.out, s.name), {
          charts: flags.charts,
          force: flags.force,
          battles: s.battles.length,
          sweepCells: s.sweep ? s.sweep.cells.length * s.sweep.variants.length : 0,
        }),
      );
  } catch (error) {
    for (const folder of folders) folder.abort();
    throw error;
  }
  const overrides = overridesFrom(flags);
  const total = scenarios.reduce((s, sc) => s + sampledTrials(sc, overrides), 0);
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
  const progress = createProgress(io.stderr, Boolean(io.stderr.isTTY) && !flags.json);
  const version = packageVersion();
  const outputs: ScenarioReport[] = [];
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (interrupt.signal.aborted) break;
      const results = folders[i];
      let report: ScenarioReport;
      try {
        report = await runScenario(
          scenario,
          overrides,
          executor,
          { version, file: scenario.file },
          { signal: interrupt.signal, progress, onBattle: (b) => results.battle(b), onStarted: readySignal() },
        );
      } catch (error) {
        results.abort();
        throw error;
      }
      if (report.battles.length === 0 && !report.sweep) {
        results.abort();
        break;
      }
      const written = await results.finish(report);
      if (flags.json) {
        outputs.push(report);
      } else {
        printScenario(io, scenario, report, Boolean(flags.brief), flags.quantiles);
        const partial = report.partial ? ', PARTIAL' : '';
        io.stdout.write(`  -> ${oneLine(written.dir)}/ (${written.files.length} files${partial})\n\n`);
      }
    }
  } finally {
    // Folders of scenarios that never ran (an interrupt, an error) are dropped, not half written.
    for (const folder of folders) folder.abort();
    progress.stop();
    interrupt.dispose();
    await executor.close();
  }
  if (flags.json) io.stdout.write(`${JSON.stringify(outputs, null, 2)}\n`);
}

function printScenario(
  io: CliIO,
  scenario: Scenario,
  report: ScenarioReport,
  brief: boolean,
  quantiles?: boolean,
): void {
  const about = scenario.description ? `: ${scenario.description}` : '';
  io.stdout.write(`== ${scenario.name} (${scenario.system.id})${about}\n`);
  for (const r of report.battles) {
    io.stdout.write(brief ? formatBattleBrief(r) : `${formatBattle(r, { quantiles })}\n`);
  }
  if (report.sweep) io.stdout.write(formatSweep(report.sweep));
}
