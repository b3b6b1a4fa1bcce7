/**
 * A turn's answer (answer.ts) as the report's decision `decisions.plan` (decision.ts): plain data,
 * names as values. The exact planner's decision is whole here (it is the solution's `detail`); the
 * sampled planner's value and interval are the estimates, filled in by describe.ts.
 */
import type { Board } from '../turn/board.js';
import type { BaselineName } from '../turn/baselines.js';
import type { MainLineStep } from '../turn/mainLine.js';
import type { TurnAnswer } from './answer.js';
import type { Placed, PlannedStep, TurnPlanDecision } from './decision.js';
import { isProbabilityObjective, type TurnBattlePlan } from './plan.js';

/** The best placements listed with their values. */
export const TOP_PLACEMENTS = 10;

export const BASELINE_LABELS: Record<BaselineName, string> = {
  greedy: 'greedy (weakest neighbour first, fought to the end, all but one moved in; its best placement)',
  greedyOnOptimalPlacement: "greedy after the plan's placement",
  bestSingleAttack: 'the best single attack (one battle fought to the end, then stop)',
  allOnOne: 'all reinforcements on one territory (the best one), then the best play',
};

/** A placement record as a list, most armies first (ties in board order). */
export function placedList(board: Board, added: Record<string, number>): Placed[] {
  return board.names
    .map((territory) => ({ territory, armies: added[territory] ?? 0 }))
    .filter((p) => p.armies > 0)
    .sort((a, b) => b.armies - a.armies);
}

function stepOf(board: Board, step: MainLineStep): PlannedStep {
  const base = {
    text: step.text,
    from: null,
    to: null,
    armies: null,
    leader: null,
    pReach: step.pReach,
    pConquer: null,
    pBreakOff: null,
    moveShare: null,
    value: step.value,
  };
  const action = step.action;
  if (action.kind === 'attack')
    return {
      ...base,
      kind: 'attack',
      from: board.names[action.from],
      to: board.names[action.to],
      pConquer: step.attack?.pConquer ?? 0,
      pBreakOff: step.attack?.pBreakOff ?? 0,
    };
  if (action.kind === 'moveIn')
    return {
      ...base,
      kind: 'moveIn',
      armies: action.armies,
      leader: action.leader,
      moveShare: step.moveIn?.choices[0]?.p ?? 1,
    };
  return { ...base, kind: 'stop' };
}

/** The objective as asked, and its continent or player. */
function objectiveText(plan: TurnBattlePlan): { objective: string; target: string | null } {
  const o = plan.objective;
  if (o.kind === 'continent') return { objective: `continent:${o.continent}`, target: o.continent };
  if (o.kind === 'capitol') return { objective: `capitol:${o.player}`, target: o.player };
  return { objective: o.kind, target: null };
}

/**
 * The decision for a turn's answer. For the sampled planner `value` is the exact lower bound and
 * `interval` null until describe() puts the estimate in.
 *
 * @example
 * planDecision(plan, turnAnswer(plan)).placement // [{ territory: 'C', armies: 4 }, { territory: 'B', armies: 2 }, ...]
 */
export function planDecision(plan: TurnBattlePlan, answer: TurnAnswer): TurnPlanDecision {
  const { board, goal } = answer;
  const common = {
    ...objectiveText(plan),
    territoryWorth: plan.objective.kind === 'value' ? plan.objective.territoryWorth : null,
    kind: isProbabilityObjective(goal) ? ('probability' as const) : ('expectation' as const),
    reinforcements: board.reinforcements,
    maxStates: plan.maxStates,
  };
  if (answer.status === 'too-large') {
    const { rollout, tooLarge } = answer;
    const bound = rollout.lowerBound;
    const attack = bound.from === null ? null : { from: bound.from, to: bound.to as string };
    return {
      ...common,
      planner: 'sampled',
      proved: false,
      value: bound.value,
      interval: null,
      placement: placedList(board, rollout.placement),
      firstAttack: null,
      states: tooLarge.budget === 'states' ? tooLarge.reached : 0,
      placements: 0,
      mainLine: [],
      baselines: [],
      topPlacements: [],
      lowerBound: { value: bound.value, kind: bound.kind, placement: placedList(board, rollout.placement), attack },
    };
  }
  const solved = answer.plan;
  const mainLine = solved.mainLine.map((s) => stepOf(board, s));
  const first = mainLine[0];
  const ranked = [...solved.placements].sort((a, b) => b.value - a.value).slice(0, TOP_PLACEMENTS);
  return {
    ...common,
    planner: 'exact',
    proved: true,
    value: solved.value,
    interval: null,
    placement: placedList(board, solved.bestPlacement),
    firstAttack: first?.kind === 'attack' ? { from: first.from as string, to: first.to as string } : null,
    states: solved.statesVisited,
    placements: solved.placements.length,
    mainLine,
    baselines: solved.baselines.map((b) => ({
      name: b.name,
      label: BASELINE_LABELS[b.name],
      value: b.value,
      gain: Math.max(0, solved.value - b.value),
      placement: placedList(board, b.placement),
      attack: b.attack ?? null,
    })),
    topPlacements: ranked.map((p) => ({ placement: placedList(board, p.added), value: p.value })),
    lowerBound: null,
  };
}
