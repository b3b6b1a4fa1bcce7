/**
 * The rules of a turn as plain transitions between `TurnState`s (new objects, nothing in place): what
 * a round of an attack may give, what a conquest does (the capitol conversion, then a pending move-in),
 * and the move-in itself. The solver has its own in-place copy of these rules for speed; these serve
 * the main line, the baselines and any replay.
 */
import type { BattleTables } from '../rules/tables.js';
import { roundClass, STRIDE } from '../rules/tables.js';
import type { Board } from './board.js';
import { conversionRuns } from './conversionRuns.js';
import { defenderModifiers, turnDiceTables } from './diceTables.js';
import type { TurnRules } from './turnRules.js';
import type { TurnState } from './turnState.js';

export interface RoundOutcome {
  p: number;
  /** The state after the round; a conquest leaves `to` mine and empty with `conquest` set (converted if a capitol). */
  state: TurnState;
}

export interface ConquestOutcome {
  p: number;
  state: TurnState;
  /** For a capitol: the ratios (inclusive) giving this outcome. */
  ratios?: [number, number];
}

export interface TurnMoves {
  /** The dice table of an attack from -> to in this state (the attacker's leader, the defender's terrain, leader). */
  tableFor(state: TurnState, from: number, to: number): BattleTables;
  /** Whether `from` may attack `to` now: mine, >= 2 armies, not frozen; `to` an enemy neighbour. */
  canAttack(state: TurnState, from: number, to: number): boolean;
  /** The outcomes of one round of from -> to; conquests are expanded over the conversion ratios. */
  round(state: TurnState, from: number, to: number): RoundOutcome[];
  /** `to` has just fallen to `from` after `dice` attacking dice: any conversion's outcomes, move-in pending. */
  conquer(state: TurnState, from: number, to: number, dice: number): ConquestOutcome[];
  /** The move-in closing a pending conquest. */
  moveIn(state: TurnState, armies: number, leader: boolean): TurnState;
}

/**
 * The transitions of a board under some rules.
 *
 * @example
 * const moves = turnMoves(board, turnRules());
 * moves.round(startState(board, added), 2, 5) // [{ p: 0.37, state: ... }, ...]
 */
export function turnMoves(board: Board, rules: TurnRules): TurnMoves {
  const n = board.names.length;
  const tables = turnDiceTables(rules);
  const copy = (s: TurnState): TurnState => ({
    armies: Array.from(s.armies),
    mine: s.mine,
    leaders: s.leaders,
    frozen: s.frozen,
  });
  const tableFor = (s: TurnState, from: number, to: number) => {
    const defender = defenderModifiers((board.fortresses & (1 << to)) !== 0, (board.leaders & (1 << to)) !== 0);
    return tables[(s.leaders & (1 << from) ? 4 : 0) + defender];
  };

  const conquer = (s: TurnState, from: number, to: number, dice: number): ConquestOutcome[] => {
    const taken = copy(s);
    (taken.armies as number[])[to] = 0;
    taken.mine |= 1 << to;
    taken.conquest = { from, to, dice };
    const owner = board.owner[to];
    const theirs = owner !== board.me && board.capitolOf[owner] === to ? territoriesOf(owner) & ~taken.mine : 0;
    if (theirs === 0) return [{ p: 1, state: taken }];
    const lost: number[] = [];
    for (let t = 0; t < n; t++) if (theirs & (1 << t)) lost.push(t);
    const runs = conversionRuns(lost.map((t) => s.armies[t]));
    const out: ConquestOutcome[] = [];
    let ratio = 1;
    runs.counts.forEach((count, j) => {
      const next = copy(taken);
      next.conquest = taken.conquest;
      lost.forEach((t, i) => ((next.armies as number[])[t] = runs.vectors[j * lost.length + i]));
      next.mine |= theirs;
      if (!rules.capitolTerritoriesAttack) next.frozen |= theirs;
      out.push({ p: count / 100, state: next, ratios: [ratio, ratio + count - 1] });
      ratio += count;
    });
    return out;
  };

  const territoriesOf = (player: number) => {
    let mask = 0;
    for (let t = 0; t < n; t++) if (board.owner[t] === player) mask |= 1 << t;
    return mask;
  };

  return {
    tableFor,
    canAttack(s, from, to) {
      return (
        (s.mine & (1 << from)) !== 0 &&
        (s.mine & (1 << to)) === 0 &&
        (s.frozen & (1 << from)) === 0 &&
        s.armies[from] >= 2 &&
        (board.neighbours[from] & (1 << to)) !== 0
      );
    },
    round(s, from, to) {
      const t = tableFor(s, from, to);
      const c = roundClass(rules, s.armies[from], s.armies[to]);
      // The dice the attacker rolled: the fewest it may move in after a conquest.
      const nA = Math.min(rules.attackerDice, s.armies[from] - 1);
      const pairs = t.pairs[c];
      const out: RoundOutcome[] = [];
      for (let loss = 0; loss <= pairs; loss++) {
        const p = t.probs[c * STRIDE + loss];
        if (p === 0) continue;
        const next = copy(s);
        (next.armies as number[])[from] -= loss;
        (next.armies as number[])[to] -= pairs - loss;
        if (next.armies[to] === 0) for (const o of conquer(s, from, to, nA)) out.push({ p: p * o.p, state: o.state });
        else out.push({ p, state: next });
      }
      return out;
    },
    conquer,
    moveIn(s, armies, leader) {
      if (!s.conquest) throw new RangeError('no conquest is pending');
      const { from, to, dice } = s.conquest;
      const least = rules.moveIn === 'dice' ? dice : 1;
      if (armies < least || armies > s.armies[from] - 1)
        throw new RangeError(`moves ${armies}: between ${least} and ${s.armies[from] - 1} may move in`);
      const next = copy(s);
      (next.armies as number[])[from] -= armies;
      (next.armies as number[])[to] = armies;
      if (leader) {
        if (!rules.leaderMovesIn || !(s.leaders & (1 << from))) throw new RangeError('no leader may move in');
        next.leaders ^= (1 << from) | (1 << to);
      }
      return next;
    },
  };
}
