/**
 * A Web Worker that solves one battle exactly (the system's own `solve`), so a large exact
 * answer never blocks typing. The probabilities are transferred back; the page then builds
 * the report with the engine's `runBattle`, as for any answer.
 */
import { findSystem } from '../../app/systems.js';
import type { SolveReply, SolveRequest } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(message: SolveReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, systemId, plan } = event.data;
  const started = performance.now();
  try {
    const system = findSystem(systemId);
    if (!system?.solve) throw new Error(`${systemId} has no exact solver`);
    const answer = system.solve(plan);
    const ms = performance.now() - started;
    if ('unsolved' in answer) scope.postMessage({ id, ms, unsolved: answer.unsolved });
    else scope.postMessage({ id, ms, solution: answer }, [answer.probabilities.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
