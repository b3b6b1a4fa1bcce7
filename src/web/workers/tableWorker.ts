/**
 * A Web Worker that answers a table (an engine sweep) off the page's thread: parse the
 * one-sweep scenario, run it (cells solved exactly, or sampled in this worker), post the
 * SweepReport. A newer table terminates this worker rather than waiting for it.
 */
import { SYSTEMS, findSystem } from '../../app/systems.js';
import { parseScenario } from '../../engine/scenario/scenario.js';
import { runSweep } from '../../engine/run/sweep.js';
import { InProcessExecutor } from '../../engine/executor.js';
import { InputError } from '../../engine/inputError.js';
import { NoExactAnswer } from '../../engine/run/battle.js';
import type { TableReply, TableRequest } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<TableRequest>) => void) | null;
  postMessage(message: TableReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async (event) => {
  const { id, scenario: raw } = event.data;
  try {
    const scenario = parseScenario(raw, 'table', SYSTEMS);
    if (!scenario.sweep) throw new Error('the table has no sweep');
    const sweep = await runSweep(
      scenario.system,
      scenario.sweep,
      {
        seed: scenario.seed,
        trials: scenario.trials,
        kernel: scenario.kernel,
        method: scenario.method,
        check: scenario.exact,
        question: scenario.question,
        onProgress: (done) => scope.postMessage({ id, progress: done }),
      },
      new InProcessExecutor(findSystem),
      'table',
    );
    scope.postMessage({ id, sweep });
  } catch (error) {
    const message =
      error instanceof InputError ? error.detail : error instanceof NoExactAnswer ? error.reason : String(error);
    scope.postMessage({ id, error: message });
  }
};
