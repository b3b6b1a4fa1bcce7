/**
 * "Plan a turn" on the page: a LandGrab board as the player edits it by taps (who holds what,
 * armies, fortresses, leaders, capitols, what touches what, the continents), the objective and the
 * readings, and each edit as a pure function from a board to the next. The board becomes the
 * turn entry the command line's `plan landgrab` asks (question/toQuestion.ts), in the board file's
 * format (`boardFile`: the file the page offers beside its command line, so the numbers are the same).
 */
import {
  MAX_BOARD_ARMIES,
  MAX_BOARD_REINFORCEMENTS,
  MAX_BOARD_TERRITORIES,
  MAX_CONTINENT_BONUS,
  MAX_LEADERS_PER_PLAYER,
} from '../../core/systems/landgrab/turn/board.js';
import { reinforcements as byTheRule } from '../../core/systems/landgrab/rules/reinforcements.js';

export {
  MAX_BOARD_ARMIES,
  MAX_BOARD_REINFORCEMENTS,
  MAX_BOARD_TERRITORIES,
  MAX_CONTINENT_BONUS,
  MAX_LEADERS_PER_PLAYER,
};

export interface TurnTerritory {
  name: string;
  owner: string;
  /** Armies on it (NaN: not a number as typed; the question is then refused in words). */
  armies: number;
  fortress: boolean;
  leader: boolean;
  capitol: boolean;
}

export interface TurnContinent {
  name: string;
  bonus: number;
  /** Its territories, by name. */
  territories: string[];
}

export interface TurnBoard {
  /** Whose turn it is ("you"). */
  me: string;
  territories: TurnTerritory[];
  /** Pairs of territories that touch, by name (either way). */
  links: [string, string][];
  continents: TurnContinent[];
  /** Armies to place this turn; null: by the rule (max(3, territories held / 3) + continents held whole). */
  reinforcements: number | null;
}

/** What a turn is played for, as the entry writes it: `continent:East`, `capitol:blue`, `territories` ... */
export type TurnGoal = string;

export interface TurnState {
  board: TurnBoard;
  goal: TurnGoal;
  /** With the goal `value`: what a territory held at the end is worth, in armies, as typed ('' = 0). */
  worth: string;
  /** The fewest armies moved into a conquered territory: the dice of the last round, or one. */
  moveIn: 'dice' | 'one';
  leaderMovesIn: boolean;
  capitolTerritoriesAttack: boolean;
}

/** The page's label for a turn's question, and the board file's name in the command line it shows. */
export const BOARD_FILE = 'board.json';

/** How many territories the page lets a board grow to by taps (the planner's own limit). */
export const MAX_PAGE_TERRITORIES = MAX_BOARD_TERRITORIES;

const territory = (name: string, owner: string, armies: number, marks: Partial<TurnTerritory> = {}): TurnTerritory => ({
  name,
  owner,
  armies,
  fortress: false,
  leader: false,
  capitol: false,
  ...marks,
});

/**
 * The page's first board: scenarios/landgrab-turn.json's (hold East, a fortress and a leader defend it), five
 * territories, planned in a fraction of a second.
 */
export const EXAMPLE_BOARD: TurnBoard = {
  me: 'red',
  territories: [
    territory('West', 'red', 7),
    territory('North', 'red', 4),
    territory('Keep', 'blue', 4, { fortress: true }),
    territory('Pass', 'blue', 2),
    territory('Port', 'blue', 3, { leader: true }),
  ],
  links: [
    ['West', 'Keep'],
    ['North', 'Pass'],
    ['Keep', 'Pass'],
    ['Pass', 'Port'],
    ['Keep', 'Port'],
  ],
  continents: [{ name: 'East', bonus: 3, territories: ['Keep', 'Pass', 'Port'] }],
  reinforcements: 5,
};

/** data/landgrab/bench-board.json (issue 28's bench board): eight territories, some seconds of planning. */
export const BENCH_BOARD: TurnBoard = {
  me: 'red',
  territories: [
    territory('A', 'red', 4),
    territory('B', 'red', 4),
    territory('C', 'red', 4),
    territory('D', 'red', 4),
    territory('E', 'blue', 3),
    territory('F', 'blue', 3),
    territory('G', 'blue', 3),
    territory('H', 'blue', 2),
  ],
  links: [
    ['A', 'E'],
    ['B', 'E'],
    ['B', 'F'],
    ['C', 'F'],
    ['C', 'G'],
    ['D', 'G'],
    ['D', 'H'],
    ['E', 'F'],
    ['F', 'G'],
    ['G', 'H'],
  ],
  continents: [{ name: 'East', bonus: 5, territories: ['E', 'F', 'G', 'H'] }],
  reinforcements: 8,
};

/** The boards a player may start from, with what they cost said up front. */
export const BOARDS = [
  { id: 'example', board: EXAMPLE_BOARD, label: 'Example: 5 territories', goal: 'continent:East' },
  {
    id: 'bench',
    board: BENCH_BOARD,
    label: 'Bench board: 8 territories (about 7 s to plan; longer on a phone)',
    goal: 'continent:East',
  },
] as const;

