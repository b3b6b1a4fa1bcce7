/**
 * What a turn is played for: the value of the board when I stop, whose expectation the planner
 * maximises. A fortification move at the end of the turn moves armies between my territories only:
 * it changes neither ownership, nor my armies on the board, nor the continents I own, so none of these
 * values depends on it and the planner does not model it.
 */
import { countBits, reinforcementsOwned, type Board } from './board.js';
import { TurnInputError } from './inputError.js';

export type Objective =
  /** P(I own the whole continent at the end of the turn). */
  | { kind: 'continent'; continent: string }
  /** P(I conquered that player's capitol this turn). */
  | { kind: 'capitol'; player: string }
  /** Expected territories I own at the end. */
  | { kind: 'territories' }
  /** Expected reinforcements for me next turn (territories and whole continents I then own). */
  | { kind: 'reinforcements' }
  /** Expected armies of mine on the board at the end + territoryWorth x territories I own at the end. */
  | { kind: 'value'; territoryWorth: number };

/** The most a territory may be worth in armies under the value objective. */
export const MAX_TERRITORY_WORTH = 10_000;

/** An objective checked against a board, in the solver's terms. */
export interface BoardObjective {
  objective: Objective;
  kind: Objective['kind'];
  /** continent: its mask; capitol: the capitol's territory as a mask; otherwise 0. */
  target: number;
  territoryWorth: number;
  /** Whether final values count my armies (only `value`): armies that can no longer act then count one each. */
  countsArmies: boolean;
  /** The largest value any board can have, when one is known (1 for a probability), else Infinity. */
  ceiling: number;
}

/**
 * Reads `continent:NAME`, `capitol:PLAYER`, `territories`, `reinforcements`, `value` or `value:W`
 * (W armies per territory, default 0).
 *
 * @example
 * objectiveFromText('continent:East') // { kind: 'continent', continent: 'East' }
 */
export function objectiveFromText(text: string): Objective {
  const colon = text.indexOf(':');
  const head = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? undefined : text.slice(colon + 1);
  if (head === 'continent' && rest) return { kind: 'continent', continent: rest };
  if (head === 'capitol' && rest) return { kind: 'capitol', player: rest };
  if ((head === 'territories' || head === 'reinforcements') && rest === undefined) return { kind: head };
  if (head === 'value') {
    const worth = rest === undefined ? 0 : Number(rest);
    if (rest !== undefined && (rest.trim() === '' || !Number.isFinite(worth)))
      throw new TurnInputError('objective', `value:W needs a number of armies, not "${rest}"`);
    return { kind: 'value', territoryWorth: worth };
  }
  throw new TurnInputError(
    'objective',
    `"${text}" is not one of continent:NAME, capitol:PLAYER, territories, reinforcements, value:W`,
  );
}

/**
 * Checks an objective against a board: the continent exists, the player has a capitol and is not me,
 * the territory worth is a number from 0 to MAX_TERRITORY_WORTH.
 *
 * @example
 * boardObjective(board, { kind: 'continent', continent: 'East' }).target // mask of East's territories
 */
export function boardObjective(board: Board, objective: Objective): BoardObjective {
  const base = { objective, kind: objective.kind, target: 0, territoryWorth: 0, countsArmies: false };
  switch (objective.kind) {
    case 'continent': {
      const c = board.continents.find((x) => x.name === objective.continent);
      if (!c) throw new TurnInputError('objective.continent', `unknown continent "${objective.continent}"`);
      return { ...base, target: c.mask, ceiling: 1 };
    }
    case 'capitol': {
      const p = board.players.indexOf(objective.player);
      if (p < 0) throw new TurnInputError('objective.player', `"${objective.player}" owns no territory`);
      if (p === board.me)
        throw new TurnInputError('objective.player', 'is me: my own capitol is not attacked this turn');
      if (board.capitolOf[p] < 0) throw new TurnInputError('objective.player', `${objective.player} has no capitol`);
      return { ...base, target: 1 << board.capitolOf[p], ceiling: 1 };
    }
    case 'territories':
      return { ...base, ceiling: board.names.length };
    case 'reinforcements':
      return { ...base, ceiling: reinforcementsOwned(board, (1 << board.names.length) - 1) };
    case 'value': {
      const w = objective.territoryWorth;
      if (typeof w !== 'number' || !Number.isFinite(w) || w < 0 || w > MAX_TERRITORY_WORTH)
        throw new TurnInputError('objective.territoryWorth', `must be a number from 0 to ${MAX_TERRITORY_WORTH}`);
      return { ...base, territoryWorth: w, countsArmies: true, ceiling: Infinity };
    }
  }
}

/**
 * The objective's value of a final board: ownership `mine` (mask) and armies per territory.
 *
 * @example
 * finalValue(board, territoriesObjective, 0b0111, armies) // 3
 */
export function finalValue(board: Board, goal: BoardObjective, mine: number, armies: ArrayLike<number>): number {
  switch (goal.kind) {
    case 'continent':
    case 'capitol':
      return (mine & goal.target) === goal.target ? 1 : 0;
    case 'territories':
      return countBits(mine);
    case 'reinforcements':
      return reinforcementsOwned(board, mine);
    case 'value': {
      let total = 0;
      for (let t = 0; t < board.names.length; t++) if (mine & (1 << t)) total += armies[t];
      return total + goal.territoryWorth * countBits(mine);
    }
  }
}
