/**
 * The sampled planner's plan, for a turn past the exact planner's budget: a simple policy that can be
 * played on any board (no table of states), and beside it the best exact lower bound found cheaply.
 *
 * - Placement: every reinforcement on one front territory, the one with the best exact lower bound.
 * - Play ("nearest first"): attack the enemy territory nearest to the objective (its own territories
 *   first, then the ones on the way, by steps through enemy territories), the weakest of those, from
 *   my biggest stack next to it; for the objective `value` only with more armies able to attack than
 *   it holds; move all but one in; stop once a probability objective is met or nothing is left to attack.
 * - Lower bound: the rollout valued exactly (forward propagation, propagate.ts) where its play passes
 *   through few enough states, else the best single attack's exact value. Any policy's value is at most
 *   the optimum, so either is a lower bound on the best plan; neither is called best.
 */
import type { Board } from '../turn/board.js';
import { finalValue, type BoardObjective } from '../turn/objective.js';
import { placementSpace } from '../turn/placements.js';
import { placementRecord } from '../turn/solveTurn.js';
import { singleAttackValue } from '../turn/baselines.js';
import { turnMoves } from '../turn/turnMoves.js';
import type { TurnRules } from '../turn/turnRules.js';
import { startState, type TurnState } from '../turn/turnState.js';
import type { TurnAction } from '../turn/turnAction.js';
import { propagate, PropagationTooLarge, type TurnPolicy } from './propagate.js';

export interface LowerBound {
  value: number;
  /**
   * 'rollout': this very plan valued exactly (its play reached few enough states); 'singleAttack': the best
   * single attack after the placement; 'stop': no attack beats not attacking.
   */
  kind: 'rollout' | 'singleAttack' | 'stop';
  /** The single attack's territories (names); null for the others. */
  from: string | null;
  to: string | null;
}

export interface RolloutPlan {
  /** Armies added per territory (names). */
  placement: Record<string, number>;
  added: number[];
  /** The best exact lower bound on the best plan found after this placement. */
  lowerBound: LowerBound;
}

/** The most states the exact valuation of the rollout plays through, per placement tried. */
export const ROLLOUT_EXACT_STATES = 200_000;

/**
 * The rollout's placement and the exact lower bound: every reinforcement on one front territory, the
 * one whose exact bound is the highest (the rollout valued exactly where its play stays within
 * ROLLOUT_EXACT_STATES, else the best single attack; once one placement's play is past it, no other's
 * is tried); ties go to the front nearest the objective with the most armies.
 *
 * @example
 * rolloutPlan(board, goal, rules) // { placement: { C: 8 }, lowerBound: { value: 0.72, kind: 'rollout', ... } }
 */
export function rolloutPlan(
  board: Board,
  goal: BoardObjective,
  rules: TurnRules,
  exactStates = ROLLOUT_EXACT_STATES,
): RolloutPlan {
  const moves = turnMoves(board, rules);
  const n = board.names.length;
  const { fronts, spare, reinforcements } = placementSpace(board);
  const places = fronts.length > 0 ? fronts : [spare >= 0 ? spare : -1];
  const policy = rolloutPolicy(board, goal, rules);
  const near = nearness(board, goal);
  let best: (RolloutPlan & { place: number }) | undefined;
  let exactPlay = true;
  for (const place of places) {
    const added = new Array<number>(n).fill(0);
    if (place >= 0) added[place] = reinforcements;
    const start = startState(board, added);
    let bound: LowerBound = {
      value: finalValue(board, goal, start.mine, start.armies),
      kind: 'stop',
      from: null,
      to: null,
    };
    for (let from = 0; from < n; from++)
      for (let to = 0; to < n; to++) {
        if (!moves.canAttack(start, from, to)) continue;
        const value = singleAttackValue(board, goal, moves, rules, start, from, to);
        if (value > bound.value) bound = { value, kind: 'singleAttack', from: board.names[from], to: board.names[to] };
      }
    // One placement's play past the budget: the others' (as large) are not tried.
    if (exactPlay)
      try {
        let value = 0;
        propagate(
          board,
          rules,
          policy,
          start,
          (s, p) => (value += p * finalValue(board, goal, s.mine, s.armies)),
          exactStates,
        );
        if (value >= bound.value) bound = { value, kind: 'rollout', from: null, to: null };
      } catch (error) {
        if (!(error instanceof PropagationTooLarge)) throw error;
        exactPlay = false;
      }
    const better =
      !best ||
      bound.value > best.lowerBound.value ||
      (bound.value === best.lowerBound.value &&
        place >= 0 &&
        (near(place) < near(best.place) ||
          (near(place) === near(best.place) && board.armies[place] > board.armies[best.place])));
    if (better) best = { placement: placementRecord(board, added), added, lowerBound: bound, place };
  }
  const { place, ...plan } = best as RolloutPlan & { place: number };
  void place;
  return plan;
}

