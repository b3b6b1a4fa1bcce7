/**
 * The exact turn plan as plain data (structured-cloneable): the optimal value, the best placement and
 * every placement's value, the main line from the best placement, and the baselines' exact values.
 * The policy itself stays with the solver: `solver.bestAction(state)` answers any state.
 */
import { baselines, type Baseline } from './baselines.js';
import { mainLine, type MainLineStep } from './mainLine.js';
import { placementArray, solveTurn, type SolveTurnOptions, type TurnSolution, type TurnTooLarge } from './solveTurn.js';
import type { TurnSolver } from './turnSolver.js';
import { startState } from './turnState.js';

export interface TurnPlan extends Omit<TurnSolution, 'status'> {
  status: 'planned';
  mainLine: MainLineStep[];
  baselines: Baseline[];
}

/**
 * Solves every placement, then derives the main line and values the baselines.
 *
 * @example
 * const goal = boardObjective(board, objectiveFromText('continent:East'));
 * const plan = planTurn(createTurnSolver(board, goal, turnRules()));
 * if (plan.status === 'planned') plan.mainLine[0].text // 'attack F from C'
 */
export function planTurn(solver: TurnSolver, options: SolveTurnOptions = {}): TurnPlan | TurnTooLarge {
  const solution = solveTurn(solver, options);
  if (solution.status !== 'solved') return solution;
  const board = solver.board;
  const start = startState(board, placementArray(board, solution.bestPlacement));
  return {
    ...solution,
    status: 'planned',
    mainLine: mainLine(solver, start),
    baselines: baselines(board, solver.goal, solver.rules, solution),
  };
}
