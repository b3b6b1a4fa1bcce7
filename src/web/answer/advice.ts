/**
 * Where the rest of a question is answered: what the player asks beyond the odds (a target,
 * advice). The page shows the exact number at once; the rest is either described with it on the
 * page's thread or split off: the number first (described without the question), the whole
 * answer from a worker, kept warm. The page sends the solution along (solver.ts places the solve), so
 * the worker only describes it, and says how long that took, which places the system's next questions:
 * - a system's first such question is split: the page cannot know yet whether it takes a
 *   millisecond or a second, and a second on the page's thread is a frozen page with no number;
 * - described under FAST_MS (in the worker), the system is answered on the page's thread;
 * - slower than SLOW_MS twice running on the page's thread, or than FROZEN_MS once (there or in
 *   the worker), it is split. Twice for a merely slow answer: the first answers compile what they
 *   run. Once for one that froze the page: a second would freeze it as long (Kings & Things'
 *   optimal play for two big stacks takes a second).
 * Typing never waits: the worker runs one answer at a time and only the newest question waits
 * for it; an answer to a replaced question is thrown away. A worker's first answer is its
 * slowest (it compiles what it runs), so one started for a system the page's thread found slow
 * is warmed with that question, its answer thrown away: that runs while the player reads the
 * answer, not after their next tap.
 */
import type { Question } from '../../core/model/question.js';
import type { BattleReport } from '../../core/model/report.js';
import { ChunkAbortedError } from '../../core/engine/sample/abort.js';
import type { AnswerReply, AnswerRequest } from '../workers/protocol.js';
import { startWorker, type PageWorker } from '../workers/start.js';

export const SLOW_MS = 40;
export const FAST_MS = 20;
/** Describing took this long once: the page's thread froze for it, so it does not do it again. */
export const FROZEN_MS = 250;

export type AnswerWorker = PageWorker<AnswerRequest, AnswerReply>;

interface Waiting {
  request: Omit<AnswerRequest, 'id'>;
  resolve(report: BattleReport): void;
  reject(error: Error): void;
}

/** Whether the player asks anything beyond the odds. */
export function asksMore(question: Question): boolean {
  return Object.values(question).some((v) => v !== undefined && v !== false);
}

export class AdvicePlacement {
  /** Systems whose describing has been timed, on the page's thread or in the worker. */
  private readonly known = new Set<string>();
  private readonly slow = new Set<string>();
  private readonly strikes = new Map<string, number>();
  private worker: AnswerWorker | null = null;
  /** The answer the worker is working on (its waiter is null once that question was replaced). */
  private running: { id: number; waiting: Waiting | null } | null = null;
  private queued: Waiting | null = null;
  private nextId = 1;

  constructor(
    private readonly spawn: () => AnswerWorker = () => startWorker<AnswerRequest, AnswerReply>('battle-odds answers'),
  ) {}

  /** Whether to show the number first and answer the question in the worker. */
  split(systemId: string, question: Question): boolean {
    return asksMore(question) && (this.slow.has(systemId) || !this.known.has(systemId));
  }

  /**
   * Describing an exact answer with a question, on the page's thread, took this long; `asked` is
   * that question, to warm a new worker with.
   */
  measured(systemId: string, ms: number, asked?: Omit<AnswerRequest, 'id'>): void {
    this.known.add(systemId);
    const strikes = ms > SLOW_MS ? (this.strikes.get(systemId) ?? 0) + 1 : 0;
    this.strikes.set(systemId, strikes);
    if (strikes < 2 && ms <= FROZEN_MS) return;
    this.slow.add(systemId);
    if (this.worker) return;
    // Started now, the worker has loaded the rule systems by the next keystroke, and compiled what it runs.
    this.worker = this.start();
    if (asked && !this.running && !this.queued) this.send(this.worker, asked, null);
  }

  /** The whole answer from the worker; rejects with an AbortError when a newer question (or cancel) replaces it. */
  answer(request: Omit<AnswerRequest, 'id'>): Promise<BattleReport> {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.queued = { request, resolve, reject };
      this.pump();
    });
  }

  /** Drops the waiting answer; one the worker is already working on finishes there and is thrown away. */
  cancel(): void {
    this.queued?.reject(new ChunkAbortedError());
    this.queued = null;
    if (this.running?.waiting) {
      this.running.waiting.reject(new ChunkAbortedError());
      this.running.waiting = null;
    }
  }

  private pump(): void {
    if (this.running || !this.queued) return;
    const waiting = this.queued;
    this.queued = null;
    this.send((this.worker ??= this.start()), waiting.request, waiting);
  }

  /** The worker's next answer: `waiting` hears it (null: nobody, a warm-up). */
  private send(worker: AnswerWorker, request: Omit<AnswerRequest, 'id'>, waiting: Waiting | null): void {
    const id = this.nextId++;
    this.running = { id, waiting };
    worker.postMessage({ id, ...request });
  }

  private start(): AnswerWorker {
    const worker = this.spawn();
    worker.onmessage = (event) => {
      const reply = event.data;
      if (worker !== this.worker || reply.id !== this.running?.id) return;
      const { waiting } = this.running;
      this.running = null;
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else {
        // The worker described a solution it was given: that is the time the page's thread would take.
        const { system, elapsedMs } = reply.report;
        this.known.add(system);
        if (elapsedMs < FAST_MS) {
          this.slow.delete(system);
          this.strikes.delete(system);
        } else if (elapsedMs > FROZEN_MS) this.slow.add(system);
        waiting?.resolve(reply.report);
      }
      this.pump();
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (worker !== this.worker) return;
      const error = new Error(`the answer worker failed: ${event.message || 'it could not start'}`);
      worker.terminate();
      this.worker = null;
      this.running?.waiting?.reject(error);
      this.running = null;
      // The newest question waiting is asked of a new worker; if that one fails too, it hears why.
      this.pump();
    };
    return worker;
  }
}
