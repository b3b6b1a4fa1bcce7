/**
 * A position within a turn, between two dice rolls: who owns what, the armies, where my leaders stand.
 * Masks have bit t for territory t.
 */
import type { Board } from './board.js';

export interface TurnState {
  /** Armies per territory (an enemy territory being conquered holds 0 until armies move in). */
  armies: ArrayLike<number>;
  /** Territories I own. */
  mine: number;
  /** Territories holding one of my leaders (a leader adds its bonus to attacks from there). */
  leaders: number;
  /** Territories gained from a capitol that may not attack this turn (rule capitolTerritoriesAttack: false). */
  frozen: number;
  /**
   * Set right after a conquest, before armies move in: `to` is mine with 0 armies, `dice` the dice the
   * attacker rolled in the last round (the fewest armies to move in under moveIn 'dice'). Any capitol
   * conversion has already happened.
   */
  conquest?: { from: number; to: number; dice: number };
}

/**
 * The state after placing `added` armies (per territory) at the start of the turn.
 *
 * @example
 * startState(board, Int32Array.from([4, 0, 0, 0, 0, 0, 0, 0])) // 4 more on territory 0
 */
export function startState(board: Board, added: ArrayLike<number>): TurnState {
  const armies = Array.from(board.armies, (a, t) => a + (added[t] ?? 0));
  let leaders = 0;
  for (let t = 0; t < board.names.length; t++) if (board.leaders & board.mine & (1 << t)) leaders |= 1 << t;
  return { armies, mine: board.mine, leaders, frozen: 0 };
}
