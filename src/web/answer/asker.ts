/**
 * Answers as you type. Every change replaces the question; the next task compiles it and
 * runs it through the engine's `runBattle` with `method: 'auto'` (or the method asked):
 * exact answers come back within the frame; sampled ones run chunk by chunk on the worker
 * pool, reporting progress and estimates that tighten as chunks finish. A newer question
 * aborts the older one at once (its chunks are dropped by the pool).
 */
import type { SystemModule } from '../../core/registry/systems.js';
import type { Executor } from '../../core/engine/sample/executor.js';
import type { BattleReport } from '../../core/model/report.js';
import { describeBattle, NoExactAnswer, runBattle, solveBattle } from '../../core/engine/answer/battle.js';
import { isUnsolved, type RuleSystem, type Solution, type Unsolved } from '../../core/model/contract.js';
import { assignStems } from '../../core/model/fileNames.js';
import { isAbortError } from '../../core/engine/sample/abort.js';
import type { PageState } from '../question/state.js';
import { toQuestion, type AskedQuestion, type Problem } from '../question/toQuestion.js';
import { battleWords } from '../question/words.js';
import { TallyingExecutor } from '../workers/tallying.js';
import { toTable } from '../question/table.js';
import { TableRunner } from './tables.js';
import { ExactPlacement, withSolution } from './solver.js';
import { AdvicePlacement, asksMore } from './advice.js';
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
}

export interface AnswerTiming {
  /** From the change (the keystroke's event time) to this answer on the page. */
  latencyMs: number;
  /** The exact solve (or the whole answer) ran in a worker. */
  offThread: boolean;
  /**
   * `coming`: the exact number without what the player asks beyond it (a target, advice),
   * which a worker is still working out; `arrived`: that whole answer, after the number.
   */
  rest?: 'coming' | 'arrived';
}

export class Asker {
  private current: AbortController | null = null;
  private pending: { module: SystemModule; state: PageState; at: number } | null = null;
  private scheduled = false;
  /** A task queue without setTimeout's clamping: a message to ourselves. */
  private readonly tick = new MessageChannel();

  constructor(
    private readonly executor: Executor,
    private readonly view: AnswerView,
    private readonly tables = new TableRunner(),
    private readonly exact = new ExactPlacement(),
    private readonly advice = new AdvicePlacement(),
  ) {}

  /**
   * Replaces the question; it is answered in a task of its own right after this one (the
   * keystroke's handler returns at once; changes queued before that task coalesce), so a
   * small exact answer is on the page in the same frame as the character typed.
   */
  ask(module: SystemModule, state: PageState, at = performance.now()): void {
    this.current?.abort();
    this.current = null;
    this.tables.cancel();
    this.exact.cancel();
    this.advice.cancel();
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

  /** Stops whatever runs (e.g. the page is leaving). */
  cancel(): void {
    this.tables.cancel();
    this.exact.cancel();
    this.advice.cancel();
    this.current?.abort();
    this.current = null;
    this.pending = null;
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
      this.view.table({ kind: 'problem', message: (error as Error).message });
    }
  }

  /**
   * The whole answer of a split question, from the worker (dropped when a newer question came);
   * if the worker fails, from the page's thread after all.
   */
  private async answerMore(
    q: AskedQuestion,
    system: RuleSystem,
    solution: Solution,
    first: BattleReport,
    solveMs: number,
    at: number,
    signal: AbortSignal,
  ): Promise<void> {
    if (signal.aborted) return;
    const { battle, question, seed } = q;
    let offThread = true;
    let report: BattleReport;
    try {
      report = await this.advice.answer({
        systemId: system.id,
        entry: battle.entry,
        label: battle.label,
        file: first.file,
        seed,
        question,
        solution,
      });
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      try {
        offThread = false;
        const options = { seed, trials: q.trials, kernel: 'fast' as const, method: q.method, question, signal };
        report = await runBattle(system, battle, first.file, options, this.executor);
      } catch (again) {
        if (signal.aborted || isAbortError(again)) return;
        return this.view.failed(again as Error);
      }
    }
    if (signal.aborted) return;
    report.elapsedMs += solveMs;
    this.view.answered(q, report, { latencyMs: performance.now() - at, offThread, rest: 'arrived' });
  }

  private async answer(module: SystemModule, state: PageState, at: number): Promise<void> {
    const asked = toQuestion(module, state);
    if (!asked.ok) {
      this.view.problems(asked.problems);
      return;
    }
    const q = asked.asked;
    // It stays `current` until the next question aborts it (the rest of a split answer listens to it).
    const controller = new AbortController();
    this.current = controller;
    let { system } = module;
    const started = performance.now();
    let frame = 0;
    const tallying = new TallyingExecutor(this.executor, q.battle.layout.size, () => {
      // Estimates from the chunks so far, at most once a frame.
      if (frame || controller.signal.aborted) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (controller.signal.aborted) return;
        this.view.progress(q, tallying.trials, interimReport(q, tallying, started));
      });
    });
    try {
      // The exact solve first (a large one in a worker), timed on its own; runBattle then finds it solved.
      const offThread = this.exact.offThread(system, q.battle);
      let solveMs = 0;
      let solution: Solution | Unsolved | null = null;
      if (offThread) {
        const fromWorker = await this.exact.solve(system, q.battle);
        solution = fromWorker.answer;
        solveMs = fromWorker.ms;
      } else if (system.solve) {
        const solving = performance.now();
        solution = solveBattle(system, q.battle);
        solveMs = performance.now() - solving;
        this.exact.measured(system, solveMs);
      }
      if (controller.signal.aborted) return;
      if (solution) system = withSolution(system, solution);
      // A question that takes this system long (e.g. Kings & Things' advice): the exact number
      // first, without it; the whole answer then comes from a worker (advice.ts).
      const solved = solution && !isUnsolved(solution) ? solution : null;
      const split = q.method !== 'sample' && solved !== null && this.advice.split(system.id, q.question);
      const report = await runBattle(
        system,
        q.battle,
        assignStems([q.battle.label])[0],
        {
          seed: q.seed,
          trials: q.trials,
          kernel: 'fast',
          method: q.method,
          check: q.method === 'sample',
          question: split ? {} : q.question,
          signal: controller.signal,
        },
        tallying,
      );
      if (controller.signal.aborted) return;
      // What the system took to say it (with the question's extras, unless split), then the answer's whole time.
      if (report.method === 'exact' && !split && asksMore(q.question)) {
        const { entry, label } = q.battle;
        const { file } = report;
        const { seed, question } = q;
        const asked = solved
          ? { systemId: system.id, entry, label, file, seed, question, solution: solved }
          : undefined;
        this.advice.measured(system.id, report.elapsedMs, asked);
      }
      report.elapsedMs += solveMs;
      cancelAnimationFrame(frame);
      this.view.answered(q, report, {
        latencyMs: performance.now() - at,
        offThread,
        ...(split ? { rest: 'coming' as const } : {}),
      });
      if (solved && split) void this.answerMore(q, system, solved, report, solveMs, at, controller.signal);
      await this.answerTable(q, state, controller.signal);
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      if (error instanceof NoExactAnswer)
        this.view.problems([{ param: 'method', message: battleWords(module, q.battle.label, error.reason) }]);
      else this.view.failed(error as Error);
    }
  }
}

/** The answer from the chunks finished so far (marked partial), in the report's shape. */
function interimReport(q: AskedQuestion, tallying: TallyingExecutor, started: number): BattleReport {
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
