/** The fast planner on a raw board, for the tests: parse, solve every placement, fail loudly if too large. */
import { parseBoard, type BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { boardObjective, type Objective } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules, type TurnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { createTurnSolver, type TurnSolver } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import { solveTurn, type TurnSolution } from '../../../../../src/core/systems/landgrab/turn/solveTurn.js';

export function fastSolve(
  input: BoardInput,
  objective: Objective,
  rules: Partial<TurnRules> = {},
): { solution: TurnSolution; solver: TurnSolver } {
  const board = parseBoard(input);
  const solver = createTurnSolver(board, boardObjective(board, objective), turnRules(rules));
  const solution = solveTurn(solver);
  if (solution.status !== 'solved') throw new Error(solution.message);
  return { solution, solver };
}
