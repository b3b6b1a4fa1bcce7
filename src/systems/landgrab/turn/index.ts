/**
 * The exact core of the LandGrab turn planner (issue 28): where to place the reinforcements, which
 * attacks in which order, when to stop and how many armies to move in, for an objective. Pure
 * TypeScript, nothing from Node.
 *
 * @example
 * const board = parseBoard(input);
 * const solver = createTurnSolver(board, boardObjective(board, objectiveFromText('continent:East')), turnRules());
 * const plan = planTurn(solver); // plain data: value, placements, main line, baselines (or 'too-large')
 * solver.bestAction(state); // the policy at any state
 */
export * from './board.js';
export * from './inputError.js';
export * from './turnRules.js';
export * from './objective.js';
export * from './turnState.js';
export * from './turnAction.js';
export * from './turnSolver.js';
export * from './solveTurn.js';
export * from './mainLine.js';
export * from './baselines.js';
export * from './planTurn.js';
export * from './turnMoves.js';
export * from './placements.js';
