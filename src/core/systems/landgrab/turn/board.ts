/**
 * A LandGrab board for the turn planner: the plain input a caller writes (names everywhere), its
 * checks, and the typed, index-based `Board` the solver reads (territory indices, bitmasks).
 */
import { reinforcements as reinforcementsFor } from '../rules/reinforcements.js';
import { TurnInputError } from './inputError.js';

/** The most territories the exact planner takes (its masks are 16-bit, its keys stay small). */
export const MAX_BOARD_TERRITORIES = 16;
/** The most armies on one territory. */
export const MAX_BOARD_ARMIES = 200;
/** The most armies on the whole board (mine, theirs and my reinforcements): bounds the solver's recursion depth. */
export const MAX_BOARD_TOTAL_ARMIES = 1000;
/** The most reinforcements a board may state. */
export const MAX_BOARD_REINFORCEMENTS = 200;
/** The most continents, and the largest continent bonus. */
export const MAX_BOARD_CONTINENTS = 16;
export const MAX_CONTINENT_BONUS = 100;
/** The most leaders one player may have (the game's creator may use up to 5). */
export const MAX_LEADERS_PER_PLAYER = 5;

export interface TerritoryInput {
  name: string;
  owner: string;
  armies: number;
  fortress?: boolean;
  leader?: boolean;
  capitol?: boolean;
}

export interface ContinentInput {
  name: string;
  bonus: number;
  territories: string[];
}

export interface BoardInput {
  territories: TerritoryInput[];
  /** Undirected adjacencies, each a pair of territory names. */
  links: [string, string][];
  continents?: ContinentInput[];
  /** The player to move. */
  me: string;
  /** Armies to place this turn; left out: max(3, floor(territories I own / 3)) + bonuses of continents I own whole. */
  reinforcements?: number;
}

export interface Continent {
  name: string;
  bonus: number;
  /** Bit t set: territory t belongs to it. */
  mask: number;
}

/** The checked board, by territory index. Plain data (typed arrays, no Map): it survives structuredClone. */
export interface Board {
  names: string[];
  /** Every owner, in order of first appearance. */
  players: string[];
  /** Index of the player to move in `players`. */
  me: number;
  /** Owner (player index) of each territory at the start of the turn. */
  owner: Int32Array;
  armies: Int32Array;
  /** Masks over territories: bit t for territory t. */
  fortresses: number;
  leaders: number;
  capitols: number;
  /** Territory holding each player's capitol, or -1. */
  capitolOf: Int32Array;
  /** neighbours[t]: mask of the territories adjacent to t. */
  neighbours: Int32Array;
  continents: Continent[];
  /** My territories at the start. */
  mine: number;
  reinforcements: number;
}

const isWhole = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

function checkName(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TurnInputError(path, 'must be a non-empty name');
  return value;
}

