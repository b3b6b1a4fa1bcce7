/**
 * battle-odds as a Node library.
 *
 * @example
 * import { odds, runScenario, bundledScenario } from 'battle-odds';
 * const report = await odds('landgrab', { attackers: 11, defenders: 10, fortress: true }, { method: 'exact' });
 * console.log(report.verdict[0], report.metrics[0].exact);
 * const chain = await runScenario(bundledScenario('landgrab-chain'));
 */
import type { BattleReport, ScenarioReport } from './core/model/report.js';
import { findSystem, SYSTEM_MODULES, SYSTEMS, type SystemModule } from './core/registry/systems.js';
import { prepareQuestion } from './core/ask/prepareQuestion.js';
import type { Refusal } from './core/form/entry.js';
import { parseScenario, type Scenario } from './core/engine/validate/scenario.js';
import { InputError } from './core/model/inputError.js';
import { InProcessExecutor, type Executor } from './core/engine/sample/executor.js';
import { runScenario as runValidatedScenario, type Overrides, type Progress } from './core/run/runScenario.js';
import { packageVersion } from './files/packageInfo.js';
import { OnDemandPool } from './threads/onDemandPool.js';
import { loadScenario } from './files/scenarioFile.js';
import { openResults, type WrittenFiles } from './files/writeResults.js';
import type { EntryOf, ScenarioInput, SolveField, SystemId } from './core/registry/entries.js';
import type { Question } from './core/model/question.js';

export * from './core.js';
export { bundledScenario, bundledScenarios } from './files/bundledScenarios.js';

/**
 * What is asked of a system's battle beyond the odds (Question), the field solved for typed as one of
 * its entry's numeric paths (`fortressBonus`, `defender.creatures.2.hits`): a misspelt field fails tsc.
 */
export type QuestionOf<S extends SystemId = SystemId> = Omit<Question, 'solveFor'> & {
  /** The entry field (a dotted path) at whose value the headline reaches the target (engine/solve/). */
  solveFor?: SolveField<S>;
};

/** The run's overrides (trials, seed, method, question ...; see Overrides), and where it runs. */
export interface Options<S extends SystemId = SystemId> extends Omit<Overrides, 'question'> {
  /** A target, advice, a field to solve for, sensitivity (see Question). */
  question?: QuestionOf<S>;
  /** Worker threads (default 0: in this thread). */
  threads?: number;
  signal?: AbortSignal;
  progress?: Progress;
}

async function withExecutor<T>(threads: number | undefined, work: (executor: Executor) => Promise<T>): Promise<T> {
  let executor: Executor = new InProcessExecutor(findSystem);
  // Threads start with the first sampled chunk: an exact answer never starts them.
  if (threads && threads > 0) executor = new OnDemandPool(threads);
  try {
    return await work(executor);
  } finally {
    await executor.close();
  }
}

/**
 * One battle of a system, given as a scenario file's battle entry (typed by the system's
 * schema: `EntryOf<'landgrab'>`). Throws InputError on bad input (checked at run time too,
 * for JavaScript callers and values typed `any`).
 */
export async function odds<S extends SystemId>(
  system: S,
  entry: EntryOf<S>,
  options: Options<S> = {},
): Promise<BattleReport> {
  const found = findSystem(system);
  if (!found)
    throw new InputError(
      'odds',
      'system',
      `unknown rule system '${system}' (known: ${SYSTEMS.map((s) => s.id).join(', ')})`,
    );
  const module = SYSTEM_MODULES.find((m) => m.system === found) as SystemModule;
  const { threads, signal, progress, ...choices } = options;
  // Without the attacking force and with a target, the force is the question (core/ask/force.ts).
  const nameOf = (option: string) => `question.${option}`;
  const asked = prepareQuestion({ module, battle: { entry, label: found.id }, choices, nameOf });
  if (!asked.ok) throw entryRefusal(`odds ${system}`, asked.refusal);
  const { scenario, overrides } = asked.prepared;
  const report = await withExecutor(threads, (executor) =>
    runValidatedScenario(
      scenario,
      overrides,
      executor,
      { version: packageVersion(), file: null },
      { signal, progress },
    ),
  );
  return report.battles[0];
}

/** A refused entry as the library says it: the entry's field (or the question's option) and what is wrong. */
function entryRefusal(source: string, refusal: Refusal): InputError {
  const { key, path } = refusal;
  const where = path || (key === 'target' ? 'target' : key ? `question.${key}` : '');
  const { problem } = refusal;
  return new InputError(source, where, problem.reason === 'value' ? problem.message : problem.reason);
}

/**
 * A scenario (a file path, e.g. `bundledScenario('landgrab-chain')`, or the contents of a
 * scenario file as an object) run to one report. Nothing is written; pass the report to
 * `writeResults` for the files `battle-odds run` writes.
 */
export async function runScenario(scenario: string | ScenarioInput, options: Options = {}): Promise<ScenarioReport> {
  if (typeof scenario === 'string') return runValidated(loadScenario(scenario), scenario, options);
  return runValidated(parseScenario(scenario, 'scenario', SYSTEMS), null, options);
}

function runValidated(scenario: Scenario, file: string | null, options: Options): Promise<ScenarioReport> {
  const { threads, signal, progress, ...overrides } = options;
  return withExecutor(threads, (executor) =>
    runValidatedScenario(scenario, overrides, executor, { version: packageVersion(), file }, { signal, progress }),
  );
}

/** Writes a report's results folder (CSV, report.json, charts, index.html) as `battle-odds run` does. */
export async function writeResults(
  dir: string,
  report: ScenarioReport,
  options: { charts?: boolean } = {},
): Promise<WrittenFiles> {
  const writer = openResults(dir, options);
  try {
    for (const battle of report.battles) await writer.battle(battle);
    return await writer.finish(report);
  } catch (error) {
    writer.abort();
    throw error;
  }
}

export { loadScenario };
