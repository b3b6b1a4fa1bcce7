/**
 * The exact turn solver: the optimal expected objective of every state of a turn, by memoised
 * recursion over the states reachable from a placement (every roll removes at least one army, so the
 * states form a DAG and the recursion is never deeper than the armies on the board: at most
 * MAX_BOARD_TOTAL_ARMIES rolls of two small frames each; measured: the deepest board the checks allow,
 * 996 rolls deep, needs about 550 KB of stack, Node's default is 984 KB). One table of values is shared by
 * every placement and every query.
 *
 * A state's value is the best of: stop (the objective of the board as it stands), or one round of an
 * attack from a territory of mine with >= 2 armies on an adjacent enemy territory (the expectation over
 * the round's outcomes). A conquest is followed by the capitol conversion, if any (one ratio 1..100 for
 * the whole conquest, grouped in runs giving the same armies; the eliminated player's leaders are lost
 * with him), then by the best move-in, chosen knowing the ratio: k armies from the attacker, k from the
 * rule's minimum to all but one, with or without my leader when it may move.
 *
 * States are stored canonically: a territory of mine that can never act again (fewer than 2 armies,
 * no enemy neighbour, or gained from a capitol under capitolTerritoriesAttack: false) is stored with 1
 * army and no leader. Its armies can no longer change and count one each under the `value` objective
 * only, so the value stored is the canonical state's and the surplus is added back on reading: exact.
 */
import { STRIDE } from '../rules/tables.js';
import type { Board } from './board.js';
import type { BoardObjective } from './objective.js';
import type { TurnRules } from './turnRules.js';
import { StateTable } from './stateTable.js';
import { keyLayout } from './stateKey.js';
import { defenderModifiers, turnDiceTables } from './diceTables.js';
import { conversionRuns } from './conversionRuns.js';
import type { TurnState } from './turnState.js';
import type { TurnAction } from './turnAction.js';

/** The memory the default state budget keeps the table under (1 GiB, the last doubling's peak included). */
export const TABLE_MEMORY_BUDGET = 2 ** 30;

/**
 * The default `maxStates` for keys of `width` words: the most states a table whose last doubling
 * (old and new arrays together: 1.5 x the final size) stays under TABLE_MEMORY_BUDGET can hold half full.
 * One word (every board of the bench's size): 16 bytes a slot, 2^24 states (16.8 million), 805 MB at the peak.
 *
 * @example
 * defaultMaxStates(1) // 16777216
 */
export function defaultMaxStates(width: number): number {
  const slot = StateTable.bytesPerSlot(width);
  let capacity = 16;
  while (1.5 * (2 * capacity) * slot <= TABLE_MEMORY_BUDGET) capacity *= 2;
  return capacity / 2;
}

/** Thrown when a solve would store more states than its budget: the answer would not be exact. */
export class StateBudgetExceeded extends Error {
  override readonly name = 'StateBudgetExceeded';
  constructor(
    readonly states: number,
    readonly maxStates: number,
  ) {
    super(`more than ${maxStates} states (the budget): ${states} stored when it stopped`);
  }
}

export interface TurnSolverOptions {
  /** The most states stored; default defaultMaxStates(key width), under 1 GiB. */
  maxStates?: number;
}

export interface ActionValue {
  action: TurnAction;
  /** The expected objective when taking this action, then playing optimally. */
  value: number;
}

export interface TurnSolver {
  readonly board: Board;
  readonly goal: BoardObjective;
  readonly rules: TurnRules;
  readonly maxStates: number;
  /** Words per state key, and the table's bytes per stored state (two slots at half load). */
  readonly keyWidth: number;
  readonly bytesPerState: number;
  /** The optimal expected objective from a state. Throws StateBudgetExceeded past the budget. */
  valueOf(state: TurnState): number;
  /**
   * Every action open at a state with its value: stop first, then attacks by (from, to); after a conquest,
   * the move-ins, most armies first (with the leader before without).
   */
  actionValues(state: TurnState): ActionValue[];
  /** The optimal action: the first of actionValues within TIE_TOLERANCE of the best (stop wins ties, then more in). */
  bestAction(state: TurnState): ActionValue;
  /** States stored in the table so far. */
  statesVisited(): number;
  tableBytes(): number;
}

