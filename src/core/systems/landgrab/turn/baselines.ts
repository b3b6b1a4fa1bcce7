/**
 * Simpler plans, each valued exactly under the same rules, to show what the optimal plan gains:
 * - greedy: attack the weakest enemy territory next to an attack-capable territory of mine (fewest
 *   armies, ties by name), from my biggest stack next to it (ties by name), fight that battle to the end,
 *   move everything but one in, repeat while an attack is possible; valued on every placement, reported
 *   with the placement best for greedy and with the optimal plan's placement;
 * - bestSingleAttack: the best placement and one battle fought to the end, everything but one moved in
 *   on a conquest, then stop;
 * - allOnOne: every reinforcement on one territory (the best one), then optimal play.
 * Each is a policy the optimal planner could play, so none can beat it. Names compare by code points.
 */
import { solveBattle } from '../exact.js';
import type { Board } from './board.js';
import { finalValue, type BoardObjective } from './objective.js';
import { forEachPlacement, placementSpace } from './placements.js';
import { placementRecord, type TurnSolution } from './solveTurn.js';
import { StateTable } from './stateTable.js';
import { keyLayout } from './stateKey.js';
import type { TurnRules } from './turnRules.js';
import { turnMoves, type TurnMoves } from './turnMoves.js';
import { startState, type TurnState } from './turnState.js';

export type BaselineName = 'greedy' | 'greedyOnOptimalPlacement' | 'bestSingleAttack' | 'allOnOne';

export interface Baseline {
  name: BaselineName;
  /** Its exact expected objective. */
  value: number;
  placement: Record<string, number>;
  /** bestSingleAttack: the attack fought (names); absent when no attack is open. */
  attack?: { from: string; to: string };
}

/** A battle fought to the end: won[a] = P(conquest, a left in the attacker), heldDefender[d] = P(held, d left). */
function fightToTheEnd(moves: TurnMoves, state: TurnState, from: number, to: number) {
  return solveBattle(moves.tableFor(state, from, to), state.armies[from], state.armies[to]);
}

/** The conquests after a battle won with `armies` left, everything but one moved in (conversions expanded). */
function conquestsMovingAll(
  moves: TurnMoves,
  rules: TurnRules,
  state: TurnState,
  from: number,
  to: number,
  armies: number,
) {
  const here: TurnState = { ...state, armies: Array.from(state.armies) };
  (here.armies as number[])[from] = armies;
  const dice = Math.min(rules.attackerDice, armies - 1);
  return moves.conquer(here, from, to, dice).map((o) => ({ p: o.p, state: moves.moveIn(o.state, armies - 1, false) }));
}

/** The state after a battle the defender held with `defenders` left (the attacker down to 1). */
function held(state: TurnState, from: number, to: number, defenders: number): TurnState {
  const next: TurnState = { ...state, armies: Array.from(state.armies) };
  (next.armies as number[])[from] = 1;
  (next.armies as number[])[to] = defenders;
  return next;
}

/**
 * The greedy policy's exact value from any state (memoised on the state, battles solved exactly).
 *
 * @example
 * const greedy = greedyEvaluator(board, goal, rules);
 * greedy(startState(board, added)) // the expected objective when playing greedily after that placement
 */
export function greedyEvaluator(board: Board, goal: BoardObjective, rules: TurnRules): (state: TurnState) => number {
  const n = board.names.length;
  const moves = turnMoves(board, rules);
  // Greedy never moves a leader, so the key's leader digit holds the mask of frozen territories instead.
  const layout = keyLayout(board, true);
  const key = new Float64Array(layout.width);
  const memo = new StateTable(layout.width, 1 << 10);
  const byName = (a: number, b: number) =>
    board.names[a] < board.names[b] ? -1 : board.names[a] > board.names[b] ? 1 : 0;
  const order = Array.from({ length: n }, (_, t) => t).sort(byName);

  const writeKey = (s: TurnState) => {
    key.fill(0);
    for (let t = 0; t < n; t++) {
      const digit = s.mine & (1 << t) ? layout.enemyMax[t] + s.armies[t] : s.armies[t];
      key[layout.wordOf[t]] += digit * layout.scaleOf[t];
    }
    key[layout.wordOf[n]] += s.frozen * layout.scaleOf[n];
  };

  const value = (s: TurnState): number => {
    writeKey(s);
    const known = memo.get(key, 0);
    if (known >= 0) return known;
    let to = -1;
    for (const y of order) {
      if (s.mine & (1 << y)) continue;
      const attackable = order.some((x) => moves.canAttack(s, x, y));
      if (attackable && (to < 0 || s.armies[y] < s.armies[to])) to = y;
    }
    let result: number;
    if (to < 0) result = finalValue(board, goal, s.mine, s.armies);
    else {
      let from = -1;
      for (const x of order) if (moves.canAttack(s, x, to) && (from < 0 || s.armies[x] > s.armies[from])) from = x;
      const fight = fightToTheEnd(moves, s, from, to);
      result = 0;
      for (let a = 2; a < fight.won.length; a++)
        if (fight.won[a] > 0)
          for (const c of conquestsMovingAll(moves, rules, s, from, to, a))
            result += fight.won[a] * c.p * value(c.state);
      for (let d = 1; d < fight.heldDefender.length; d++)
        if (fight.heldDefender[d] > 0) result += fight.heldDefender[d] * value(held(s, from, to, d));
    }
    writeKey(s);
    memo.set(key, 0, result);
    return result;
  };
  return value;
}