export function cloneBoard(board: TurnBoard): TurnBoard {
  return {
    me: board.me,
    territories: board.territories.map((t) => ({ ...t })),
    links: board.links.map(([a, b]) => [a, b] as [string, string]),
    continents: board.continents.map((c) => ({ ...c, territories: [...c.territories] })),
    reinforcements: board.reinforcements,
  };
}

/** The default readings (the command line's without switches). */
export const TURN_DEFAULTS: Omit<TurnState, 'board' | 'goal'> = {
  worth: '',
  moveIn: 'dice',
  leaderMovesIn: false,
  capitolTerritoriesAttack: true,
};

/** The page's first turn: the example board, hold East. */
export function exampleTurn(): TurnState {
  return { board: cloneBoard(EXAMPLE_BOARD), goal: 'continent:East', ...TURN_DEFAULTS };
}

export function sameBoard(a: TurnBoard, b: TurnBoard): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The board in the board file's format (issue 28's; `battle-odds plan landgrab --board FILE`): marks only where
 * set, the reinforcements only when given. What the page asks is this file, and what it offers to save.
 */
export function boardFile(board: TurnBoard): Record<string, unknown> {
  return {
    me: board.me,
    territories: board.territories.map((t) => ({
      name: t.name,
      owner: t.owner,
      armies: t.armies,
      ...(t.fortress ? { fortress: true } : {}),
      ...(t.leader ? { leader: true } : {}),
      ...(t.capitol ? { capitol: true } : {}),
    })),
    adjacent: board.links.map(([a, b]) => [a, b]),
    ...(board.continents.length > 0
      ? { continents: board.continents.map((c) => ({ name: c.name, bonus: c.bonus, territories: [...c.territories] })) }
      : {}),
    ...(board.reinforcements !== null ? { reinforcements: board.reinforcements } : {}),
  };
}

/** The board's players in order of first appearance, the player to move among them. */
export function playersOf(board: TurnBoard): string[] {
  const players: string[] = [];
  for (const t of board.territories) if (!players.includes(t.owner)) players.push(t.owner);
  return players;
}

/** The players a territory may be given to: the board's, then the usual colours, the player to move first. */
export function ownerChoices(board: TurnBoard): string[] {
  const all = [board.me, ...playersOf(board), ...PLAYER_NAMES];
  return [...new Set(all)].slice(0, Math.max(4, playersOf(board).length + 1));
}

/** New players' names (their colours on the board). */
export const PLAYER_NAMES = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'] as const;

/**
 * The reinforcements by the rule for this board: max(3, territories held / 3) plus the bonus of every continent
 * held whole (the planner's own, src/core/systems/landgrab/turn/board.ts).
 */
export function reinforcementsByRule(board: TurnBoard): number {
  const mine = new Set(board.territories.filter((t) => t.owner === board.me).map((t) => t.name));
  const bonuses = board.continents
    .filter((c) => c.territories.length > 0 && c.territories.every((name) => mine.has(name)))
    .map((c) => c.bonus);
  return byTheRule(mine.size, bonuses);
}