/** Steps from a territory of mine to the objective's territories, through enemy territories (Infinity: none). */
function nearness(board: Board, goal: BoardObjective): (t: number) => number {
  const n = board.names.length;
  const probability = goal.kind === 'continent' || goal.kind === 'capitol';
  const targets = probability ? goal.target : (1 << n) - 1;
  const distance = new Array<number>(n).fill(Infinity);
  const queue: number[] = [];
  for (let t = 0; t < n; t++)
    if (targets & ~board.mine & (1 << t)) {
      distance[t] = 0;
      queue.push(t);
    }
  for (let head = 0; head < queue.length; head++) {
    const t = queue[head];
    for (let u = 0; u < n; u++)
      if (board.neighbours[t] & (1 << u) && distance[u] === Infinity) {
        distance[u] = distance[t] + 1;
        if (!(board.mine & (1 << u))) queue.push(u);
      }
  }
  return (t) => (t < 0 ? Infinity : distance[t]);
}

/**
 * The "nearest first" policy (see the module's comment).
 *
 * @example
 * const play = rolloutPolicy(board, goal, rules);
 * play(startState(board, added)) // { kind: 'attack', from: 2, to: 6 }
 */
export function rolloutPolicy(board: Board, goal: BoardObjective, rules: TurnRules): TurnPolicy {
  const n = board.names.length;
  const all = (1 << n) - 1;
  const probability = goal.kind === 'continent' || goal.kind === 'capitol';
  const targets = probability ? goal.target : all;
  const moves = turnMoves(board, rules);
  const distance = new Int32Array(n);
  const queue = new Int32Array(n);
  return (s: TurnState): TurnAction => {
    if (s.conquest) return { kind: 'moveIn', armies: s.armies[s.conquest.from] - 1, leader: false };
    if (probability && (s.mine & targets) === targets) return { kind: 'stop' };
    // Steps from each enemy territory to the objective's, through enemy territories.
    distance.fill(-1);
    let head = 0;
    let tail = 0;
    for (let t = 0; t < n; t++)
      if (targets & ~s.mine & (1 << t)) {
        distance[t] = 0;
        queue[tail++] = t;
      }
    while (head < tail) {
      const t = queue[head++];
      for (let u = 0; u < n; u++)
        if (board.neighbours[t] & (1 << u) && !(s.mine & (1 << u)) && distance[u] < 0) {
          distance[u] = distance[t] + 1;
          queue[tail++] = u;
        }
    }
    let bestFrom = -1;
    let bestTo = -1;
    for (let to = 0; to < n; to++) {
      if (distance[to] < 0) continue;
      for (let from = 0; from < n; from++) {
        if (!moves.canAttack(s, from, to)) continue;
        if (goal.kind === 'value' && s.armies[from] - 1 <= s.armies[to]) continue;
        const better =
          bestTo < 0 ||
          distance[to] < distance[bestTo] ||
          (distance[to] === distance[bestTo] &&
            (s.armies[to] < s.armies[bestTo] || (to === bestTo && s.armies[from] > s.armies[bestFrom])));
        if (better) {
          bestFrom = from;
          bestTo = to;
        }
      }
    }
    return bestTo < 0 ? { kind: 'stop' } : { kind: 'attack', from: bestFrom, to: bestTo };
  };
}
