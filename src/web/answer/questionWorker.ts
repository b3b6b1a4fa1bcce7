/**
 * A question's work in a Web Worker, kept warm: one question at a time, and only the newest
 * waits. A question replaced while the worker runs it is thrown away when it ends; if it is
 * still running `graceMs` after it was replaced (a long solve or advice), the worker is
 * terminated and a fresh one asked the newest question, so a stale question never holds the
 * answer back for long. A worker that cannot start (or fails) is replaced; when none can be
 * started, the question is answered on the page's thread after all (the same job).
 */
import { ChunkAbortedError } from '../../core/engine/sample/abort.js';
import type { PageState } from '../question/state.js';
import type { QuestionReply, QuestionRequest } from '../workers/protocol.js';
import { questionJob } from '../workers/questionJob.js';
import { startWorker, type PageWorker } from '../workers/start.js';

export type QuestionWorker = PageWorker<QuestionRequest, QuestionReply>;

interface Waiting {
  state: PageState;
  part: QuestionRequest['part'];
  resolve(reply: QuestionReply): void;
  reject(error: Error): void;
}

/** Workers that failed in a row before the questions are answered on the page's thread. */
const MAX_FAILURES = 2;

export class QuestionPlacement {
  private worker: QuestionWorker | null = null;
  /** The question the worker is working on (its waiter is null once that question was replaced). */
  private running: { id: number; waiting: Waiting | null; timer?: ReturnType<typeof setTimeout> } | null = null;
  private queued: Waiting | null = null;
  private nextId = 1;
  private failures = 0;
  /** Workers terminated because a replaced question ran past the grace period (for tests). */
  replaced = 0;
  /** Questions answered on the page's thread because no worker could (for tests). */
  onPage = 0;

  constructor(
    name: string,
    private readonly graceMs: number,
    private readonly spawn: () => QuestionWorker = () => startWorker<QuestionRequest, QuestionReply>(name),
  ) {}

  /** Starts the worker now: it loads the rule systems while the page does something else. */
  warm(): void {
    if (this.failures < MAX_FAILURES) this.worker ??= this.start();
  }

  /** The question's answer (its `part`); rejects with an AbortError when a newer question (or cancel) replaces it. */
  ask(state: PageState, part: QuestionRequest['part']): Promise<QuestionReply> {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.queued = { state, part, resolve, reject };
      this.pump();
    });
  }

  /** Drops the waiting question; one the worker is working on ends there and is thrown away (or is stopped). */
  cancel(): void {
    this.queued?.reject(new ChunkAbortedError());
    this.queued = null;
    const running = this.running;
    if (running?.waiting) {
      running.waiting.reject(new ChunkAbortedError());
      running.waiting = null;
      running.timer = setTimeout(() => {
        if (this.running !== running) return;
        // Still at a question nobody waits for: a fresh worker for the newest one.
        this.replaced++;
        this.retire();
        this.pump();
      }, this.graceMs);
    }
  }

  private pump(): void {
    if (this.running || !this.queued) return;
    const waiting = this.queued;
    this.queued = null;
    if (this.failures >= MAX_FAILURES) return void this.onThisThread(waiting);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    this.running = { id, waiting };
    worker.postMessage({ id, state: waiting.state, part: waiting.part });
  }

  /** No worker can answer: the same job on the page's thread. */
  private onThisThread(waiting: Waiting): void {
    this.onPage++;
    void questionJob({ id: 0, state: waiting.state, part: waiting.part }, (reply) => waiting.resolve(reply));
  }

  private retire(): void {
    if (this.running?.timer) clearTimeout(this.running.timer);
    this.running = null;
    if (!this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.worker = null;
  }

  private start(): QuestionWorker {
    const worker = this.spawn();
    worker.onmessage = (event) => {
      const reply = event.data;
      if (worker !== this.worker || reply.id !== this.running?.id) return;
      const { waiting, timer } = this.running;
      clearTimeout(timer);
      this.running = null;
      this.failures = 0;
      waiting?.resolve(reply);
      this.pump();
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (worker !== this.worker) return;
      this.failures++;
      const waiting = this.running?.waiting ?? null;
      this.retire();
      // The question it was asked goes to a new worker (or, after too many failures, the page's thread).
      if (waiting && !this.queued) this.queued = waiting;
      this.pump();
    };
    return worker;
  }
}