/** The reinforcements the turn places: the board's, or the rule's. */
export function reinforcementsOf(board: TurnBoard): number {
  return board.reinforcements ?? reinforcementsByRule(board);
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** One territory changed (a copy of the board). */
function withTerritory(board: TurnBoard, i: number, change: Partial<TurnTerritory>): TurnBoard {
  const next = cloneBoard(board);
  next.territories[i] = { ...next.territories[i], ...change };
  return next;
}

export function setOwner(board: TurnBoard, i: number, owner: string): TurnBoard {
  return withTerritory(board, i, { owner });
}

/** Armies on a territory: a whole number within the limits as stepped; NaN as typed (refused in words). */
export function setArmies(board: TurnBoard, i: number, armies: number): TurnBoard {
  return withTerritory(board, i, { armies: Number.isFinite(armies) ? clamp(armies, 1, MAX_BOARD_ARMIES) : NaN });
}

export function toggleMark(board: TurnBoard, i: number, mark: 'fortress' | 'leader' | 'capitol'): TurnBoard {
  return withTerritory(board, i, { [mark]: !board.territories[i][mark] });
}

/** Short names for new territories (the first not on the board is taken). */
const NEW_NAMES = [
  'Ford',
  'Hill',
  'Bay',
  'Cape',
  'Dale',
  'Fen',
  'Glen',
  'Isle',
  'Lake',
  'Marsh',
  'Mesa',
  'Moor',
  'Oak',
  'Reef',
  'Vale',
  'Wood',
];

function freshName(taken: readonly string[], names: readonly string[], fallback: string): string {
  const used = new Set(taken);
  const free = names.find((n) => !used.has(n));
  if (free) return free;
  for (let k = 2; ; k++) if (!used.has(`${fallback} ${k}`)) return `${fallback} ${k}`;
}

/**
 * A territory added (the last), linked to `nextTo` when given: held by another player than the one to move
 * (the first on the board, else blue), with 2 armies.
 */
export function addTerritory(board: TurnBoard, nextTo: number | null): TurnBoard {
  const next = cloneBoard(board);
  const name = freshName(
    board.territories.map((t) => t.name),
    NEW_NAMES,
    'Land',
  );
  const near = nextTo === null ? undefined : board.territories[nextTo];
  const other = near && near.owner !== board.me ? near.owner : playersOf(board).find((p) => p !== board.me);
  next.territories.push(territory(name, other ?? (board.me === 'blue' ? 'red' : 'blue'), 2));
  if (near) next.links.push([near.name, name]);
  return next;
}

/** A territory removed, with its links and its place in the continents (a continent left empty goes too). */
export function removeTerritory(board: TurnBoard, i: number): TurnBoard {
  const name = board.territories[i].name;
  const next = cloneBoard(board);
  next.territories.splice(i, 1);
  next.links = next.links.filter(([a, b]) => a !== name && b !== name);
  next.continents = next.continents
    .map((c) => ({ ...c, territories: c.territories.filter((t) => t !== name) }))
    .filter((c) => c.territories.length > 0);
  return next;
}

export function linked(board: TurnBoard, a: string, b: string): boolean {
  return board.links.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** The link between two territories added, or removed when they touch already. */
export function toggleLink(board: TurnBoard, i: number, j: number): TurnBoard {
  if (i === j) return board;
  const a = board.territories[i].name;
  const b = board.territories[j].name;
  const next = cloneBoard(board);
  if (linked(board, a, b)) next.links = next.links.filter(([x, y]) => !((x === a && y === b) || (x === b && y === a)));
  else next.links.push([a, b]);
  return next;
}

/** A territory put into a continent, or taken out of it (a continent left empty goes). */
export function toggleContinent(board: TurnBoard, i: number, continent: string): TurnBoard {
  const name = board.territories[i].name;
  const next = cloneBoard(board);
  next.continents = next.continents
    .map((c) => {
      if (c.name !== continent) return c;
      const inside = c.territories.includes(name);
      return { ...c, territories: inside ? c.territories.filter((t) => t !== name) : [...c.territories, name] };
    })
    .filter((c) => c.territories.length > 0);
  return next;
}

const CONTINENT_NAMES = ['East', 'West', 'North', 'South', 'Isles', 'Wilds', 'Marches', 'Heights'];

/** A new continent holding one territory (bonus 2). */
export function addContinent(board: TurnBoard, i: number): TurnBoard {
  const next = cloneBoard(board);
  const name = freshName(
    board.continents.map((c) => c.name),
    CONTINENT_NAMES,
    'Continent',
  );
  next.continents.push({ name, bonus: 2, territories: [board.territories[i].name] });
  return next;
}

export function setBonus(board: TurnBoard, continent: string, bonus: number): TurnBoard {
  const next = cloneBoard(board);
  for (const c of next.continents) if (c.name === continent) c.bonus = clamp(bonus, 0, MAX_CONTINENT_BONUS);
  return next;
}

export function setMe(board: TurnBoard, me: string): TurnBoard {
  return { ...cloneBoard(board), me };
}

/** The reinforcements: a number (within the limits), or null for the rule's. */
export function setReinforcements(board: TurnBoard, n: number | null): TurnBoard {
  return { ...cloneBoard(board), reinforcements: n === null ? null : clamp(n, 0, MAX_BOARD_REINFORCEMENTS) };
}

/** Characters a name may not hold: the link's separators (question/turnLink.ts). */
export const NAME_SEPARATORS = /[,:;~]/g;
/** The longest name the board file takes. */
export const MAX_NAME = 60;

/** A territory renamed, in its links and continents too; a name's separators dropped, its length capped. */
export function renameTerritory(board: TurnBoard, i: number, wanted: string): TurnBoard {
  const name = wanted.replace(NAME_SEPARATORS, '').slice(0, MAX_NAME);
  const old = board.territories[i].name;
  const next = cloneBoard(board);
  next.territories[i].name = name;
  next.links = next.links.map(([a, b]) => [a === old ? name : a, b === old ? name : b]);
  for (const c of next.continents) c.territories = c.territories.map((t) => (t === old ? name : t));
  return next;
}

/** The goal's kind and its argument: `continent:East` -> ['continent', 'East']. */
export function goalParts(goal: TurnGoal): { kind: string; arg: string } {
  const colon = goal.indexOf(':');
  return colon < 0 ? { kind: goal, arg: '' } : { kind: goal.slice(0, colon), arg: goal.slice(colon + 1) };
}

/** Players with a capitol on the board (other than the one to move): whose capitol a turn may take. */
export function capitolPlayers(board: TurnBoard): string[] {
  return [...new Set(board.territories.filter((t) => t.capitol && t.owner !== board.me).map((t) => t.owner))];
}
