/**
 * One battle from compiled plan to report: solve it exactly or sample it (or both, the
 * solver checking the sampler), summarize the layout, and let the system describe it.
 */
import {
  isUnsolved,
  type Description,
  type KernelName,
  type ResultView,
  type RuleSystem,
  type Solution,
} from '../../model/contract.js';
import { type Question, askedOf } from '../../model/question.js';
import type { Executor } from '../sample/executor.js';
import type { Method } from '../../model/run.js';
import type { BattleReport, Distribution, Metric, PrecisionOutcome } from '../../model/report.js';
import type { Battle } from '../validate/entry.js';
import { sampleBattle } from '../sample/sample.js';
import { summarizeLayout } from '../summarize/summarize.js';
import { plain } from '../../words/sentence.js';
import { sampledOnly } from '../../words/format.js';

export interface RunOptions {
  seed: string | number;
  trials: number;
  kernel: KernelName;
  method: Method;
  /** With `sample`: also solve exactly where the system can, and report exact values beside the estimates. */
  check?: boolean;
  precision?: number;
  /** What the player asks beyond the odds (a target, advice), answered by the system where it can. */
  question?: Question;
  /** Names the battle in chunk tasks (`battle <i>`), for executors that keep results by chunk. */
  unit?: string;
  signal?: AbortSignal;
  onProgress?: (trialsDone: number) => void;
  /** Called once sampling has started (the first chunk handed to the executor). */
  onStarted?: () => void;
  /**
   * What the answer leads with, said by a later phase about this battle (a solve's answer: its decision,
   * sentence, table and chart): before the system's own verdict, tables and charts.
   */
  lead?: Description;
}

/** Exact answers were demanded (`method: 'exact'`) for a battle the system cannot solve. */
export class NoExactAnswer extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NoExactAnswer';
  }
}

/** The system's exact answer for a battle, or why there is none. */
export function solveBattle(system: RuleSystem, battle: Battle): Solution | { unsolved: string } {
  if (!system.solve) return { unsolved: `${system.id} has no exact solver` };
  return system.solve(battle.plan);
}

/** "landgrab has no exact solution for 'x': <reason>". */
export function noExactReason(system: RuleSystem, battle: Battle, reason: string): string {
  return `${system.id} has no exact solution for '${battle.label}': ${reason}`;
}

/** Whether a battle is sampled under these options, and its exact solution when one is wanted. */
export function planAnswer(
  system: RuleSystem,
  battle: Battle,
  method: Method,
  check = false,
): { sampled: boolean; exact: Solution | null; unsolved?: string } {
  const random = Boolean(system.sampler) && !battle.deterministic;
  const wantsExact = !random || method !== 'sample' || check;
  const answer = wantsExact ? solveBattle(system, battle) : null;
  const solved = answer && !isUnsolved(answer) ? answer : null;
  const unsolved = answer && isUnsolved(answer) ? answer.unsolved : undefined;
  if (!random) {
    if (!solved) throw new Error(noExactReason(system, battle, unsolved ?? 'no solver'));
    return { sampled: false, exact: solved };
  }
  if (method === 'exact') {
    if (!solved) throw new NoExactAnswer(noExactReason(system, battle, unsolved ?? 'no solver'));
    return { sampled: false, exact: solved };
  }
  if (method === 'auto' && solved) return { sampled: false, exact: solved };
  return { sampled: true, exact: solved, ...(unsolved !== undefined ? { unsolved } : {}) };
}

export async function runBattle(
  system: RuleSystem,
  battle: Battle,
  file: string,
  options: RunOptions,
  executor: Executor,
): Promise<BattleReport> {
  const started = performance.now();
  const { sampled, exact, unsolved } = planAnswer(system, battle, options.method, options.check);
  let tally: Float64Array | null = null;
  let trials = 0;
  let partial = false;
  let precision: PrecisionOutcome | undefined;
  if (sampled) {
    const result = await sampleBattle(system, [battle], options, executor);
    tally = result.tally;
    trials = result.trials;
    partial = result.partial;
    precision = result.precision;
  }
  const notes: string[] = [];
  const exactUnavailable =
    sampled && unsolved !== undefined && (options.method === 'auto' || options.check)
      ? noExactReason(system, battle, unsolved)
      : undefined;
  if (exactUnavailable) notes.push(`${exactUnavailable}; the numbers are Monte Carlo estimates`);
  if (precision && !precision.met) {
    const why = partial ? '(interrupted)' : '(the trials cap; raise --trials)';
    notes.push(
      `precision ${precision.target} not reached: the 95% half-width is ${precision.halfWidth.toPrecision(2)} ` +
        `after ${trials.toLocaleString('en-US')} trials ${why}`,
    );
  }
  const body = describeBattle(system, battle, tally, trials, exact, options.question, options.lead);
  return {
    label: battle.label,
    file,
    system: system.id,
    type: battle.type,
    entry: battle.entry,
    method: sampled ? 'monte-carlo' : 'exact',
    headline: battle.headline,
    verdict: body.verdict,
    verdictQuotes: body.verdictQuotes,
    ...(body.decisions ? { decisions: body.decisions } : {}),
    notes,
    seed: options.seed,
    trials,
    kernel: sampled ? options.kernel : null,
    partial,
    elapsedMs: performance.now() - started,
    ...(precision ? { precision } : {}),
    ...(exactUnavailable ? { exactUnavailable } : {}),
    metrics: body.metrics,
    distributions: body.distributions,
    tables: body.tables,
    charts: body.charts,
  };
}

