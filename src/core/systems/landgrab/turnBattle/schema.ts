/**
 * A whole turn as a LandGrab battle entry (issue 28): the board (in the issue's file format, `adjacent`
 * for the links), the objective, the switches the help page leaves open and the dice rules battles
 * have. The shape is checked by zod (each field named: `board.territories.3.armies`), then the board's
 * own checks (turn/board.ts parseBoard: unknown and duplicate names, a capitol on a fortress, two
 * capitols for one player, `me` owning nothing, the size limits) and the objective's (an unknown
 * continent or player) are reported at their place in the entry.
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { lazy } from '../../../model/lazy.js';
import { MAX_BONUS, RULE_DEFAULTS } from '../rules/defaults.js';
import { MAX_DICE } from '../rules/tables.js';
import {
  MAX_BOARD_ARMIES,
  MAX_BOARD_CONTINENTS,
  MAX_BOARD_REINFORCEMENTS,
  MAX_BOARD_TERRITORIES,
  MAX_CONTINENT_BONUS,
  parseBoard,
  type Board,
  type BoardInput,
} from '../turn/board.js';
import { boardObjective, MAX_TERRITORY_WORTH, objectiveFromText, type BoardObjective } from '../turn/objective.js';
import { TurnInputError } from '../turn/inputError.js';
import { turnRules, type TurnRules } from '../turn/turnRules.js';

/** The most links a board may list (every pair of 16 territories is 120). */
export const MAX_BOARD_LINKS = 120;
/** The longest name of a territory, player or continent. */
export const MAX_NAME_LENGTH = 60;
/**
 * The exact planner's default state budget: about 300 MB at the peak for a one-word key (the bench
 * board stores 2.35 million), so a board past it is found out in seconds, not minutes.
 */
export const DEFAULT_TURN_STATES = 4_000_000;
/** The largest state budget an entry may ask for (about 800 MB of table at the peak for one-word keys). */
export const MAX_TURN_STATES = 16_777_216;

export const TURN_OBJECTIVE_WORDS =
  'continent:NAME (hold that continent at the end of the turn), capitol:PLAYER (take that capitol), ' +
  'territories (most territories held), reinforcements (most reinforcements next turn), ' +
  'value (armies on the board plus territoryWorth for each territory held)';

/** The schemas of a board and of a turn entry, built on first use (building them loads zod). */
export const turnSchemas = lazy(() => {
  const name = (what: string) =>
    userText(
      z
        .string({ error: `must be a name (${what})` })
        .min(1, { error: `must not be empty (${what})` })
        .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }),
    );

  const whole = (min: number, max: number, what: string) =>
    z
      .number({
        error: (issue) => (issue.input === undefined ? `is required (${what})` : `must be a number (${what})`),
      })
      .int({ error: `must be a whole number (${what})` })
      .min(min, { error: `must be at least ${min} (${what})` })
      .max(max, { error: `must be at most ${max}` });

  const territorySchema = z.strictObject({
    name: name('the territory'),
    owner: name('the player who holds it'),
    armies: whole(1, MAX_BOARD_ARMIES, 'armies on it; every territory holds at least one'),
    fortress: z.boolean().optional(),
    leader: z.boolean().optional().describe("a leader of the owner's stands here"),
    capitol: z.boolean().optional().describe("the owner's capitol (one per player, never on a fortress)"),
  });

  const continentSchema = z.strictObject({
    name: name('the continent'),
    bonus: whole(0, MAX_CONTINENT_BONUS, 'reinforcements for holding all of it'),
    territories: z.array(name('a territory of the continent')).min(1).max(MAX_BOARD_TERRITORIES),
  });

  const boardSchema = z
    .strictObject({
      me: name('the player to move'),
      territories: z.array(territorySchema).min(1).max(MAX_BOARD_TERRITORIES),
      adjacent: z
        .array(z.tuple([name('a territory'), name('a territory')]))
        .max(MAX_BOARD_LINKS)
        .describe('Pairs of territories that touch (either way)'),
      continents: z.array(continentSchema).max(MAX_BOARD_CONTINENTS).optional(),
      reinforcements: whole(0, MAX_BOARD_REINFORCEMENTS, 'armies to place this turn')
        .optional()
        .describe('Left out: max(3, territories held / 3) plus the bonus of every continent held whole'),
    })
    .describe('A LandGrab board: who holds what, what touches what, the continents');

  const turnEntrySchema = z.strictObject({
    type: z.literal('turn'),
    label: userText(z.string().min(1)).optional(),
    board: boardSchema,
    objective: userText(z.string().min(1).max(200)).describe(TURN_OBJECTIVE_WORDS),
    territoryWorth: z
      .number({ error: 'must be a number of armies' })
      .min(0, { error: 'must be 0 or more' })
      .max(MAX_TERRITORY_WORTH, { error: `must be at most ${MAX_TERRITORY_WORTH}` })
      .optional()
      .describe('With objective value: what one territory held at the end is worth, in armies (default 0)'),
    moveIn: z
      .enum(['dice', 'one'], { error: 'must be dice or one' })
      .default('dice')
      .describe('The fewest armies moved into a conquered territory: the dice rolled in the last round, or 1'),
    leaderMovesIn: z.boolean().default(false).describe('My attacking leader may move in with the armies'),
    capitolTerritoriesAttack: z
      .boolean()
      .default(true)
      .describe('Territories gained from a fallen capitol may attack in the same turn'),
    attackerDice: z.number().int().min(1).max(MAX_DICE).default(RULE_DEFAULTS.attackerDice),
    defenderDice: z.number().int().min(1).max(MAX_DICE).default(RULE_DEFAULTS.defenderDice),
    ties: z.enum(['defender', 'attacker']).default(RULE_DEFAULTS.ties),
    fortressBonus: z.number().int().min(0).max(MAX_BONUS).default(RULE_DEFAULTS.fortressBonus),
    leaderBonus: z.number().int().min(0).max(MAX_BONUS).default(RULE_DEFAULTS.leaderBonus),
    maxStates: whole(1, MAX_TURN_STATES, 'the states the exact planner may store')
      .default(DEFAULT_TURN_STATES)
      .describe('The exact planner stores at most this many states; past it the turn is sampled'),
  });

  return { boardSchema, turnEntrySchema };
});
type Schemas = ReturnType<typeof turnSchemas>;

