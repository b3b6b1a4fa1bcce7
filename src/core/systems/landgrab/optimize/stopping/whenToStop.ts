/**
 * "When should I stop attacking?" for a stated objective: the optimal stopping policy as a
 * stop table, its outcome, and its gain over fighting to the end and over the plan's fixed
 * stop-at rule. For the constrained objective (most armies kept with P(conquest) >= p) the
 * rule is the best deterministic one, proved by branch and bound within a work budget, or the
 * best found with its proven gap (bestStopRule.ts).
 */
import { checkPath, probabilityTarget, type AttackPath } from '../path.js';
import { bestStopRule, ruleDecisions, WORK_BUDGET } from './bestStopRule.js';
import { conquestReward, type RewardWeights } from './rewards.js';
import {
  fightToTheEnd,
  solveStopping,
  stopAtRule,
  MAX_STOPPING_STATES,
  type Outcome,
  type StepDecisions,
} from './solve.js';
import { stopTable, type StopTableStep } from './stopTable.js';
import { visitProbabilities } from './visits.js';

export type StoppingObjective =
  /** (a) Maximise P(taking the whole path). */
  | { kind: 'max-conquest' }
  /** (b) Maximise E[armies kept] subject to P(taking the whole path) >= minConquest. */
  | { kind: 'max-armies'; minConquest: number }
  /**
   * (c) Maximise E[perArmy * armies kept + value of the territories taken + onCompletion if the
   * whole path is taken]; perTerritory is one value for every territory or one per territory.
   */
  | { kind: 'value'; perTerritory: number | readonly number[]; perArmy?: number; onCompletion?: number };

export interface PolicyOutcome extends Outcome {
  /**
   * 'optimal', 'fight to the end' or 'stop at k'; for 'max-armies' the chosen rule is
   * 'optimal' only when proved best (constraint.proved), else 'best found'.
   */
  policy: string;
  /** With a 'max-armies' objective: whether the policy meets the P(conquest) target. */
  meetsTarget?: boolean;
}

/**
 * How good the 'max-armies' rule is. "Meets the target" means P(conquest) >= minConquest as
 * computed (no slack); every rule compared here is evaluated by the same arithmetic.
 */
export interface ConstraintReport {
  minConquest: number;
  /** False when even fighting to the end falls short of the target (the answer is then fighting to the end). */
  feasible: boolean;
  /**
   * True when the rule is proved the best deterministic one: no stop table meeting the target
   * keeps more armies in expectation (up to a relative 1e-9, bestStopRule.ts PRUNE_TOLERANCE).
   */
  proved: boolean;
  /**
   * No deterministic rule (stop table) meeting the target keeps more than this many armies in
   * expectation; equals `value` when proved. Null when infeasible.
   */
  bound: number | null;
  /** bound - value: at most this many armies more could the best stop table keep (0 when proved). */
  gap: number | null;
  /**
   * The best randomised rule's E[armies kept] (the linear-programming relaxation; a rule that
   * may toss a coin in some states): no rule meeting the target, even randomised, keeps more.
   * At least `bound` (an upper bound on the randomised optimum if the work budget ran out inside
   * the first search, which only a small budget near the state limit does).
   */
  randomisedBound: number | null;
  /** The Lagrange multiplier of the randomised optimum: armies traded for one unit of P(conquest). */
  lambda: number | null;
  /** Families of rules (branch and bound nodes) whose bound was computed, the root included. */
  nodes: number;
  /** Work spent: dynamic-programme state updates (deterministic, whatever the machine's load). */
  work: number;
  /** The work the search may spend before it settles for the gap. */
  workBudget: number;
}

export interface StoppingOptions {
  /** Work budget of the constrained search in state updates (default WORK_BUDGET). */
  workBudget?: number;
}

export interface StoppingAnswer {
  objective: StoppingObjective;
  /** What `value` measures, in words. */
  measures: string;
  attackers: number;
  /** Defenders of each territory on the path. */
  defenders: number[];
  /** The objective's value under the chosen policy (for 'max-armies': E[armies kept]). */
  value: number;
  optimal: PolicyOutcome;
  /** Never stopping by choice. */
  baseline: PolicyOutcome;
  /** value - baseline.value (>= 0 up to rounding, except an infeasible 'max-armies' target). */
  gain: number;
  /** The plan's own stop-at rule, when some step's stopAt is above 1; its gain = value - its value. */
  stopAtBaseline?: PolicyOutcome & { gain: number };
  /** True when the optimal policy never stops by choice in a reachable state. */
  neverStops: boolean;
  /** Where to stop, for every state the optimal policy can reach (see stopTable.ts). */
  stopTable: StopTableStep[];
  constraint?: ConstraintReport;
}

/**
 * Solves the objective exactly over every state (step, armies, defenders).
 *
 * @example
 * whenToStop(battlePath(tables, 20, 10), { kind: 'max-armies', minConquest: 0.8 }) // plain dice
 * // { value: 13.1108, optimal: { policy: 'optimal', pConquest: 0.8006, expectedArmiesKept: 13.1108, ... },
 * //   baseline: { policy: 'fight to the end', value: 11.733, pConquest: 0.9650, ... }, gain: 1.378,
 * //   constraint: { feasible: true, proved: true, bound: 13.1108, gap: 0, randomisedBound: 13.2195, nodes: 141, ... },
 * //   stopTable: [{ step: 0, rows: [{ attackers: 2, shape: 'threshold', stopWhenDefendersAtLeast: 2, ... }, ...] }] }
 */
