/**
 * A turn answered, once per process: the exact planner within the plan's state budget (every
 * placement, the main line, the baselines) and the exact distribution of the end of the turn under
 * its optimal policy from the best placement (propagate.ts); or, past the budget, the sampled
 * planner's plan (rollout.ts). The solve, the kernels (which replay the policy) and describe() all
 * read the same answer, kept in a small cache by the plan's key: a worker thread that samples the
 * turn solves it once too, within the same budget, so it plays exactly the policy the report names.
 */
import { parseBoard, type Board } from '../turn/board.js';
import { boardObjective, type BoardObjective } from '../turn/objective.js';
import { createTurnSolver, type TurnSolver } from '../turn/turnSolver.js';
import { planTurn, type TurnPlan } from '../turn/planTurn.js';
import { placementArray, type TurnTooLarge } from '../turn/solveTurn.js';
import { startState, type TurnState } from '../turn/turnState.js';
import type { TurnAction } from '../turn/turnAction.js';
import type { TurnBattlePlan } from './plan.js';
import { recordEnd, turnLayout } from './plan.js';
import { propagate, type TurnPolicy } from './propagate.js';
import { rolloutPlan, rolloutPolicy, type RolloutPlan } from './rollout.js';

interface Common {
  board: Board;
  goal: BoardObjective;
  /** The policy the kernels replay, and where it starts (after its placement). */
  policy: TurnPolicy;
  start: TurnState;
}

export interface PlannedTurn extends Common {
  status: 'planned';
  solver: TurnSolver;
  plan: TurnPlan;
  /** The exact end-of-turn distribution under the optimal play, in the plan's layout. */
  probabilities: Float64Array;
  /** States the optimal play passes through from the best placement. */
  playStates: number;
  /** Distinct ways the turn ends. */
  endStates: number;
}

export interface SampledTurn extends Common {
  status: 'too-large';
  tooLarge: TurnTooLarge;
  rollout: RolloutPlan;
}

export type TurnAnswer = PlannedTurn | SampledTurn;

/** Kept answers hold their solvers' tables: at most this many bytes of them (and always the last one). */
const CACHE_BYTES = 512 * 1024 * 1024;
const cache: Array<{ key: string; answer: TurnAnswer; bytes: number }> = [];

/**
 * The answer to a turn's plan (cached by its key).
 *
 * @example
 * const answer = turnAnswer(plan);
 * answer.status === 'planned' ? answer.plan.value : answer.rollout.lowerBound.value
 */
export function turnAnswer(plan: TurnBattlePlan): TurnAnswer {
  const hit = cache.findIndex((c) => c.key === plan.key);
  if (hit >= 0) {
    const [kept] = cache.splice(hit, 1);
    cache.unshift(kept);
    return kept.answer;
  }
  const answer = answerTurn(plan);
  const bytes = answer.status === 'planned' ? answer.solver.tableBytes() : 0;
  cache.unshift({ key: plan.key, answer, bytes });
  let total = 0;
  for (let i = 0; i < cache.length; i++) {
    total += cache[i].bytes;
    if (i > 0 && total > CACHE_BYTES) {
      cache.length = i;
      break;
    }
  }
  return answer;
}

/** The most decisions a replayed policy remembers (each a short key and an action). */
const MAX_REMEMBERED = 1_000_000;

/** A policy that remembers its decisions by state (the solver weighs every action anew each time it is asked). */
function remembered(policy: TurnPolicy): TurnPolicy {
  const known = new Map<string, TurnAction>();
  return (s) => {
    const c = s.conquest;
    const pending = c ? `|${c.from},${c.to},${c.dice}` : '';
    const key = `${Array.from(s.armies).join(',')}|${s.mine}|${s.leaders}|${s.frozen}${pending}`;
    let action = known.get(key);
    if (action === undefined) {
      action = policy(s);
      if (known.size < MAX_REMEMBERED) known.set(key, action);
    }
    return action;
  };
}

function answerTurn(plan: TurnBattlePlan): TurnAnswer {
  const board = parseBoard(plan.board);
  const goal = boardObjective(board, plan.objective);
  const solver = createTurnSolver(board, goal, plan.rules, { maxStates: plan.maxStates });
  const planned = planTurn(solver);
  if (planned.status === 'too-large') {
    const rollout = rolloutPlan(board, goal, plan.rules);
    return {
      status: 'too-large',
      board,
      goal,
      tooLarge: planned,
      rollout,
      policy: rolloutPolicy(board, goal, plan.rules),
      start: startState(board, rollout.added),
    };
  }
  const policy = remembered((s) => solver.bestAction(s).action);
  const start = startState(board, placementArray(board, planned.bestPlacement));
  const { layout, at } = turnLayout(board, goal);
  const probabilities = new Float64Array(layout.size);
  let endStates = 0;
  const playStates = propagate(board, plan.rules, policy, start, (s, p) => {
    endStates++;
    recordEnd(board, goal, at, s.mine, s.armies, p, probabilities);
  });
  return { status: 'planned', board, goal, solver, plan: planned, probabilities, playStates, endStates, policy, start };
}
