/**
 * The one small contract every rule system implements (4 members required, 6 optional).
 * The engine knows nothing about dice, forts or tokens: it validates an entry with the
 * system's schema, compiles it into a plan and a named tally layout, then samples it
 * (the sampler's kernels fill the tally), solves it (the solver fills the same layout with
 * probabilities), or both; it derives metrics and distributions from the layout and lets
 * the system add its verdict, derived metrics, tables and chart requests, and, when the
 * player asks more than the odds (a target, advice), its advice.
 *
 * Data flow: entry -> schema -> compile() -> plan + layout -> kernel (hot loop) or solve()
 * -> tally / exact vector -> summarize (by layout names) -> describe() [-> advise()] -> BattleReport.
 */
import type { ZodType } from 'zod';
import type { Xoshiro128 } from '../random/xoshiro128.js';
import type { TallyLayout } from './tallyLayout.js';
import type { ChartRequest, Decisions, Distribution, Metric, Table } from './report.js';
import type { Sentence } from './sentence.js';
import type { Asked, Objective, Question } from './question.js';

/**
 * A hot loop: runs `trials` independent battles, adding counts into `tally` (laid out by the
 * plan's layout). It keeps nothing from one trial to the next but the generator (scratch
 * buffers are fine; a cup shuffled in place must be put back): `trials` n1 then n2 on one
 * generator give the tally of n1 + n2, so a chunk can run in slices (the in-process executor
 * does, to stop within a slice on an interrupt; the contract suite checks every system).
 */
export type Kernel<Plan> = (plan: Plan, rng: Xoshiro128, trials: number, tally: Float64Array) => void;

/** `fast` is the production kernel; `faithful` is the slow, obviously correct reference. */
export type KernelName = 'fast' | 'faithful';
export const KERNEL_NAMES: readonly KernelName[] = ['fast', 'faithful'];

export interface Sampler<Plan> {
  fast: Kernel<Plan>;
  /** The reference: rolls every die; tests check it agrees with `fast` in distribution. */
  faithful: Kernel<Plan>;
  /**
   * The same battle with kernels that consume random numbers in lock-step whatever the
   * rules (e.g. a fixed number of dice per round), so rule variants run on common random
   * numbers stay aligned round by round and their paired differences are sharp.
   */
  lockstep?(plan: Plan): Plan;
}

/** What compile() gives: everything the engine needs to run and summarize one battle. */
export interface Compiled<Plan> {
  /** The battle type within the system (e.g. `battle`, `chain`). */
  type: string;
  /** What kernels and the solver read; structured-cloneable (it travels to workers). */
  plan: Plan;
  layout: TallyLayout;
  /** The name of the layout event that is the answer: shown first, used by --precision and paired differences. */
  headline: string;
  /** Nothing in this battle is random (e.g. known token counts): it is always solved, never sampled. */
  deterministic?: boolean;
}

/** An exact answer: probabilities in the plan's layout, and anything describe() needs besides. */
export interface Solution {
  probabilities: Float64Array;
  /**
   * Which bins can happen at all (1) and which cannot (0), decided exactly by the solver (which
   * states can be reached), not from the floats: a chance below the smallest double underflows to
   * 0, and seven sevenths may add to 0.9999999999999998. The summary then writes an event no bin of
   * which can happen as exactly 0, one whose partition's other events cannot happen as exactly 1, and
   * no other as 0 or 1. Absent: a bin can happen when its probability is above 0.
   */
  possible?: Uint8Array;
  detail?: unknown;
}

/** Why a battle cannot be solved exactly (shown to the user). */
export interface Unsolved {
  unsolved: string;
}

/**
 * "How many do I need?" asked directly: the entry field that holds the attacking force, which
 * the player may leave out when asking for a target; the system finds the fewest reaching it.
 */
export interface ForceQuestion<Entry = unknown> {
  /** The entry field (dotted; numeric parts index lists), e.g. `attackers`, `nations.0.tokens`. */
  field: string;
  /** Other fields that give the same force (`attackingArmies`): with one given, the force is not asked. */
  alternatives?: readonly string[];
  /**
   * Whether an entry (as given, unvalidated) has a force at all; absent: every entry has. A LandGrab turn
   * plans its own attacks: leaving out `attackers` there asks nothing.
   */
  appliesTo?(entry: unknown): boolean;
  /** A value that lets the rest of the entry be validated while the force is unknown. */
  placeholder: number;
  /** The fewest reaching the target: a count, or why there is none (a sentence for the player). */
  fewest(entry: Entry, target: number): { count: number } | { none: string };
}

