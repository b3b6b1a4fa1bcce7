/**
 * Where exact answers are solved. Small ones (most: LandGrab 101 vs 100 in a few ms) are
 * solved on the page's thread, at once. A system whose solves take longer than SLOW_MS
 * twice running (or VERY_SLOW_MS once: one slow answer may be the engine's first, before
 * the JIT warms up), or a battle with a large layout, is solved in a Web Worker instead,
 * so typing never waits for it; a newer question terminates a solve still running. Back
 * under FAST_MS in the worker, the system returns to the page's thread.
 */
import type { RuleSystem, Solution, Unsolved } from '../../core/model/contract.js';
import type { Battle } from '../../core/engine/validate/entry.js';
import { ChunkAbortedError } from '../../core/engine/sample/abort.js';
import type { SolveReply, SolveRequest } from '../workers/protocol.js';
import { startWorker, type PageWorker } from '../workers/start.js';

const SLOW_MS = 25;
const VERY_SLOW_MS = 75;
const FAST_MS = 5;
/** Layouts this large (bins) are solved off the page's thread from the first time. */
const LARGE_LAYOUT = 1500;

type SolveWorker = PageWorker<SolveRequest, SolveReply>;

export class ExactPlacement {
  private readonly slow = new Set<string>();
  private readonly strikes = new Map<string, number>();
  private worker: SolveWorker | null = null;
  private busy: { reject(error: Error): void } | null = null;
  private nextId = 1;

  constructor(
    private readonly spawn: () => SolveWorker = () => startWorker<SolveRequest, SolveReply>('battle-odds exact'),
  ) {}

  /** Whether this battle's exact answer should be solved in the worker. */
  offThread(system: RuleSystem, battle: Battle): boolean {
    return Boolean(system.solve) && (this.slow.has(system.id) || battle.layout.size >= LARGE_LAYOUT);
  }

  /** A solve on the page's thread took this long (the solve alone: describing the answer is advice.ts's business). */
  measured(system: RuleSystem, ms: number): void {
    const strikes = ms > SLOW_MS ? (this.strikes.get(system.id) ?? 0) + 1 : 0;
    this.strikes.set(system.id, strikes);
    if (ms > VERY_SLOW_MS || strikes >= 2) this.slow.add(system.id);
  }

  /** Solves in the worker (the answer and the worker's time); rejects with an AbortError when cancelled. */
  solve(system: RuleSystem, battle: Battle): Promise<{ answer: Solution | Unsolved; ms: number }> {
    this.cancel();
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.busy = { reject };
      worker.onmessage = (event) => {
        const reply = event.data;
        if (reply.id !== id) return;
        this.busy = null;
        if ('error' in reply) return reject(new Error(reply.error));
        if (reply.ms < FAST_MS && battle.layout.size < LARGE_LAYOUT) {
          // Back on the page's thread with no strikes: one slow solve there is not enough to send it back.
          this.slow.delete(system.id);
          this.strikes.delete(system.id);
        }
        resolve({ answer: 'unsolved' in reply ? { unsolved: reply.unsolved } : reply.solution, ms: reply.ms });
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.busy = null;
        this.worker?.terminate();
        this.worker = null;
        reject(new Error(`the exact worker failed: ${event.message || 'it could not start'}`));
      };
      worker.postMessage({ id, systemId: system.id, plan: battle.plan });
    });
  }

  cancel(): void {
    if (!this.busy) return;
    this.busy.reject(new ChunkAbortedError());
    this.busy = null;
    this.worker?.terminate();
    this.worker = null;
  }
}

/** The system, answering `solve` with a solution already found (so `runBattle` does the rest as usual). */
export function withSolution(system: RuleSystem, answer: Solution | Unsolved): RuleSystem {
  return { ...system, solve: () => answer };
}
