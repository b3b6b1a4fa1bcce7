/**
 * Running a validated scenario (or one question): every battle, then the sweep, through
 * one executor, with overrides, an interrupt signal and progress; the result is one
 * ScenarioReport. Pure orchestration: no files, no terminal (the CLI and the library
 * decide what to do with the report; `onBattle` lets them stream each battle's outputs).
 */
import type { KernelName } from '../model/contract.js';
import type { Question } from '../model/question.js';
import { pacer, type Executor } from '../engine/sample/executor.js';
import type { BattleReport, ScenarioReport } from '../model/report.js';
import type { Scenario } from '../engine/validate/scenario.js';
import { runBattle } from '../engine/answer/battle.js';
import type { Method } from '../model/run.js';
import { runSweep } from '../engine/sweep/sweep.js';
import { checkQuestion } from '../engine/validate/checkQuestion.js';
import { InputError } from '../model/inputError.js';
import { solveBattleFor, SolveInterrupted, type SolveForSpec } from '../engine/solve/solveFor.js';
import { solvedLead } from '../engine/solve/words.js';
import { sensitivityLead, sensitivityOf } from '../engine/solve/sensitivity.js';
import type { Description } from '../model/contract.js';
import { entryPathOf } from '../form/form.js';
import { SYSTEM_MODULES } from '../registry/systems.js';

export interface Overrides {
  trials?: number;
  seed?: string | number;
  kernel?: KernelName;
  /** `auto`: exact where solvable, else Monte Carlo; `sample`: Monte Carlo; `exact`: exact or throw. */
  method?: Method;
  /** With Monte Carlo, exact values beside the estimates where solvable. */
  check?: boolean;
  /** Sample until the headline's 95% half-width is at most this (trials is then the cap). */
  precision?: number;
  /** A target probability ("how many do I need?") and/or advice on the decisions (see Question). */
  question?: Question;
}

export interface Progress {
  start(label: string, total: number, unit: 'trials' | 'cells'): void;
  update(done: number): void;
  stop(): void;
}

export const NO_PROGRESS: Progress = { start() {}, update() {}, stop() {} };

export interface RunHooks {
  signal?: AbortSignal;
  progress?: Progress;
  /** Called as each battle finishes (e.g. to write its charts now rather than hold them all). */
  onBattle?(report: BattleReport, index: number): Promise<void> | void;
  /** Called once sampling has started (a readiness signal for wrappers and tests). */
  onStarted?(): void;
  /**
   * Keep every battle's report in the result (default true). A run that streams them through
   * `onBattle` (the CLI writing its results folder) passes false: the result's `battles` is
   * then empty, and memory does not grow with the number of battles.
   */
  retainBattles?: boolean;
}

export interface RunContext {
  version: string;
  /** Scenario file, or null for a question asked on the command line or through the API. */
  file: string | null;
  /** How the caller's user names a question's field in errors (`--solve-for`); default `question.<field>`. */
  questionName?: (field: keyof Question) => string;
}

/**
 * What a battle is solved for: its own `solveFor` (a scenario's battle), else the question's
 * (`--solve-for`, whose target is then the solve's: the system is asked it only with advice).
 */
function solveOf(
  battleSpec: SolveForSpec | undefined,
  question: Question,
): { spec: SolveForSpec | undefined; question: Question } {
  if (battleSpec) return { spec: battleSpec, question };
  if (question.solveFor === undefined) return { spec: undefined, question };
  const { solveFor, solveRange, target, ...rest } = question;
  const spec = {
    field: solveFor,
    ...(target !== undefined ? { target } : {}),
    ...(solveRange !== undefined ? { range: solveRange } : {}),
  };
  return { spec, question: rest.advise && target !== undefined ? { ...rest, target } : rest };
}

/** Sampled trials a run will do at most (to choose between in-process and a pool). */
export function sampledTrials(scenario: Scenario, overrides: Overrides): number {
  const method = overrides.method ?? scenario.method;
  if (method === 'exact') return 0;
  const sampled = scenario.battles.filter((b) => !b.deterministic && scenario.system.sampler).length;
  const cells = scenario.sweep ? scenario.sweep.cells.length : 0;
  return (sampled + cells) * (overrides.trials ?? scenario.trials);
}

const questionField = (field: keyof Question) => `question.${field}`;

/** Leads said by later phases about one battle (a solve, a sensitivity), in order, as one. */
function mergeLeads(leads: Array<Description | null>): Description | null {
  const given = leads.filter((l): l is Description => l !== null);
  if (given.length === 0) return null;
  return {
    verdict: given.flatMap((l) => l.verdict ?? []),
    decisions: Object.assign({}, ...given.map((l) => l.decisions ?? {})),
    tables: given.flatMap((l) => l.tables ?? []),
    charts: given.flatMap((l) => l.charts ?? []),
  };
}

