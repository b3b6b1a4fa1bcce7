/**
 * The exact core of the LandGrab turn planner (issue 28): where to place the reinforcements, which
 * attacks in which order, when to stop and how many armies to move in, for an objective. Pure
 * TypeScript, nothing from Node.
 *
 * Readings where the help page is silent (each a switch in TurnRules where it can matter):
 * - moveIn 'dice' (default): at least the dice rolled in the last round move in; 'one': at least 1.
 * - leaderMovesIn false (default): my attacking leader stays where it is; true: it may go in with the armies.
 * - capitolTerritoriesAttack true (default): territories gained from a capitol may attack in the same turn.
 * - A fallen capitol's ratio is drawn at the conquest, before the move-in: the player sees the converted
 *   armies when choosing how many to move in.
 * - The eliminated player's leaders are lost with him: a converted territory has no defending bonus left
 *   (it is mine) and gives me no attacking leader.
 * - A conquered fortress is terrain only: it matters no more this turn (no enemy attacks during my turn).
 * - A fortification move at the end changes no objective (objective.ts), so it is not modelled.
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
