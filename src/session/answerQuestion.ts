/**
 * One question answered (`odds`, `should-i-attack`): its scenario run in one session, and
 * with an output folder, written there too (opened before any simulation).
 */
import type { Question } from '../core/model/contract.js';
import type { ScenarioReport } from '../core/model/report.js';
import type { Scenario } from '../core/engine/validate/scenario.js';
import { runScenario, sampledTrials, type Overrides } from '../core/run/runScenario.js';
import { packageVersion } from '../files/packageInfo.js';
import { chooseExecutor, readySignal } from './chooseExecutor.js';
import { RunSession } from './session.js';
import type { Streams } from './streams.js';

export interface QuestionRunOptions {
  threads?: number;
  /** Also write CSV, JSON and charts to this folder. */
  out?: string;
  charts?: boolean;
  force?: boolean;
  /** Draw a progress bar (on stderr, when it is a terminal). */
  progress: boolean;
  /** How a question field is named in a refusal (the command line: its flag). */
  questionName?: (field: keyof Question) => string;
}

/** Runs the question's scenario; `show` gets the report while the session still holds the run. */
export async function answerQuestion(
  scenario: Scenario,
  overrides: Overrides,
  options: QuestionRunOptions,
  streams: Streams,
  show: (report: ScenarioReport) => void,
): Promise<void> {
  // The results writer (CSV, page, charts) loads only when there is a folder to write; it is
  // opened (checked, locked, staged) before any simulation.
  const results =
    options.out !== undefined
      ? (await import('../files/writeResults.js')).openResults(options.out, {
          charts: options.charts,
          force: Boolean(options.force),
        })
      : null;
  const executor = await chooseExecutor(options.threads, sampledTrials(scenario, overrides));
  const session = RunSession.open({
    executor,
    progress: { stream: streams.stderr, show: Boolean(streams.stderr.isTTY) && options.progress },
  });
  try {
    const report = await runScenario(
      scenario,
      overrides,
      session.executor,
      { version: packageVersion(), file: null, questionName: options.questionName },
      {
        signal: session.signal,
        progress: session.progress,
        onBattle: (b) => results?.battle(b),
        onStarted: readySignal(),
      },
    );
    if (results) await results.finish(report);
    show(report);
  } catch (error) {
    results?.abort();
    throw error;
  } finally {
    await session.close();
  }
}
