/**
 * Running a validated scenario: every battle through the same executor, with the
 * command line's overrides, an interrupt signal and a progress bar.
 */
import type { KernelName } from '../engine/system.js';
import type { Scenario } from '../engine/scenario.js';
import { runBattle, type RunReport } from '../engine/runBattle.js';
import type { Executor } from '../engine/executor.js';
import { createExecutor, defaultThreads } from '../node/poolExecutor.js';
import type { Progress } from './progress.js';
import { runSweep, type SweepResult } from '../engine/runSweep.js';

export interface JobOverrides {
  trials?: number;
  seed?: string | number;
  kernel?: KernelName;
  exact?: boolean;
  exactOnly?: boolean;
  precision?: number;
}

export interface ScenarioRun {
  reports: RunReport[];
  sweep?: SweepResult;
  elapsedMs: number;
  partial: boolean;
}

/** Below this many sampled trials in a whole job, worker start-up costs more than it saves. */
const IN_PROCESS_BELOW = 300_000;

/** `--threads` given: that many (0 = in-process); not given: all cores unless the job is tiny. */
export function chooseExecutor(threads: number | undefined, sampledTrials: number): Executor {
  if (threads !== undefined) return createExecutor(threads);
  return createExecutor(sampledTrials < IN_PROCESS_BELOW ? 0 : defaultThreads());
}

export function sampledTrials(scenario: Scenario, overrides: JobOverrides): number {
  if (overrides.exactOnly) return 0;
  const sampled = scenario.battles.filter((b) => b.tallySize > 0).length;
  const cells = scenario.sweep ? scenario.sweep.cells.filter((c) => c.battles[0].tallySize > 0).length : 0;
  return (sampled + cells) * (overrides.trials ?? scenario.trials);
}

export async function runScenario(
  scenario: Scenario,
  overrides: JobOverrides,
  executor: Executor,
  signal: AbortSignal,
  progress: Progress,
): Promise<ScenarioRun> {
  const started = performance.now();
  const reports: RunReport[] = [];
  for (const battle of scenario.battles) {
    if (signal.aborted) break;
    const trials = overrides.trials ?? scenario.trials;
    if (battle.tallySize > 0 && !overrides.exactOnly) progress.start(battle.label, trials);
    const report = await runBattle(
      scenario.system,
      battle,
      {
        seed: overrides.seed ?? scenario.seed,
        trials,
        kernel: overrides.kernel ?? scenario.kernel,
        exact: overrides.exact ?? scenario.exact,
        exactOnly: overrides.exactOnly,
        precision: overrides.precision,
        signal,
        onProgress: (done) => progress.update(done),
      },
      executor,
    );
    progress.stop();
    reports.push(report);
  }
  let sweep: SweepResult | undefined;
  if (scenario.sweep && !signal.aborted) {
    progress.start(`${scenario.name} sweep (cells)`, scenario.sweep.cells.length);
    sweep = await runSweep(
      scenario.system,
      scenario.sweep,
      {
        seed: overrides.seed ?? scenario.seed,
        trials: overrides.trials ?? scenario.trials,
        kernel: overrides.kernel ?? scenario.kernel,
        exact: overrides.exact ?? scenario.exact,
        exactOnly: overrides.exactOnly,
        signal,
        onProgress: (done) => progress.update(done),
      },
      executor,
      scenario.file,
    );
    progress.stop();
  }
  const partial = signal.aborted || reports.some((r) => r.partial) || Boolean(sweep?.partial);
  return { reports, ...(sweep ? { sweep } : {}), elapsedMs: performance.now() - started, partial };
}
