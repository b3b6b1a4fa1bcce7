/**
 * Answers as you type, never on the page's thread: every change replaces the question, and
 * its work runs in Web Workers (the page's thread only draws what comes back, so a tap never
 * waits for a solve or for advice):
 * - the number: the question read, solved exactly and described without what the player asks
 *   beyond the odds, in the number worker;
 * - the whole answer (a target, advice): the same question with all of it, in the advice worker,
 *   at the same time on the other core; the number shows as soon as it comes, the rest a moment
 *   later (or both at once);
 * - a sampled answer: chunk by chunk on the worker pool (the page reads the question for it),
 *   estimates tightening as chunks finish.
 * A newer question replaces the older one at once: its replies are thrown away, its chunks
 * dropped, and a worker still busy with it after a grace period is replaced (questionWorker.ts).
 */
import type { SystemModule } from '../../core/registry/systems.js';
import type { Executor } from '../../core/engine/sample/executor.js';
import type { BattleReport } from '../../core/model/report.js';
import { describeBattle, runBattle } from '../../core/engine/answer/battle.js';
import type { Solution, Unsolved } from '../../core/model/contract.js';
import { assignStems } from '../../core/model/fileNames.js';
import { isAbortError } from '../../core/engine/sample/abort.js';
import type { PageState } from '../question/state.js';
import { toQuestion, type AskedQuestion, type CompiledQuestion, type Problem } from '../question/toQuestion.js';
import { TallyingExecutor } from '../workers/tallying.js';
import { tableRefusal, toTable } from '../question/table.js';
import { withSolution } from '../workers/questionJob.js';
import type { QuestionReply } from '../workers/protocol.js';
import { TableRunner } from './tables.js';
import { QuestionPlacement } from './questionWorker.js';
import type { SweepReport } from '../../core/model/report.js';

export interface AnswerView {
  problems(problems: Problem[]): void;
  /** A sampled answer is under way: trials done so far, and the estimates from the chunks done. */
  progress(asked: AskedQuestion, done: number, interim: BattleReport): void;
  answered(asked: AskedQuestion, report: BattleReport, timing: AnswerTiming): void;
  failed(error: Error): void;
  /** The table: none asked, what is wrong with it, under way (cells done of all), or done. */
  table(
    state:
      | { kind: 'none' }
      | { kind: 'problem'; message: string }
      | { kind: 'running'; done: number; cells: number; trials: number },
  ): void;
  tableAnswered(sweep: SweepReport): void;
  /** A question still worked out after a moment (a turn on a large board takes seconds): how long so far. */
  working?(asked: { turn: boolean; sampling: boolean }, elapsedMs: number): void;
}

export interface AnswerTiming {
  /** From the change (the keystroke's event time) to this answer on the page. */
  latencyMs: number;
  /** The exact answer was worked out in a worker (false: on the page's thread, when no worker could start). */
  offThread: boolean;
  /**
   * `coming`: the exact number without what the player asks beyond it (a target, advice),
   * which a worker is still working out; `arrived`: that whole answer, after the number.
   */
  rest?: 'coming' | 'arrived';
}

/** A replaced worker's grace: the number's work is short; advice may take a second, and a fresh worker is cold. */
const NUMBER_GRACE_MS = 250;
const WHOLE_GRACE_MS = 600;
/** After this long without its number, a question shows it is being worked out (and how long it has taken). */
export const WORKING_MS = 400;
/** How often "Working it out" says the time again. */
export const WORKING_EVERY_MS = 250;

/** Whether the page's question asks anything beyond the odds (a target or advice), as the fields hold it. */
export function asksMore(state: PageState): boolean {
  return state.target.trim() !== '' || state.advise || Boolean(state.solveFor);
}

export class Asker {
  private current: AbortController | null = null;
  private pending: { module: SystemModule; state: PageState; at: number } | null = null;
  private scheduled = false;
  /** Questions asked, and the last of them answered (or refused): equal when nothing is on its way. */
  private asked = 0;
  private done = 0;
  /** A task queue without setTimeout's clamping: a message to ourselves. */
  private readonly tick = new MessageChannel();