export type BoardFile = z.output<Schemas['boardSchema']>;
export type TurnEntry = z.output<Schemas['turnEntrySchema']>;

/** The board of an entry in the planner's input form (the file's `adjacent` are the core's `links`). */
export function boardInput(board: BoardFile): BoardInput {
  return {
    me: board.me,
    territories: board.territories,
    links: board.adjacent.map(([a, b]) => [a, b] as [string, string]),
    ...(board.continents ? { continents: board.continents } : {}),
    ...(board.reinforcements !== undefined ? { reinforcements: board.reinforcements } : {}),
  };
}

/** The rules of an entry, as the planner reads them. */
export function entryRules(entry: TurnEntry): TurnRules {
  return turnRules({
    attackerDice: entry.attackerDice,
    defenderDice: entry.defenderDice,
    ties: entry.ties,
    fortressBonus: entry.fortressBonus,
    leaderBonus: entry.leaderBonus,
    moveIn: entry.moveIn,
    leaderMovesIn: entry.leaderMovesIn,
    capitolTerritoriesAttack: entry.capitolTerritoriesAttack,
  });
}

/** Where an issue of the board's or objective's checks lies in the entry, and what it says. */
export interface TurnIssue {
  path: Array<string | number>;
  message: string;
}

const pathOf = (dotted: string): Array<string | number> =>
  dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The board, the objective and the rules of an entry whose shape is valid, checked as the planner
 * checks them: the parsed board and objective, or the first problem at its place in the entry.
 *
 * @example
 * turnInputs(entry) // { board, goal, rules } or { issue: { path: ['board', 'territories', 2, 'capitol'], ... } }
 */
export function turnInputs(
  entry: TurnEntry,
): { board: Board; goal: BoardObjective; rules: TurnRules } | { issue: TurnIssue } {
  let board: Board;
  try {
    board = parseBoard(boardInput(entry.board));
  } catch (error) {
    if (!(error instanceof TurnInputError)) throw error;
    // The core names the links `links`; the file says `adjacent`.
    const where = error.path === 'board' ? [] : pathOf(error.path.replace(/^links\b/, 'adjacent'));
    return { issue: { path: ['board', ...where], message: error.reason } };
  }
  const text = entry.objective;
  if (/^value:/.test(text))
    return {
      issue: { path: ['objective'], message: 'write "value" and give the worth of a territory as territoryWorth' },
    };
  if (entry.territoryWorth !== undefined && text !== 'value')
    return { issue: { path: ['territoryWorth'], message: `applies only with objective value (not ${text})` } };
  let goal: BoardObjective;
  try {
    const objective = objectiveFromText(text);
    goal = boardObjective(
      board,
      objective.kind === 'value' ? { kind: 'value', territoryWorth: entry.territoryWorth ?? 0 } : objective,
    );
  } catch (error) {
    if (!(error instanceof TurnInputError)) throw error;
    const field = error.path === 'objective.territoryWorth' ? 'territoryWorth' : 'objective';
    const known =
      error.path === 'objective.continent'
        ? `; the board's continents: ${board.continents.map((c) => c.name).join(', ') || 'none'}`
        : error.path === 'objective.player' && /owns no territory/.test(error.reason)
          ? `; the other players: ${board.players.filter((_, p) => p !== board.me).join(', ')}`
          : '';
    const message = error.path === 'objective' ? `must be one of ${TURN_OBJECTIVE_WORDS}` : error.reason + known;
    return { issue: { path: [field], message } };
  }
  return { board, goal, rules: entryRules(entry) };
}
