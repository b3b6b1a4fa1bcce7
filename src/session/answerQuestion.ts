/**
 * One question answered (`odds`, `should-i-attack`): prepared (core/ask/prepareQuestion.ts), its scenario
 * run in one session, and with an output folder, written there too (opened before any simulation).
 */
import type { ScenarioReport } from '../core/model/report.js';
import { prepareQuestion, type Asking } from '../core/ask/prepareQuestion.js';
import { questionFlag, refusalInShellWords } from '../core/form/shellWords.js';
import { runScenario, sampledTrials } from '../core/run/runScenario.js';
import { packageVersion } from '../files/packageInfo.js';
import { chooseExecutor, readySignal } from './chooseExecutor.js';
import { RunSession } from './session.js';
import type { ResultsWriter } from '../files/writeResults.js';
import type { Streams } from './streams.js';

export interface QuestionRunOptions {
  threads?: number;
  /** Also write CSV, JSON and charts to this folder. */
  out?: string;
  charts?: boolean;
  force?: boolean;
  /** Draw a progress bar (on stderr, when it is a terminal). */
  progress: boolean;
}

/**
 * Prepares the question (refused in the shell's words: each field by its flag) and runs its
 * scenario; `show` gets the report while the session still holds the run.
 */
export async function answerQuestion(
  asking: Asking,
  options: QuestionRunOptions,
  streams: Streams,
  show: (report: ScenarioReport) => void,
): Promise<void> {
  const asked = prepareQuestion({ ...asking, nameOf: questionFlag });
  if (!asked.ok) {
    const source = asking.source ?? `odds ${asking.module.system.id}`;
    throw refusalInShellWords(source, asking.module.form, asked.refusal, 'entry' in asking.battle);
  }
  const { scenario, overrides } = asked.prepared;
  const executor = await chooseExecutor(options.threads, sampledTrials(scenario, overrides));
  const session = RunSession.open({
    executor,
    progress: { stream: streams.stderr, show: Boolean(streams.stderr.isTTY) && options.progress },
  });
  let results: ResultsWriter | null = null;
  try {
    // The results writer (CSV, page, charts) loads only when there is a folder to write; it is
    // opened (checked, locked, staged) before any simulation.
    if (options.out !== undefined) {
      const { openResults } = await import('../files/writeResults.js');
      results = openResults(options.out, { charts: options.charts, force: Boolean(options.force) });
    }
    const report = await runScenario(
      scenario,
      overrides,
      session.executor,
      { version: packageVersion(), file: null, questionName: questionFlag },
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