  constructor(
    private readonly executor: Executor,
    private readonly view: AnswerView,
    private readonly tables = new TableRunner(),
    private readonly numbers = new QuestionPlacement('battle-odds numbers', NUMBER_GRACE_MS),
    private readonly wholes = new QuestionPlacement('battle-odds advice', WHOLE_GRACE_MS),
  ) {}

  /** Starts the workers the first answers need (they load the rule systems meanwhile). */
  warm(): void {
    this.numbers.warm();
    this.wholes.warm();
  }

  /** For the tests: questions answered on the page's thread, and workers replaced for a stale question. */
  get placements() {
    return { numbers: this.numbers, wholes: this.wholes };
  }

  /**
   * Replaces the question; it is asked in a task of its own right after this one (the
   * keystroke's handler returns at once; changes queued before that task coalesce).
   */
  ask(module: SystemModule, state: PageState, at = performance.now()): void {
    this.stop();
    this.asked++;
    this.pending = { module, state, at };
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      const next = this.pending;
      this.pending = null;
      if (next) void this.answer(next.module, next.state, next.at);
    };
    this.tick.port1.onmessage = run;
    this.tick.port2.postMessage(null);
  }

  /** For the tests: the last question asked is answered (or refused), and nothing else is on its way. */
  get idle(): boolean {
    return this.done === this.asked && !this.scheduled;
  }

  /** Stops whatever runs (e.g. the page is leaving). */
  cancel(): void {
    this.stop();
    this.pending = null;
  }

  private stop(): void {
    this.current?.abort();
    this.current = null;
    this.tables.cancel();
    this.numbers.cancel();
    this.wholes.cancel();
  }

  /** After the answer: its table, when one is asked for (in the table worker; a newer question stops it). */
  private async answerTable(q: AskedQuestion, state: PageState, signal: AbortSignal): Promise<void> {
    if (!state.table) return this.view.table({ kind: 'none' });
    const table = toTable(q, state.table, state.kind);
    if (!table.ok) return this.view.table({ kind: 'problem', message: table.problem.message });
    const running = { kind: 'running' as const, done: 0, cells: table.cells, trials: table.trials };
    this.view.table(running);
    try {
      const sweep = await this.tables.run(table.scenario, (done) => {
        if (!signal.aborted) this.view.table({ ...running, done });
      });
      if (!signal.aborted) this.view.tableAnswered(sweep);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.view.table({ kind: 'problem', message: tableRefusal(q, table.scenario, (error as Error).message) });
    }
  }

  private async answer(module: SystemModule, state: PageState, at: number): Promise<void> {
    const ticket = this.asked;
    try {
      await this.answerNow(module, state, at);
    } finally {
      if (ticket === this.asked) this.done = ticket;
    }
  }

  private async answerNow(module: SystemModule, state: PageState, at: number): Promise<void> {
    // It stays `current` until the next question aborts it.
    const controller = new AbortController();
    this.current = controller;
    const { signal } = controller;
    const more = asksMore(state);
    const offThread = () => this.numbers.onPage === 0;
    const numberReply = this.numbers.ask(state, more ? 'number' : 'whole');
    const wholeReply = more ? this.wholes.ask(state, 'whole') : null;
    // A long question (a turn's plan on a large board) says it is being worked out, until its answer comes.
    // A turn past the exact planner's budget is sampled next, each pool worker planning it first: still said.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const turn = state.kind === 'turn';
    let sampling = false;
    let ticking = true;
    const tick = () => {
      if (signal.aborted || !ticking) return;
      this.view.working?.({ turn, sampling }, performance.now() - at);
      timer = setTimeout(tick, WORKING_EVERY_MS);
    };
    timer = setTimeout(tick, WORKING_MS);
    const stopTicking = () => {
      ticking = false;
      clearTimeout(timer);
    };
    signal.addEventListener('abort', stopTicking);
    void numberReply.then((reply) => {
      if (turn && 'sample' in reply) sampling = true;
      else stopTicking();
    }, stopTicking);
    // A replaced question's replies reject with an AbortError: nobody waits for them.
    wholeReply?.catch(() => undefined);
    try {
      // The whole answer may come first (a busy core): then it is the only one shown.
      const first = await Promise.race([
        numberReply.then((reply) => ({ whole: false, reply })),
        ...(wholeReply ? [wholeReply.then((reply) => ({ whole: true, reply }))] : []),
      ]);
      if (signal.aborted) return;
      const fromWhole = first.whole && 'report' in first.reply;
      const reply = fromWhole ? first.reply : first.whole ? await numberReply : first.reply;
      if (signal.aborted) return;
      // What comes now is shown, and ends "Working it out": the number may still be on its way when the whole answer
      // came first (a busy core), and its ticking would clear the answer shown. A sampled turn's ticks on, sampling.
      if (!('sample' in reply)) stopTicking();
      if ('problems' in reply) return this.view.problems(reply.problems);
      if ('error' in reply) return this.view.failed(new Error(reply.error));
      const asked: AskedQuestion = { ...reply.asked, module };
      if ('noExact' in reply) return this.view.problems([{ param: 'method', message: reply.noExact }]);
      if ('sample' in reply) {
        this.wholes.cancel();
        return await this.sample(module, state, reply.solution, at, signal, stopTicking);
      }
      const split = more && !fromWhole;
      this.view.answered(asked, reply.report, {
        latencyMs: performance.now() - at,
        offThread: offThread(),
        ...(split ? { rest: 'coming' as const } : {}),
      });
      if (split && wholeReply) void this.answerMore(asked, wholeReply, at, signal);
      await this.answerTable(asked, state, signal);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.view.failed(error as Error);
    }
  }

  /** The whole answer of a question whose number is on the page, from the advice worker. */
  private async answerMore(
    asked: AskedQuestion,
    reply: Promise<QuestionReply>,
    at: number,
    signal: AbortSignal,
  ): Promise<void> {
    try {
      const whole = await reply;
      if (signal.aborted) return;
      if ('report' in whole)
        this.view.answered(asked, whole.report, {
          latencyMs: performance.now() - at,
          offThread: this.wholes.onPage === 0,
          rest: 'arrived',
        });
      else if ('error' in whole) this.view.failed(new Error(whole.error));
      else if ('problems' in whole) this.view.problems(whole.problems);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.view.failed(error as Error);
    }
  }

  /**
   * A sampled answer: the question read on the page (its battle for the pool's chunks), run with
   * the engine's `runBattle` on the worker pool, estimates shown as chunks finish; its exact
   * solution, if any, is the worker's.
   */
  private async sample(
    module: SystemModule,
    state: PageState,
    solution: Solution | Unsolved | null,
    at: number,
    signal: AbortSignal,
    shown: () => void = () => undefined,
  ): Promise<void> {
    const made = toQuestion(module, state);
    if (!made.ok) return this.view.problems(made.problems);
    const q = made.asked;
    const system = solution ? withSolution(module.system, solution) : module.system;
    const started = performance.now();
    let frame = 0;
    const tallying = new TallyingExecutor(this.executor, q.battle.layout.size, () => {
      // Estimates from the chunks so far, at most once a frame.
      if (frame || signal.aborted) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (signal.aborted) return;
        shown();
        this.view.progress(q, tallying.trials, interimReport(q, tallying, started));
      });
    });
    const options = {
      seed: q.seed,
      trials: q.trials,
      kernel: 'fast' as const,
      method: q.method,
      check: q.method === 'sample',
      question: q.question,
      signal,
    };
    const report = await runBattle(system, q.battle, assignStems([q.battle.label])[0], options, tallying);
    if (signal.aborted) return;
    cancelAnimationFrame(frame);
    shown();
    this.view.answered(q, report, { latencyMs: performance.now() - at, offThread: true });
    await this.answerTable(q, state, signal);
  }
}

/** The answer from the chunks finished so far (marked partial), in the report's shape. */
function interimReport(q: CompiledQuestion, tallying: TallyingExecutor, started: number): BattleReport {
  const { system } = q.module;
  const body = describeBattle(system, q.battle, tallying.tally, tallying.trials, null, q.question);
  return {
    label: q.battle.label,
    file: '',
    system: system.id,
    type: q.battle.type,
    entry: q.battle.entry,
    method: 'monte-carlo',
    headline: q.battle.headline,
    notes: [],
    seed: q.seed,
    trials: tallying.trials,
    kernel: 'fast',
    partial: true,
    elapsedMs: performance.now() - started,
    ...body,
  };
}
