/**
 * One battle solved exactly in a worker (the system's own `solve`), so a large exact answer
 * never blocks typing. The probabilities are copied back (a transfer would slow this
 * worker's later solves: see src/threads/threadWorker.ts); the page then builds the
 * report with the engine's `runBattle`, as for any answer.
 */
import { findSystem } from '../../core/registry/systems.js';
import type { SolveReply, SolveRequest } from './protocol.js';

export function solveJob(request: SolveRequest, reply: (message: SolveReply) => void): void {
  const { id, systemId, plan } = request;
  const started = performance.now();
  try {
    const system = findSystem(systemId);
    if (!system?.solve) throw new Error(`${systemId} has no exact solver`);
    const answer = system.solve(plan);
    const ms = performance.now() - started;
    if ('unsolved' in answer) reply({ id, ms, unsolved: answer.unsolved });
    else reply({ id, ms, solution: answer });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