/** What describe() reads: the entry, the plan, and the engine's metrics and distributions by name. */
export interface ResultView<Entry = unknown, Plan = unknown> {
  label: string;
  question: Question;
  entry: Entry;
  plan: Plan;
  layout: TallyLayout;
  method: 'exact' | 'monte-carlo';
  trials: number;
  /** Merged Monte Carlo counts (null when not sampled). */
  tally: Float64Array | null;
  /** The exact solution (null when not solved). */
  exact: Solution | null;
  metrics: readonly Metric[];
  distributions: readonly Distribution[];
  /** A metric by key (throws when the layout has none by that name). */
  metric(key: string): Metric;
  /**
   * The value a metric shows, as the report's tables show it (the exact value when the battle
   * was solved, else the estimate), and whether it is a sampled frequency only.
   */
  shown(key: string): { value: number; sampled: boolean };
  distribution(key: string): Distribution;
}

/** What advise() reads: the result as describe() read it, what was asked, and what describe() said. */
export interface AdviceView<Entry = unknown, Plan = unknown> extends ResultView<Entry, Plan> {
  asked: Asked;
  /** describe()'s answer, which the advice adds to. */
  described: Description;
}

/** What a system adds to the engine's report. */
export interface Description {
  /** The answer in plain words, first line first; every number in it quotes a named value. */
  verdict?: Sentence[];
  /** The answers to the player's questions, by name (what the verdict's advice lines quote). */
  decisions?: Decisions;
  /** Derived metrics, listed after the layout's. */
  metrics?: Metric[];
  tables?: Table[];
  charts?: ChartRequest[];
}

export interface RuleSystem<Entry = any, Plan = any> {
  id: string;
  title: string;
  /**
   * Strict schema of one battle entry, cross-field checks included (errors name the field). Systems
   * build it on first use (model/lazy.ts): building it loads zod.
   */
  entry: ZodType<Entry>;
  /**
   * Optional: a hand-written check of the plainest entries (those a quick answer from flags gives),
   * which spares building the schema and loading zod, a fifth of an exact answer's start. It returns
   * the entry exactly as `entry` parses it (the same keys in the same order, defaults filled in), or
   * undefined for anything else, valid or not: `entry` then decides, and words any error. Each
   * system's test checks the two agree on generated entries.
   */
  quickEntry?(entry: unknown): Entry | undefined;
  compile(entry: Entry): Compiled<Plan>;
  /** Absent for a system with no randomness: every battle is solved. */
  sampler?: Sampler<Plan>;
  /** The exact answer, or why there is none for this plan (too large, a rule it does not model ...). */
  solve?(plan: Plan): Solution | Unsolved;
  describe?(result: ResultView<Entry, Plan>): Description;
  /**
   * The answers to what the player asks beyond the odds (a target, advice), called by the engine
   * after describe(), and only when the question asks them (kit/advice.ts `askedOf`). It returns
   * the description with the advice in it: decisions, lines, tables and charts, most often after
   * describe()'s own (kit/advice.ts `withAdvice`). Its code lives in the system's advice/ folder.
   */
  advise?(result: AdviceView<Entry, Plan>): Description;
  /** The objectives its advice can optimise (Question.objective), the default first; absent: none to choose. */
  objectives?: readonly Objective[];
  /** The force a player may leave out to ask how much is needed (absent: every entry gives it). */
  force?: ForceQuestion<Entry>;
  /**
   * The decisions its answers may hold beyond the shared ones, by name, as schemas built on first use (its
   * decisions.ts): the registry publishes them in the report's schema. Absent: its answers hold none of their own.
   */
  decisions?: () => Readonly<Record<string, ZodType>>;
}

export function isUnsolved(answer: Solution | Unsolved): answer is Unsolved {
  return 'unsolved' in answer;
}