export function whenToStop(
  path: AttackPath,
  objective: StoppingObjective,
  options: StoppingOptions = {},
): StoppingAnswer {
  checkPath(path, MAX_STOPPING_STATES);
  const n = path.steps.length;
  const reward = objectiveReward(objective, n);
  let decisions: StepDecisions[];
  let constraint: ConstraintReport | undefined;
  let chosen: Outcome;
  let fightOn: Outcome;
  let visits: Float64Array[];
  if (objective.kind === 'max-armies') {
    probabilityTarget(objective.minConquest, 'minConquest');
    const workBudget = options.workBudget ?? WORK_BUDGET;
    const best = bestStopRule(path, objective.minConquest, { workBudget });
    decisions = ruleDecisions(path, best);
    const known = (x: number) => (best.feasible ? x : null);
    constraint = {
      minConquest: objective.minConquest,
      feasible: best.feasible,
      proved: best.proved,
      bound: known(best.bound),
      gap: known(best.gap),
      randomisedBound: known(best.randomisedBound),
      lambda: known(best.lambda),
      nodes: best.nodes,
      work: best.work,
      workBudget,
    };
    // The rule's figures from the search's own kernel: lean passes matter at the largest sizes.
    const { kernel } = best;
    const start = (rule: Uint8Array): Outcome => {
      const o = kernel.outcome(rule);
      return { value: o.armies, pConquest: o.p, expectedArmiesKept: o.armies, expectedTerritoriesTaken: o.territories };
    };
    chosen = start(best.stop);
    fightOn = start(new Uint8Array(kernel.size));
    const flat = new Float64Array(kernel.size);
    kernel.visits(best.stop, flat);
    visits = path.steps.map((_, k) => flat.subarray(kernel.offsets[k], kernel.offsets[k + 1]));
  } else {
    decisions = solveStopping(path, reward).steps;
    chosen = evaluate(path, reward, decisions);
    fightOn = solveStopping(path, reward, fightToTheEnd).start;
    visits = visitProbabilities(path, decisions);
  }
  const outcome = (policy: string, start: Outcome): PolicyOutcome => {
    const value = objective.kind === 'max-armies' ? start.expectedArmiesKept : start.value;
    const result: PolicyOutcome = { policy, ...start, value };
    if (objective.kind === 'max-armies') result.meetsTarget = start.pConquest >= objective.minConquest;
    return result;
  };
  const policyName =
    constraint === undefined || constraint.proved ? 'optimal' : constraint.feasible ? 'best found' : 'fight to the end';
  const optimal = outcome(policyName, chosen);
  const baseline = outcome('fight to the end', fightOn);
  const table = stopTable(decisions, visits);
  const answer: StoppingAnswer = {
    objective,
    measures: describeObjective(objective),
    attackers: path.attackers,
    defenders: path.steps.map((s) => s.defenders),
    value: optimal.value,
    optimal,
    baseline,
    gain: optimal.value - baseline.value,
    neverStops: table.every((s) => s.alwaysContinue),
    stopTable: table,
  };
  const stopAts = [...new Set(path.steps.map((s) => s.tables.stopAt))];
  if (stopAts.some((k) => k > 1)) {
    const name = stopAts.length === 1 ? `stop at ${stopAts[0]}` : `stop at ${path.steps.map((s) => s.tables.stopAt)}`;
    const rule = outcome(name, solveStopping(path, reward, stopAtRule(path)).start);
    answer.stopAtBaseline = { ...rule, gain: optimal.value - rule.value };
  }
  if (constraint) answer.constraint = constraint;
  return answer;
}

/** The objective's outcome for given decisions (re-evaluated with the objective's own reward). */
function evaluate(path: AttackPath, reward: RewardWeights, steps: { stop: Uint8Array; defenders: number }[]): Outcome {
  return solveStopping(path, reward, (k, a, d) => steps[k].stop[a * (steps[k].defenders + 1) + d] === 1).start;
}

/**
 * The linear reward an objective maximises ('max-armies': E[armies kept], its constraint aside).
 *
 * @example
 * objectiveReward({ kind: 'value', perTerritory: 3 }, 2) // { perArmy: 1, perTerritory: [3, 3], onCompletion: 0 }
 */
export function objectiveReward(objective: StoppingObjective, steps: number): RewardWeights {
  if (objective.kind === 'max-conquest') return conquestReward(steps);
  if (objective.kind === 'max-armies') return { perArmy: 1, perTerritory: new Array(steps).fill(0), onCompletion: 0 };
  const perTerritory =
    typeof objective.perTerritory === 'number'
      ? new Array<number>(steps).fill(objective.perTerritory)
      : [...objective.perTerritory];
  if (perTerritory.length !== steps) throw new RangeError(`perTerritory needs one value per territory (${steps})`);
  for (const v of [...perTerritory, objective.perArmy ?? 1, objective.onCompletion ?? 0]) {
    if (!Number.isFinite(v)) throw new RangeError('values must be finite numbers');
  }
  return { perArmy: objective.perArmy ?? 1, perTerritory, onCompletion: objective.onCompletion ?? 0 };
}

function describeObjective(objective: StoppingObjective): string {
  if (objective.kind === 'max-conquest') return 'P(taking the whole path)';
  if (objective.kind === 'max-armies') {
    return `E[armies kept] subject to P(taking the whole path) >= ${objective.minConquest}`;
  }
  const perArmy = objective.perArmy ?? 1;
  const completion = objective.onCompletion ? ` + ${objective.onCompletion} if the whole path is taken` : '';
  return `E[${perArmy} per army kept + the value of the territories taken${completion}]`;
}