/** Number of set bits of a mask (territories fit in 16 bits). */
export function countBits(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

/**
 * The reinforcements a player owning `owned` (a mask) gets next turn: the base by territories plus
 * the bonus of every continent owned whole.
 *
 * @example
 * reinforcementsOwned(board, 0b1111) // max(3, 1) + bonuses of the continents inside territories 0..3
 */
export function reinforcementsOwned(board: Pick<Board, 'continents'>, owned: number): number {
  let bonus = 0;
  for (const c of board.continents) if ((owned & c.mask) === c.mask) bonus += c.bonus;
  return reinforcementsFor(countBits(owned), [bonus]);
}

/**
 * Checks a board and turns it into indices and masks. Throws `TurnInputError` naming the place of
 * the first problem (`territories.3.armies`, `links.2`, `continents.0.territories.1`, `me` ...).
 *
 * @example
 * const board = parseBoard({
 *   territories: [{ name: 'A', owner: 'red', armies: 4 }, { name: 'E', owner: 'blue', armies: 2 }],
 *   links: [['A', 'E']],
 *   me: 'red',
 * });
 * board.neighbours[0] // 0b10: A touches E
 */
export function parseBoard(input: BoardInput): Board {
  if (typeof input !== 'object' || input === null) throw new TurnInputError('board', 'must be an object');
  const territories = input.territories;
  if (!Array.isArray(territories) || territories.length === 0)
    throw new TurnInputError('territories', 'must be a non-empty list');
  if (territories.length > MAX_BOARD_TERRITORIES)
    throw new TurnInputError(
      'territories',
      `has ${territories.length} territories, more than the ${MAX_BOARD_TERRITORIES} the exact planner takes`,
    );
  const index = new Map<string, number>();
  const players: string[] = [];
  const n = territories.length;
  const owner = new Int32Array(n);
  const armies = new Int32Array(n);
  let fortresses = 0;
  let leaders = 0;
  let capitols = 0;
  territories.forEach((t, i) => {
    const at = `territories.${i}`;
    if (typeof t !== 'object' || t === null) throw new TurnInputError(at, 'must be an object');
    const name = checkName(t.name, `${at}.name`);
    if (index.has(name))
      throw new TurnInputError(`${at}.name`, `"${name}" is already territory ${index.get(name)} (names are unique)`);
    index.set(name, i);
    const who = checkName(t.owner, `${at}.owner`);
    if (!players.includes(who)) players.push(who);
    owner[i] = players.indexOf(who);
    if (!isWhole(t.armies, 1, MAX_BOARD_ARMIES))
      throw new TurnInputError(
        `${at}.armies`,
        `must be a whole number from 1 to ${MAX_BOARD_ARMIES} (every territory holds armies)`,
      );
    armies[i] = t.armies;
    for (const flag of ['fortress', 'leader', 'capitol'] as const)
      if (t[flag] !== undefined && typeof t[flag] !== 'boolean')
        throw new TurnInputError(`${at}.${flag}`, 'must be true or false');
    if (t.fortress) fortresses |= 1 << i;
    if (t.leader) leaders |= 1 << i;
    if (t.capitol) {
      if (t.fortress) throw new TurnInputError(`${at}.capitol`, 'a capitol cannot be placed on a fortress');
      capitols |= 1 << i;
    }
  });
  const capitolOf = new Int32Array(players.length).fill(-1);
  const leadersOf = new Array<number>(players.length).fill(0);
  for (let i = 0; i < n; i++) {
    if (capitols & (1 << i)) {
      const p = owner[i];
      if (capitolOf[p] >= 0)
        throw new TurnInputError(
          `territories.${i}.capitol`,
          `${players[p]} already has a capitol on ${territories[capitolOf[p]].name} (one per player)`,
        );
      capitolOf[p] = i;
    }
    if (leaders & (1 << i) && ++leadersOf[owner[i]] > MAX_LEADERS_PER_PLAYER)
      throw new TurnInputError(
        `territories.${i}.leader`,
        `${players[owner[i]]} has more than ${MAX_LEADERS_PER_PLAYER} leaders`,
      );
  }

  const territoryIndex = (name: unknown, path: string): number => {
    const i = index.get(checkName(name, path));
    if (i === undefined) throw new TurnInputError(path, `unknown territory "${String(name)}"`);
    return i;
  };
  if (!Array.isArray(input.links)) throw new TurnInputError('links', 'must be a list of [territory, territory] pairs');
  const neighbours = new Int32Array(n);
  input.links.forEach((link, k) => {
    if (!Array.isArray(link) || link.length !== 2)
      throw new TurnInputError(`links.${k}`, 'must be a pair [territory, territory]');
    const a = territoryIndex(link[0], `links.${k}.0`);
    const b = territoryIndex(link[1], `links.${k}.1`);
    if (a === b) throw new TurnInputError(`links.${k}`, `links "${territories[a].name}" to itself`);
    neighbours[a] |= 1 << b;
    neighbours[b] |= 1 << a;
  });

  const continentsInput = input.continents ?? [];
  if (!Array.isArray(continentsInput)) throw new TurnInputError('continents', 'must be a list');
  if (continentsInput.length > MAX_BOARD_CONTINENTS)
    throw new TurnInputError('continents', `has more than ${MAX_BOARD_CONTINENTS} continents`);
  const continents: Continent[] = [];
  continentsInput.forEach((c, k) => {
    const at = `continents.${k}`;
    if (typeof c !== 'object' || c === null) throw new TurnInputError(at, 'must be an object');
    const name = checkName(c.name, `${at}.name`);
    if (continents.some((other) => other.name === name))
      throw new TurnInputError(`${at}.name`, `"${name}" is already a continent (names are unique)`);
    if (!isWhole(c.bonus, 0, MAX_CONTINENT_BONUS))
      throw new TurnInputError(`${at}.bonus`, `must be a whole number from 0 to ${MAX_CONTINENT_BONUS}`);
    if (!Array.isArray(c.territories) || c.territories.length === 0)
      throw new TurnInputError(`${at}.territories`, 'must be a non-empty list of territory names');
    let mask = 0;
    c.territories.forEach((name, j) => {
      const t = territoryIndex(name, `${at}.territories.${j}`);
      if (mask & (1 << t)) throw new TurnInputError(`${at}.territories.${j}`, `lists "${name}" twice`);
      mask |= 1 << t;
    });
    continents.push({ name, bonus: c.bonus, mask });
  });

  const meName = checkName(input.me, 'me');
  const me = players.indexOf(meName);
  if (me < 0) throw new TurnInputError('me', `"${meName}" owns no territory`);
  let mine = 0;
  for (let i = 0; i < n; i++) if (owner[i] === me) mine |= 1 << i;

  let reinforcements: number;
  if (input.reinforcements === undefined) reinforcements = reinforcementsOwned({ continents }, mine);
  else if (!isWhole(input.reinforcements, 0, MAX_BOARD_REINFORCEMENTS))
    throw new TurnInputError('reinforcements', `must be a whole number from 0 to ${MAX_BOARD_REINFORCEMENTS}`);
  else reinforcements = input.reinforcements;
  if (reinforcements > MAX_BOARD_REINFORCEMENTS)
    throw new TurnInputError(
      'reinforcements',
      `${reinforcements} by the formula, more than ${MAX_BOARD_REINFORCEMENTS}`,
    );
  const total = armies.reduce((s, a) => s + a, 0) + reinforcements;
  if (total > MAX_BOARD_TOTAL_ARMIES)
    throw new TurnInputError(
      'territories',
      `holds ${total} armies with the reinforcements, more than the ${MAX_BOARD_TOTAL_ARMIES} the exact planner takes`,
    );

  return {
    names: territories.map((t) => t.name),
    players,
    me,
    owner,
    armies,
    fortresses,
    leaders,
    capitols,
    capitolOf,
    neighbours,
    continents,
    mine,
    reinforcements,
  };
}

/** Index of a territory by name, or -1. */
export function territoryIndexOf(board: Pick<Board, 'names'>, name: string): number {
  return board.names.indexOf(name);
}
