/**
 * Kings & Things battles under optimal play: the battle as a zero-sum stochastic game
 * (the attacker maximizes P(capture), the defender P(hold)), solved exactly. Each side
 * chooses where its hits go after the dice (11.51) and whether to retreat (11.6); fixed
 * loss policies plug into the same state machine. README.md in this folder has the model.
 *
 * @example
 * const result = solveGame({ attacker, defender });
 * if (result.ok) {
 *   result.solution.pCapture; // both sides optimal
 *   // The defender's choices when the attacker scores one hit in the first magic step:
 *   decideLosses(result.solution, startPosition(result.solution), 'magic', 0, 1).second.options;
 * }
 */
export { solveGame, spaceCache, NODE_NAMES } from './solve.js';
export type { GameResult, GameSolution, SolveOptions, SpaceCache } from './solve.js';
export type { GameBattle, LossTurn } from './battle.js';
export { DEFAULT_MAX_STATES, DEFAULT_MAX_WORK, gameSize, sizeProblem } from './size.js';
export type { GameSize, SizeLimits } from './size.js';
export { OPTIMAL, controlLabel, namedControl, optimalLosses, orderControl, retreatRuleProblem } from './controls.js';
export type { LossControl, RetreatControl, SideControl } from './controls.js';
export { NAMED_LOSS_POLICIES, namedLossOrder, type NamedLossPolicy } from './namedOrders.js';
export { answerLosses, chooseLosses, decideLosses, decideRetreat, firstToAssign, retreatChoices } from './choices.js';
export type { LossDecision, LossOption, RetreatDecision } from './choices.js';
export { STEP_NAMES, describeSide, lossBetween, positionOf, sidePosition, startPosition } from './positions.js';
export type { CounterView, FieldCounter, LossPart, Position, SideName, StepName } from './positions.js';
export { optimalPlayReport, type OptimalPlayReport, type PolicyValue, type ReportOptions } from './report.js';
export { gameFromPlan, countersOf, type PlanGame } from './fromPlan.js';
export { playBattle, type PlayedBattle } from './playOut.js';
