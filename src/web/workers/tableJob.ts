/**
 * A table (an engine sweep) in a worker, off the page's thread: parse the one-sweep
 * scenario, run it (cells solved exactly, or sampled in this worker), reply with the
 * SweepReport. A newer table terminates the worker rather than waiting for it.
 */
import { SYSTEMS, findSystem } from '../../core/registry/systems.js';
import { parseScenario } from '../../core/engine/validate/scenario.js';
import { runSweep } from '../../core/engine/sweep/sweep.js';
import { InProcessExecutor } from '../../core/engine/sample/executor.js';
import { InputError } from '../../core/model/inputError.js';
import { NoExactAnswer } from '../../core/engine/answer/battle.js';
import type { TableReply, TableRequest } from './protocol.js';

export async function tableJob(request: TableRequest, reply: (message: TableReply) => void): Promise<void> {
  const { id, scenario: raw } = request;
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
        onProgress: (done) => reply({ id, progress: done }),
      },
      new InProcessExecutor(findSystem),
      'table',
    );
    reply({ id, sweep });
  } catch (error) {
    const message =
      error instanceof InputError ? error.detail : error instanceof NoExactAnswer ? error.reason : String(error);
    reply({ id, error: message });
  }
}
