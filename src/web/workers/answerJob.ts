/**
 * A whole exact answer in a worker, with what the player asks beyond the odds (a target,
 * advice): the entry compiled again and the page's solution described with the engine's
 * `runBattle`, as on the page. Where that question takes a system long to answer (Kings &
 * Things' advice), the page shows the exact number at once and the rest arrives from here
 * without blocking typing. The report's time is the description's (the solve was the page's).
 */
import { findSystem } from '../../core/registry/systems.js';
import { compileEntry } from '../../core/engine/validate/entry.js';
import { runBattle } from '../../core/engine/answer/battle.js';
import { InProcessExecutor } from '../../core/engine/sample/executor.js';
import type { AnswerReply, AnswerRequest } from './protocol.js';

export async function answerJob(request: AnswerRequest, reply: (message: AnswerReply) => void): Promise<void> {
  const { id, systemId, entry, label, file, seed, question, solution } = request;
  try {
    const found = findSystem(systemId);
    if (!found) throw new Error(`no rule system '${systemId}'`);
    // Solved already (as solver.ts's withSolution; that module starts workers, so it stays out of this one).
    const system = { ...found, solve: () => solution };
    const battle = compileEntry(system, entry, 'page', '', label);
    const options = { seed, trials: 1, kernel: 'fast' as const, method: 'exact' as const, question };
    const report = await runBattle(system, battle, file, options, new InProcessExecutor(findSystem));
    reply({ id, report });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
