/**
 * The optimal turn over every placement: each placement's start state solved by the shared solver
 * (one table for all of them), the best kept. Plain data out, or "too large" with the count reached.
 */
import type { Board } from './board.js';
import type { Objective } from './objective.js';
import { forEachPlacement, placementSpace } from './placements.js';
import { StateBudgetExceeded, type TurnSolver } from './turnSolver.js';
import { startState } from './turnState.js';

/** The most placements one solve takes by default (each is at least one solved start state). */
export const DEFAULT_MAX_PLACEMENTS = 200_000;

export interface PlacementValue {
  /** Armies added per territory (territories getting none left out). */
  added: Record<string, number>;
  /** The optimal expected objective after this placement. */
  value: number;
}

export interface TurnSolution {
  status: 'solved';
  objective: Objective;
  /** The optimal expected objective over every placement and policy. */
  value: number;
  /** The placement reaching it (the first enumerated among equals). */
  bestPlacement: Record<string, number>;
  /** Every placement (up to moving armies between territories with no enemy neighbour) and its value. */
  placements: PlacementValue[];
  bestIndex: number;
  /** States stored (positions where an attack was still open), and the table's memory. */
  statesVisited: number;
  bytesPerState: number;
  tableBytes: number;
}

export interface TurnTooLarge {
  status: 'too-large';
  /** What ran past its budget, how far it got, and the budget. */
  budget: 'states' | 'placements';
  reached: number;
  limit: number;
  message: string;
}

export interface SolveTurnOptions {
  maxPlacements?: number;
}

/**
 * Armies added per territory as a record of the ones getting some.
 *
 * @example
 * placementRecord(board, [0, 2, 4, 2, 0, 0, 0, 0]) // { B: 2, C: 4, D: 2 }
 */
export function placementRecord(board: Board, added: ArrayLike<number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (let t = 0; t < board.names.length; t++) if (added[t] > 0) out[board.names[t]] = added[t];
  return out;
}

/**
 * The record back to armies per territory index.
 *
 * @example
 * placementArray(board, { C: 4 }) // [0, 0, 4, 0, 0, 0, 0, 0]
 */
export function placementArray(board: Board, added: Record<string, number>): number[] {
  return board.names.map((name) => added[name] ?? 0);
}

/**
 * Solves every placement with the solver's objective and rules.
 *
 * @example
 * const answer = solveTurn(createTurnSolver(board, goal, turnRules()));
 * if (answer.status === 'solved') answer.bestPlacement // { B: 2, C: 4, D: 2 }
 */
export function solveTurn(solver: TurnSolver, options: SolveTurnOptions = {}): TurnSolution | TurnTooLarge {
  const board = solver.board;
  const space = placementSpace(board);
  const maxPlacements = options.maxPlacements ?? DEFAULT_MAX_PLACEMENTS;
  if (space.count > maxPlacements)
    return {
      status: 'too-large',
      budget: 'placements',
      reached: space.count,
      limit: maxPlacements,
      message: `${space.count} placements, more than the ${maxPlacements} the exact planner takes`,
    };
  const placements: PlacementValue[] = [];
  let bestIndex = 0;
  try {
    forEachPlacement(board, space, (added) => {
      const value = solver.valueOf(startState(board, added));
      if (placements.length > 0 && value > placements[bestIndex].value) bestIndex = placements.length;
      placements.push({ added: placementRecord(board, added), value });
    });
  } catch (error) {
    if (!(error instanceof StateBudgetExceeded)) throw error;
    return {
      status: 'too-large',
      budget: 'states',
      reached: error.states,
      limit: error.maxStates,
      message:
        `more than ${error.maxStates} states (${solver.bytesPerState} bytes each), ` +
        `after ${placements.length} of ${space.count} placements`,
    };
  }
  return {
    status: 'solved',
    objective: solver.goal.objective,
    value: placements[bestIndex].value,
    bestPlacement: placements[bestIndex].added,
    placements,
    bestIndex,
    statesVisited: solver.statesVisited(),
    bytesPerState: solver.bytesPerState,
    tableBytes: solver.tableBytes(),
  };
}