/**
 * The value of one battle from -> to fought to the end, everything but one moved in on a conquest, then stop.
 *
 * @example
 * singleAttackValue(board, goal, turnMoves(board, rules), rules, startState(board, added), 2, 5) // if only C attacks F
 */
export function singleAttackValue(
  board: Board,
  goal: BoardObjective,
  moves: TurnMoves,
  rules: TurnRules,
  state: TurnState,
  from: number,
  to: number,
): number {
  const fight = fightToTheEnd(moves, state, from, to);
  let value = 0;
  for (let a = 2; a < fight.won.length; a++)
    if (fight.won[a] > 0)
      for (const c of conquestsMovingAll(moves, rules, state, from, to, a))
        value += fight.won[a] * c.p * finalValue(board, goal, c.state.mine, c.state.armies);
  for (let d = 1; d < fight.heldDefender.length; d++)
    if (fight.heldDefender[d] > 0) {
      const s = held(state, from, to, d);
      value += fight.heldDefender[d] * finalValue(board, goal, s.mine, s.armies);
    }
  return value;
}

/**
 * Every baseline for a solved turn (its placements' values give allOnOne).
 *
 * @example
 * baselines(board, goal, rules, solution).map((b) => `${b.name}: ${b.value}`)
 */
export function baselines(board: Board, goal: BoardObjective, rules: TurnRules, solution: TurnSolution): Baseline[] {
  const greedy = greedyEvaluator(board, goal, rules);
  const moves = turnMoves(board, rules);
  const n = board.names.length;
  let bestGreedy: Baseline | undefined;
  let single: Baseline | undefined;
  let greedyOnOptimal = 0;
  const optimalKey = JSON.stringify(solution.bestPlacement);
  forEachPlacement(board, placementSpace(board), (added) => {
    const start = startState(board, added);
    const placement = placementRecord(board, added);
    const g = greedy(start);
    if (!bestGreedy || g > bestGreedy.value) bestGreedy = { name: 'greedy', value: g, placement };
    if (JSON.stringify(placement) === optimalKey) greedyOnOptimal = g;
    for (let from = 0; from < n; from++)
      for (let to = 0; to < n; to++) {
        if (!moves.canAttack(start, from, to)) continue;
        const v = singleAttackValue(board, goal, moves, rules, start, from, to);
        if (!single || v > single.value)
          single = {
            name: 'bestSingleAttack',
            value: v,
            placement,
            attack: { from: board.names[from], to: board.names[to] },
          };
      }
  });
  if (!single) {
    // No attack is open whatever the placement: the single attack is no attack.
    const first = solution.placements[0];
    single = { name: 'bestSingleAttack', value: first.value, placement: first.added };
  }
  const reinforcements = board.reinforcements;
  const onOne = solution.placements.filter((p) => {
    const counts = Object.values(p.added);
    return reinforcements === 0 || (counts.length === 1 && counts[0] === reinforcements);
  });
  const allOnOne = onOne.reduce((best, p) => (p.value > best.value ? p : best), onOne[0]);
  return [
    bestGreedy as Baseline,
    { name: 'greedyOnOptimalPlacement', value: greedyOnOptimal, placement: solution.bestPlacement },
    single,
    { name: 'allOnOne', value: allOnOne.value, placement: allOnOne.added },
  ];
}
