/**
 * The exact distribution of how a turn ends under a policy, by forward propagation: the probability
 * mass of the start state is pushed through the policy's decisions and every round's outcomes (capitol
 * conversions expanded over their ratios) until the policy stops. Every round removes at least one
 * army and a move-in keeps the total, so taking states in order of decreasing armies on the board
 * visits each one once, with all its mass.
 */
import type { Board } from '../turn/board.js';
import type { TurnAction } from '../turn/turnAction.js';
import { turnMoves } from '../turn/turnMoves.js';
import type { TurnRules } from '../turn/turnRules.js';
import type { TurnState } from '../turn/turnState.js';

/** A policy: the action at any state (after a conquest: the move-in). */
export type TurnPolicy = (state: TurnState) => TurnAction;

/** The propagation stored more states than its budget: the answer would not be exact. */
export class PropagationTooLarge extends Error {
  override readonly name = 'PropagationTooLarge';
  constructor(readonly maxStates: number) {
    super(`more than ${maxStates} states reached under the policy`);
  }
}

interface Mass {
  state: TurnState;
  p: number;
}

const keyOf = (s: TurnState) => `${Array.from(s.armies).join(',')}|${s.mine}|${s.leaders}|${s.frozen}`;
const totalOf = (s: TurnState) => {
  let total = 0;
  for (let t = 0; t < s.armies.length; t++) total += s.armies[t];
  return total;
};

/**
 * Calls `end(state, p)` for every way the turn can end under `policy` from `start` (distinct end
 * states, p summing to 1); returns the states the play passes through.
 *
 * @example
 * propagate(board, rules, (s) => solver.bestAction(s).action, start, (s, p) => record(s, p)) // 41230
 */
export function propagate(
  board: Board,
  rules: TurnRules,
  policy: TurnPolicy,
  start: TurnState,
  end: (state: TurnState, p: number) => void,
  maxStates = Infinity,
): number {
  const moves = turnMoves(board, rules);
  const pending = new Map<number, Map<string, Mass>>();
  const add = (state: TurnState, p: number) => {
    const total = totalOf(state);
    let bucket = pending.get(total);
    if (!bucket) pending.set(total, (bucket = new Map()));
    const key = keyOf(state);
    const known = bucket.get(key);
    if (known) known.p += p;
    else bucket.set(key, { state, p });
  };
  add(start, 1);
  let states = 0;
  while (pending.size > 0) {
    const total = Math.max(...pending.keys());
    const bucket = pending.get(total) as Map<string, Mass>;
    pending.delete(total);
    states += bucket.size;
    if (states > maxStates) throw new PropagationTooLarge(maxStates);
    for (const { state, p } of bucket.values()) {
      const action = policy(state);
      if (action.kind === 'stop') {
        end(state, p);
        continue;
      }
      if (action.kind !== 'attack') throw new Error('a move-in is chosen only right after a conquest');
      for (const o of moves.round(state, action.from, action.to)) {
        if (!o.state.conquest) {
          add(o.state, p * o.p);
          continue;
        }
        const move = policy(o.state);
        if (move.kind !== 'moveIn') throw new Error('a conquest must be followed by a move-in');
        add(moves.moveIn(o.state, move.armies, move.leader), p * o.p);
      }
    }
  }
  return states;
}