export async function runScenario(
  scenario: Scenario,
  overrides: Overrides,
  executor: Executor,
  context: RunContext,
  hooks: RunHooks = {},
): Promise<ScenarioReport> {
  const question = { ...scenario.question, ...overrides.question };
  const problem = checkQuestion(scenario.system, question, (field) => `question.${field}`);
  if (problem) throw new InputError(context.file ?? scenario.file, `question.${problem.field}`, problem.message);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const progress = hooks.progress ?? NO_PROGRESS;
  const seed = overrides.seed ?? scenario.seed;
  let announced = false;
  const samplingStarted = () => {
    if (!announced) hooks.onStarted?.();
    announced = true;
  };
  const common = {
    seed,
    trials: overrides.trials ?? scenario.trials,
    kernel: overrides.kernel ?? scenario.kernel,
    method: overrides.method ?? scenario.method,
    check: overrides.check ?? scenario.exact,
    question,
    signal: hooks.signal,
    onStarted: samplingStarted,
  };
  let shown = '';
  /** The first progress report of a battle or sweep starts its bar (exact answers show none). */
  const report = (label: string, total: number, unit: 'trials' | 'cells', done: number) => {
    if (shown !== label) progress.start(label, total, unit);
    shown = label;
    progress.update(done);
  };
  const battles: BattleReport[] = [];
  const retain = hooks.retainBattles !== false;
  let finished = 0;
  let partialBattle = false;
  const pace = pacer();
  for (const [i, stored] of scenario.battles.entries()) {
    // Exact answers never wait for anything: without this a run of them would see no Ctrl-C.
    await pace();
    if (hooks.signal?.aborted) break;
    // Compiled for this run of it and dropped after: memory does not grow with the battles.
    let battle = { ...stored };
    const asked = solveOf(stored.solveFor, question);
    let solved;
    if (asked.spec) {
      const where = stored.solveFor
        ? {
            source: context.file ?? scenario.file,
            field: `battles[${i}].solveFor.field`,
            rangeField: `battles[${i}].solveFor.range`,
          }
        : {
            source: context.file ?? scenario.file,
            field: (context.questionName ?? questionField)('solveFor'),
            rangeField: (context.questionName ?? questionField)('solveRange'),
          };
      try {
        const form = SYSTEM_MODULES.find((m) => m.system.id === scenario.system.id)?.form;
        const answer = await solveBattleFor(
          scenario.system,
          battle,
          asked.spec,
          { ...common, aliases: (name) => (form ? entryPathOf(form, name) : undefined) },
          executor,
          where,
        );
        battle = answer.battle;
        solved = answer.decision;
      } catch (error) {
        if (!(error instanceof SolveInterrupted)) throw error;
        partialBattle = true;
        break;
      }
    }
    // The knobs one step each way (--sensitivity): at the battle answered (the value solved for, if any).
    let sensitivity;
    if (question.sensitivity) {
      try {
        sensitivity = await sensitivityOf(scenario.system, battle, common, executor);
      } catch (error) {
        if (!(error instanceof SolveInterrupted)) throw error;
        partialBattle = true;
        break;
      }
    }
    const lead = mergeLeads([solved ? solvedLead(solved) : null, sensitivity ? sensitivityLead(sensitivity) : null]);
    const result = await runBattle(
      scenario.system,
      battle,
      scenario.files[i],
      {
        ...common,
        question: asked.question,
        ...(lead ? { lead } : {}),
        precision: overrides.precision,
        unit: `battle ${i}`,
        onProgress: (done) => report(battle.label, common.trials, 'trials', done),
      },
      executor,
    );
    progress.stop();
    shown = '';
    finished++;
    if (result.partial) partialBattle = true;
    if (retain) battles.push(result);
    await hooks.onBattle?.(result, i);
  }
  let sweep: ScenarioReport['sweep'];
  if (scenario.sweep && !hooks.signal?.aborted) {
    const cells = scenario.sweep.cells.length;
    sweep = await runSweep(
      scenario.system,
      scenario.sweep,
      {
        ...common,
        onProgress: (done) => report(`${scenario.name} sweep`, cells, 'cells', done),
      },
      executor,
      scenario.file,
    );
    progress.stop();
  }
  // Tallies from other machines: their sample is re-run here before anything is reported.
  await executor.verify?.(hooks.signal);
  const partial =
    Boolean(hooks.signal?.aborted) || finished < scenario.battles.length || partialBattle || Boolean(sweep?.partial);
  return {
    format: 'battle-odds-report/1',
    scenario: scenario.name,
    ...(scenario.description !== undefined ? { description: scenario.description } : {}),
    file: context.file,
    system: scenario.system.id,
    seed,
    version: context.version,
    startedAt,
    elapsedMs: performance.now() - started,
    threads: executor.threads,
    ...(executor.fleet ? { fleet: true } : {}),
    partial,
    battles,
    ...(sweep ? { sweep } : {}),
  };
}