/** Relative tolerance under which two action values count as equal when choosing an action. */
export const TIE_TOLERANCE = 1e-12;

const OBJECTIVE_CODE = { continent: 0, capitol: 0, territories: 1, reinforcements: 2, value: 3 } as const;

/**
 * A solver for one board, objective and rules. Nothing is solved until asked: `valueOf` of a start
 * state solves everything reachable from it (kept for every later query).
 *
 * @example
 * const solver = createTurnSolver(board, boardObjective(board, { kind: 'continent', continent: 'East' }), turnRules());
 * solver.valueOf(startState(board, added)) // P(I take East) with the best play after that placement
 * solver.bestAction(startState(board, added)).action // { kind: 'attack', from: 2, to: 5 }
 */
export function createTurnSolver(
  board: Board,
  goal: BoardObjective,
  rules: TurnRules,
  options: TurnSolverOptions = {},
): TurnSolver {
  const n = board.names.length;
  const neighbours = board.neighbours;
  let myLeaders = 0;
  for (let t = 0; t < n; t++) if (board.leaders & board.mine & (1 << t)) myLeaders |= 1 << t;
  const trackLeaders = rules.leaderMovesIn && myLeaders !== 0;
  const layout = keyLayout(board, trackLeaders);
  const width = layout.width;
  const { wordOf, scaleOf, enemyMax } = layout;
  const leaderWord = wordOf[n];
  const leaderScale = scaleOf[n];
  const maxStates = options.maxStates ?? defaultMaxStates(width);
  if (!Number.isInteger(maxStates) || maxStates < 1) throw new RangeError('maxStates must be a whole number >= 1');

  const tables = turnDiceTables(rules);
  const pairsOf = tables.map((t) => t.pairs);
  const probsOf = tables.map((t) => t.probs);
  const defenderIndex = new Int32Array(n);
  for (let t = 0; t < n; t++)
    defenderIndex[t] = defenderModifiers((board.fortresses & (1 << t)) !== 0, (board.leaders & (1 << t)) !== 0);
  const attackerDice = rules.attackerDice;
  const defenderDice = rules.defenderDice;
  const leastMoveInIsDice = rules.moveIn === 'dice';
  const convertedFreeze = !rules.capitolTerritoriesAttack;

  /** Player whose capitol territory t is (never me), or -1; each player's territories as a mask. */
  const capitolOwner = new Int32Array(n).fill(-1);
  const territoriesOf = new Int32Array(board.players.length);
  for (let t = 0; t < n; t++) territoriesOf[board.owner[t]] |= 1 << t;
  board.capitolOf.forEach((t, p) => {
    if (t >= 0 && p !== board.me) capitolOwner[t] = p;
  });

  const objectiveCode = OBJECTIVE_CODE[goal.kind];
  const target = goal.target;
  const worth = goal.territoryWorth;
  const countsArmies = goal.countsArmies ? 1 : 0;
  const ceiling = goal.ceiling;
  const continentMasks = Int32Array.from(board.continents, (c) => c.mask);
  const continentBonuses = Int32Array.from(board.continents, (c) => c.bonus);

  let totalArmies = board.reinforcements;
  for (let t = 0; t < n; t++) totalArmies += board.armies[t];
  const maxDepth = totalArmies + 4;
  const keys = new Float64Array((maxDepth + 2) * width);
  const table = new StateTable(width);
  /** bestMoveIn's key with both territories at 1 army, per depth. */
  const moveInBase = new Float64Array(keys.length);

  // The working state: the recursion changes it in place and restores it.
  const armies = new Int32Array(n);
  let mine = 0;
  let leaders = 0;
  let frozen = 0;
  /** Set by writeKey: my territories that can still attack (>= 2 armies, an enemy neighbour, not frozen). */
  let active = 0;
  /** States whose value is being computed (on the recursion's stack). */
  let solving = 0;

  function popcount(mask: number): number {
    let c = 0;
    for (let m = mask; m !== 0; m &= m - 1) c++;
    return c;
  }

  /** The objective of the board as it stands (the value of stopping now). */
  function stopValue(): number {
    if (objectiveCode === 0) return (mine & target) === target ? 1 : 0;
    if (objectiveCode === 1) return popcount(mine);
    if (objectiveCode === 2) {
      let bonus = 0;
      for (let c = 0; c < continentMasks.length; c++)
        if ((mine & continentMasks[c]) === continentMasks[c]) bonus += continentBonuses[c];
      const base = Math.floor(popcount(mine) / 3);
      return (base < 3 ? 3 : base) + bonus;
    }
    let total = 0;
    for (let t = 0; t < n; t++) if (mine & (1 << t)) total += armies[t];
    return total + worth * popcount(mine);
  }

  /** Writes the canonical key at keys[at..]; returns the armies beyond 1 on my territories that can no longer act. */
  function writeKey(at: number): number {
    for (let w = 0; w < width; w++) keys[at + w] = 0;
    let surplus = 0;
    let canAct = 0;
    const enemies = ~mine;
    for (let t = 0; t < n; t++) {
      const bit = 1 << t;
      let digit;
      if (mine & bit) {
        const a = armies[t];
        if (a >= 2 && (neighbours[t] & enemies) !== 0 && (frozen & bit) === 0) {
          digit = enemyMax[t] + a;
          canAct |= bit;
        } else {
          digit = enemyMax[t] + 1;
          surplus += a - 1;
        }
      } else digit = armies[t];
      keys[at + wordOf[t]] += digit * scaleOf[t];
    }
    if (trackLeaders) keys[at + leaderWord] += (leaders & canAct) * leaderScale;
    active = canAct;
    return surplus;
  }

  /** The value of the working state, its key written at depth `depth` from scratch. */
  function stateValue(depth: number): number {
    const stop = stopValue();
    if (stop >= ceiling) return stop;
    const offset = writeKey(depth * width) * countsArmies;
    return keyedValue(depth, stop, offset, active);
  }

  /**
   * The value of the working state whose key is already at depth `depth`: `stop` its stop value,
   * `offset` the armies its key leaves out (value objective), `canAct` its territories that can attack.
   */
  function keyedValue(depth: number, stop: number, offset: number, canAct: number): number {
    if (canAct === 0) return stop; // no attack left: nothing to store
    const at = depth * width;
    const known = table.get(keys, at);
    if (known >= 0) return known + offset;
    // States being solved up the recursion will all be stored: count them against the budget too.
    if (table.size + solving >= maxStates) throw new StateBudgetExceeded(table.size + solving, maxStates);
    solving++;
    let best = stop;
    for (let from = 0; from < n; from++) {
      if ((canAct & (1 << from)) === 0) continue;
      let targets = neighbours[from] & ~mine;
      while (targets !== 0) {
        const to = 31 - Math.clz32(targets & -targets);
        targets &= targets - 1;
        const v = attackValue(from, to, depth, stop, offset, canAct);
        if (v > best) best = v;
      }
    }
    table.set(keys, at, best - offset);
    solving--;
    return best;
  }

  /**
   * The expected value of rolling one round of from -> to, then playing optimally. A round without a
   * conquest changes two digits of the key (the attacker's territory keeps its digit enemyMax + armies
   * even at 1 army, as the canonical form wants) and owns the same territories: the child's key, stop
   * value and active territories follow from the parent's.
   */
  function attackValue(from: number, to: number, depth: number, stop: number, offset: number, canAct: number): number {
    const aFrom = armies[from];
    const aTo = armies[to];
    const nA = aFrom - 1 < attackerDice ? aFrom - 1 : attackerDice;
    const nD = aTo < defenderDice ? aTo : defenderDice;
    const leaderHere = (leaders >> from) & 1;
    const tableIndex = leaderHere * 4 + defenderIndex[to];
    const c = (nA - 1) * defenderDice + (nD - 1);
    const pairs = pairsOf[tableIndex][c];
    const probs = probsOf[tableIndex];
    const at = depth * width;
    const childAt = at + width;
    const fromWord = childAt + wordOf[from];
    const toWord = childAt + wordOf[to];
    const fromScale = scaleOf[from];
    const toScale = scaleOf[to];
    let expected = 0;
    for (let loss = 0; loss <= pairs; loss++) {
      const p = probs[c * STRIDE + loss];
      if (p === 0) continue;
      const defenderLoss = pairs - loss;
      if (defenderLoss === aTo) {
        // Conquest (the attacker lost nothing: pairs <= nD <= aTo). The territory is empty until armies move in.
        armies[to] = 0;
        expected += p * conquestValue(from, to, nA, depth);
        armies[to] = aTo;
        continue;
      }
      for (let w = 0; w < width; w++) keys[childAt + w] = keys[at + w];
      keys[fromWord] -= loss * fromScale;
      keys[toWord] -= defenderLoss * toScale;
      let childCanAct = canAct;
      if (aFrom - loss < 2) {
        childCanAct &= ~(1 << from);
        if (trackLeaders && leaderHere === 1) keys[childAt + leaderWord] -= (1 << from) * leaderScale;
      }
      armies[from] = aFrom - loss;
      armies[to] = aTo - defenderLoss;
      expected += p * keyedValue(depth + 1, objectiveCode === 3 ? stop - loss : stop, offset, childCanAct);
      armies[from] = aFrom;
      armies[to] = aTo;
    }
    return expected;
  }

  /** After `to` fell to `from` (nA dice in the last round): the conversion if a capitol, then the best move-in. */
  function conquestValue(from: number, to: number, nA: number, depth: number): number {
    const savedMine = mine;
    mine |= 1 << to;
    let value: number;
    const loser = capitolOwner[to];
    const theirs = loser >= 0 ? territoriesOf[loser] & ~mine : 0;
    if (theirs === 0) value = bestMoveIn(from, to, nA, depth);
    else value = convertedValue(from, to, nA, depth, theirs, (v) => bestMoveIn(from, to, nA, v));
    mine = savedMine;
    return value;
  }

  /**
   * The capitol's owner falls: his territories `theirs` pass to me, each keeping max(1, floor(a r / 100)),
   * one r uniform on 1..100; `then(depth)` values each outcome (runs of ratios giving the same armies).
   */
  function convertedValue(
    from: number,
    to: number,
    nA: number,
    depth: number,
    theirs: number,
    then: (depth: number) => number,
  ): number {
    const lost: number[] = [];
    for (let t = 0; t < n; t++) if (theirs & (1 << t)) lost.push(t);
    const before = lost.map((t) => armies[t]);
    const runs = conversionRuns(before);
    const savedMine = mine;
    const savedFrozen = frozen;
    mine |= theirs;
    if (convertedFreeze) frozen |= theirs;
    let value = 0;
    for (let r = 0; r < runs.counts.length; r++) {
      for (let i = 0; i < lost.length; i++) armies[lost[i]] = runs.vectors[r * lost.length + i];
      value += (runs.counts[r] / 100) * then(depth);
    }
    for (let i = 0; i < lost.length; i++) armies[lost[i]] = before[i];
    mine = savedMine;
    frozen = savedFrozen;
    return value;
  }

  /**
   * The best move-in from `from` into the empty `to`: k from the rule's least to all but one, leader or
   * not. Moving armies between my territories changes neither what I own nor my army count, so every
   * choice has the same stop value; the keys are the same but for the two digits (and the leaders').
   */
  function bestMoveIn(from: number, to: number, nA: number, depth: number): number {
    const stop = stopValue();
    if (stop >= ceiling) return stop;
    const aFrom = armies[from];
    const least = leastMoveInIsDice ? nA : 1;
    const fromBit = 1 << from;
    const toBit = 1 << to;
    const both = fromBit | toBit;
    const leaderMayMove = trackLeaders && (leaders & fromBit) !== 0;
    const fromLive = (neighbours[from] & ~mine) !== 0;
    const toLive = (neighbours[to] & ~mine) !== 0;
    const at = (depth + 1) * width;
    armies[from] = 1;
    armies[to] = 1;
    // Both at 1 army: digits enemyMax + 1, no surplus, neither active.
    const baseSurplus = writeKey(at);
    const baseCanAct = active;
    for (let w = 0; w < width; w++) moveInBase[at + w] = keys[at + w];
    let best = -1;
    for (let k = aFrom - 1; k >= least; k--) {
      const left = aFrom - k;
      for (let w = 0; w < width; w++) keys[at + w] = moveInBase[at + w];
      let surplus = baseSurplus;
      let canAct = baseCanAct;
      if (left >= 2 && fromLive) {
        keys[at + wordOf[from]] += (left - 1) * scaleOf[from];
        canAct |= fromBit;
      } else surplus += left - 1;
      if (k >= 2 && toLive) {
        keys[at + wordOf[to]] += (k - 1) * scaleOf[to];
        canAct |= toBit;
      } else surplus += k - 1;
      armies[from] = left;
      armies[to] = k;
      const offset = surplus * countsArmies;
      if (trackLeaders) keys[at + leaderWord] += (leaders & both & canAct) * leaderScale;
      let v = keyedValue(depth + 1, stop, offset, canAct);
      if (v > best) best = v;
      if (leaderMayMove) {
        keys[at + leaderWord] -= (leaders & both & canAct) * leaderScale;
        leaders ^= both;
        keys[at + leaderWord] += (leaders & both & canAct) * leaderScale;
        v = keyedValue(depth + 1, stop, offset, canAct);
        leaders ^= both;
        if (v > best) best = v;
      }
    }
    armies[from] = aFrom;
    armies[to] = 0;
    return best;
  }

  /** Loads a state into the working arrays, refusing one the turn cannot reach (its key would be wrong). */
  function load(state: TurnState): void {
    solving = 0; // a query past the budget may have left some behind
    if (state.armies.length !== n) throw new RangeError(`a state has ${n} armies counts, not ${state.armies.length}`);
    if ((state.mine & board.mine) !== board.mine) throw new RangeError('I lose no territory during my turn');
    if ((state.leaders & ~state.mine) !== 0) throw new RangeError('my leaders stand on my territories');
    for (let t = 0; t < n; t++) {
      const a = state.armies[t];
      const least = state.conquest?.to === t ? 0 : 1;
      const most = state.mine & (1 << t) ? layout.mineMax : enemyMax[t];
      if (!Number.isInteger(a) || a < least || a > most)
        throw new RangeError(`${board.names[t]} cannot hold ${a} armies in this turn (${least} to ${most})`);
      armies[t] = a;
    }
    mine = state.mine;
    leaders = trackLeaders ? state.leaders : myLeaders;
    frozen = convertedFreeze ? state.frozen : 0;
  }

  function actionValues(state: TurnState): ActionValue[] {
    load(state);
    const out: ActionValue[] = [];
    if (state.conquest) {
      const { from, to, dice } = state.conquest;
      const aFrom = armies[from];
      const least = leastMoveInIsDice ? dice : 1;
      const leaderMayMove = trackLeaders && ((leaders >> from) & 1) === 1;
      const swap = (1 << from) | (1 << to);
      for (let k = aFrom - 1; k >= least; k--) {
        armies[from] = aFrom - k;
        armies[to] = k;
        if (leaderMayMove) {
          leaders ^= swap;
          out.push({ action: { kind: 'moveIn', armies: k, leader: true }, value: stateValue(1) });
          leaders ^= swap;
        }
        out.push({ action: { kind: 'moveIn', armies: k, leader: false }, value: stateValue(1) });
      }
      load(state);
      return out;
    }
    const stop = stopValue();
    out.push({ action: { kind: 'stop' }, value: stop });
    const offset = writeKey(0) * countsArmies;
    const canAct = active;
    for (let from = 0; from < n; from++) {
      if ((canAct & (1 << from)) === 0) continue;
      for (let to = 0; to < n; to++)
        if (neighbours[from] & ~mine & (1 << to))
          out.push({ action: { kind: 'attack', from, to }, value: attackValue(from, to, 0, stop, offset, canAct) });
    }
    load(state);
    return out;
  }

  return {
    board,
    goal,
    rules,
    maxStates,
    keyWidth: width,
    bytesPerState: 2 * StateTable.bytesPerSlot(width),
    valueOf(state) {
      if (state.conquest) {
        const options = actionValues(state);
        return options.reduce((best, o) => (o.value > best ? o.value : best), -1);
      }
      load(state);
      return stateValue(1);
    },
    actionValues,
    bestAction(state) {
      const options = actionValues(state);
      if (options.length === 0) throw new RangeError('no action is open at this state');
      const top = options.reduce((best, o) => (o.value > best ? o.value : best), -Infinity);
      const tolerance = TIE_TOLERANCE * Math.max(1, Math.abs(top));
      return options.find((o) => o.value >= top - tolerance) as ActionValue;
    },
    statesVisited: () => table.size,
    tableBytes: () => table.bytes(),
  };
}