/**
 * The layout's metrics and distributions, then what the system adds (verdict, derived metrics, tables, charts),
 * with its advice when the question asks for it.
 */
export function describeBattle(
  system: RuleSystem,
  battle: Battle,
  tally: Float64Array | null,
  trials: number,
  exact: Solution | null,
  question: Question = {},
  /**
   * What the answer leads with, said by a later phase about this battle (RunOptions.lead): its lines
   * first, its decisions beside the system's, its tables and charts first.
   */
  lead: Description = {},
): Pick<BattleReport, 'verdict' | 'verdictQuotes' | 'decisions' | 'metrics' | 'distributions' | 'tables' | 'charts'> {
  const summary = summarizeLayout(
    battle.layout,
    battle.headline,
    tally,
    trials,
    exact?.probabilities ?? null,
    exact?.possible ?? null,
  );
  const view = resultView(battle, tally, trials, exact, summary.metrics, summary.distributions, question);
  // Interrupted before a single battle finished: there is nothing to put into words.
  const nothing = tally !== null && trials === 0;
  const extra = nothing
    ? { verdict: [plain('Interrupted before any battle finished: no answer yet.')] }
    : describeAndAdvise(system, view);
  const sentences = [...(lead.verdict ?? []), ...(extra.verdict ?? [])];
  const decisions = lead.decisions ? { ...extra.decisions, ...lead.decisions } : extra.decisions;
  return {
    verdict: sentences.map((s) => s.text),
    verdictQuotes: sentences.map((s) => s.quotes),
    ...(decisions ? { decisions } : {}),
    metrics: [...summary.metrics, ...(extra.metrics ?? [])],
    distributions: summary.distributions,
    tables: [...(lead.tables ?? []), ...(extra.tables ?? [])],
    charts: [...(lead.charts ?? []), ...(extra.charts ?? [])],
  };
}

/** What the system says of the result, and its advice when the question asks beyond the odds. */
function describeAndAdvise(system: RuleSystem, view: ResultView): Description {
  const described = system.describe?.(view) ?? {};
  const asked = askedOf(view.question);
  return asked && system.advise ? system.advise({ ...view, asked, described }) : described;
}

/**
 * The value a metric shows in a report of this method: the exact value of a solved battle,
 * the estimate of a sampled one (the exact value beside it is a check, not the answer).
 */
export function shownValue(m: Metric, method: 'exact' | 'monte-carlo'): number {
  return method === 'exact' ? (m.exact ?? m.estimate) : m.estimate;
}

function resultView(
  battle: Battle,
  tally: Float64Array | null,
  trials: number,
  exact: Solution | null,
  metrics: Metric[],
  distributions: Distribution[],
  question: Question,
): ResultView {
  return {
    label: battle.label,
    question,
    entry: battle.entry,
    plan: battle.plan,
    layout: battle.layout,
    method: tally ? 'monte-carlo' : 'exact',
    trials,
    tally,
    exact,
    metrics,
    distributions,
    metric(key) {
      const found = metrics.find((m) => m.key === key);
      if (!found) throw new Error(`no metric '${key}' in the report of '${battle.label}'`);
      return found;
    },
    shown(key) {
      const m = this.metric(key);
      const value = shownValue(m, tally ? 'monte-carlo' : 'exact');
      return { value, sampled: sampledOnly(m, value) };
    },
    distribution(key) {
      const found = distributions.find((d) => d.key === key);
      if (!found) throw new Error(`no distribution '${key}' in the report of '${battle.label}'`);
      return found;
    },
  };
}
