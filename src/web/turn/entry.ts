/**
 * A turn on the page as the command line asks it: the turn entry (`"type": "turn"`, the board in the board
 * file's format) that `battle-odds plan landgrab --board board.json --objective ...` builds from the same board
 * and flags, those flags, and a refusal of the entry in a player's words, placed on what it is about (a
 * territory of the drawing, the objective, the reinforcements, the board as a whole).
 */
import { RULE_DEFAULTS } from '../../core/systems/landgrab/rules/defaults.js';
import { MAX_BOARD_TERRITORIES, MAX_BOARD_TOTAL_ARMIES } from '../../core/systems/landgrab/turn/board.js';
import { MAX_BOARD_LINKS } from '../../core/systems/landgrab/turnBattle/schema.js';
import { BOARD_FILE, boardFile, goalParts, TURN_DEFAULTS, type TurnState } from './board.js';

/** The dice rules the form's "More options" set (the form's values, read as the command line reads its flags). */
export interface DiceRules {
  attackerDice?: number;
  defenderDice?: number;
  ties?: string;
}

/** The turn's worth of a territory as typed ('' = not given), read as a number (NaN: cannot be read). */
function worthOf(turn: TurnState): number | undefined {
  const text = turn.worth.trim();
  if (goalParts(turn.goal).kind !== 'value' || text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}

/** The dice rules that differ from the game's (the command line's flags give only those). */
function givenRules(rules: DiceRules): DiceRules {
  return {
    ...(rules.attackerDice !== undefined && rules.attackerDice !== RULE_DEFAULTS.attackerDice
      ? { attackerDice: rules.attackerDice }
      : {}),
    ...(rules.defenderDice !== undefined && rules.defenderDice !== RULE_DEFAULTS.defenderDice
      ? { defenderDice: rules.defenderDice }
      : {}),
    ...(rules.ties !== undefined && rules.ties !== RULE_DEFAULTS.ties ? { ties: rules.ties } : {}),
  };
}

/** The turn entry `plan landgrab` asks for this board, objective and readings (the switches only where set). */
export function turnEntry(turn: TurnState, rules: DiceRules = {}): Record<string, unknown> {
  const worth = worthOf(turn);
  return {
    type: 'turn',
    board: boardFile(turn.board),
    objective: turn.goal,
    ...(worth !== undefined ? { territoryWorth: worth } : {}),
    ...(turn.moveIn !== TURN_DEFAULTS.moveIn ? { moveIn: turn.moveIn } : {}),
    ...(turn.leaderMovesIn ? { leaderMovesIn: true } : {}),
    ...(turn.capitolTerritoriesAttack ? {} : { capitolTerritoriesAttack: false }),
    ...givenRules(rules),
  };
}

/** The flags of `battle-odds plan landgrab` for the turn, each `--flag value` as one string (as formArgs gives). */
export function turnArgs(turn: TurnState, rules: DiceRules = {}): string[] {
  const worth = worthOf(turn);
  const given = givenRules(rules);
  return [
    `--board ${BOARD_FILE}`,
    `--objective ${turn.goal}`,
    ...(worth !== undefined ? [`--territory-worth ${turn.worth.trim()}`] : []),
    ...(turn.moveIn !== TURN_DEFAULTS.moveIn ? [`--move-in ${turn.moveIn}`] : []),
    ...(turn.leaderMovesIn ? ['--leader-moves-in'] : []),
    ...(turn.capitolTerritoriesAttack ? [] : ['--no-capitol-territories-attack']),
    ...(given.attackerDice !== undefined ? [`--attacker-dice ${given.attackerDice}`] : []),
    ...(given.defenderDice !== undefined ? [`--defender-dice ${given.defenderDice}`] : []),
    ...(given.ties !== undefined ? [`--ties ${given.ties}`] : []),
  ];
}

/** Where a turn's problem is shown: the board, a territory (`turn-t-2`), the objective, ... (the page's params). */
export const TURN_PLACES = {
  board: 'turn-board',
  goal: 'turn-goal',
  worth: 'turn-worth',
  reinforcements: 'turn-reinforcements',
  continents: 'turn-continents',
  territory: (i: number) => `turn-t-${i}`,
} as const;

export interface TurnProblem {
  param: string;
  message: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** One sentence: a capital first letter, a full stop, names in curly quotes. */
function sentence(text: string): string {
  const t = text
    .trim()
    .replace(/"([^"]*)"/g, '“$1”')
    .replace(/[.:;,]$/, '');
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
}

/** A number word of a message (`must be at most 200`) kept, anything that is an entry's name said in words. */
function plain(message: string): string {
  return message
    .replace(/\s*\((?:one per player|names are unique|every territory holds armies)\)/g, '')
    .replace(/\bthe exact planner\b/g, 'the planner')
    .replace(/\b(\d{4,})\b/g, (n) => count(Number(n)))
    .replace(/\b[a-z]+(?:[A-Z][a-z]*)+\b/g, (name) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

/**
 * A refusal of the turn entry (its path in the entry, `board.territories[2].capitol`, and the message) in a
 * player's words, on what it is about. Nothing here names a flag or a key of the entry.
 */
export function turnProblem(turn: TurnState, path: string, message: string): TurnProblem {
  const { board } = turn;
  const text = plain(message);
  const territory = /^board\.territories\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (territory) {
    const i = Number(territory[1]);
    const t = board.territories[i];
    const name = t?.name?.trim() ? t.name : `Territory ${i + 1}`;
    const param = TURN_PLACES.territory(i);
    switch (territory[2]) {
      case 'capitol':
        if (/fortress/.test(message))
          return { param, message: sentence(`${name}: a capitol cannot stand on a fortress; take one of them away`) };
        return { param, message: sentence(`${name}: ${text}; a player has one capitol`) };
      case 'armies':
        if (t && !Number.isFinite(t.armies))
          return { param, message: sentence(`${name}: give its armies, a whole number from 1 to 200`) };
        return { param, message: sentence(`${name}: the armies on it ${text}`) };
      case 'name':
        return /already/.test(message)
          ? { param, message: sentence(`Two territories are called “${name}”: give each its own name`) }
          : { param, message: sentence(`Territory ${i + 1} needs a name`) };
      case 'owner':
        return { param, message: sentence(`${name} needs a player who holds it`) };
      case 'leader':
        return { param, message: sentence(`${name}: ${text}`) };
      default:
        return { param, message: sentence(`${name}: ${text}`) };
    }
  }
  if (path === 'board.territories') {
    const n = board.territories.length;
    const many = n > MAX_BOARD_TERRITORIES;
    if (many)
      return {
        param: TURN_PLACES.board,
        message: sentence(
          `The board has ${n} territories, more than the ${MAX_BOARD_TERRITORIES} the planner takes: remove one`,
        ),
      };
    const armies = new RegExp(`more than the ${count(MAX_BOARD_TOTAL_ARMIES)}`).test(text);
    return {
      param: TURN_PLACES.board,
      message: sentence(armies ? `The board ${text}: take some away` : `The board’s territories: ${text}`),
    };
  }
  if (path === 'board.me') {
    const me = board.me;
    return {
      param: TURN_PLACES.board,
      message: /owns no territory/.test(message)
        ? sentence(`You (${me}) hold no territory: give yourself one, or play another player`)
        : sentence(`The player to move: ${text}`),
    };
  }
  if (path === 'board.adjacent' && /at most/.test(message))
    return {
      param: TURN_PLACES.board,
      message: sentence(`The board has ${board.links.length} links, more than the ${MAX_BOARD_LINKS} it may have`),
    };
  if (path.startsWith('board.adjacent'))
    return { param: TURN_PLACES.board, message: sentence(`A link of the board: ${text}`) };
  const continent = /^board\.continents(?:\[(\d+)\])?/.exec(path);
  if (continent) {
    const c = continent[1] === undefined ? undefined : board.continents[Number(continent[1])];
    const name = c?.name ? `The continent ${c.name}` : 'The continents';
    return { param: TURN_PLACES.continents, message: sentence(`${name}: ${text}`) };
  }
  if (path === 'board.reinforcements')
    return { param: TURN_PLACES.reinforcements, message: sentence(`The reinforcements ${text}`) };
  if (path === 'objective') return { param: TURN_PLACES.goal, message: goalProblem(turn, message) };
  if (path === 'territoryWorth')
    return { param: TURN_PLACES.worth, message: sentence(`What a territory is worth ${text}`) };
  return { param: TURN_PLACES.board, message: sentence(text) };
}

/** The objective's problem: a continent or a capitol the board does not have, said with what it does have. */
function goalProblem(turn: TurnState, message: string): string {
  const { kind, arg } = goalParts(turn.goal);
  const continents = turn.board.continents.map((c) => c.name);
  if (kind === 'continent')
    return sentence(
      continents.length === 0
        ? `The board has no continent ${arg}: make one (a territory’s “New continent”), or pick another objective`
        : `The board has no continent ${arg}: pick one it has (${continents.join(', ')})`,
    );
  if (kind === 'capitol') {
    if (/is me/.test(message)) return sentence('Your own capitol is not taken this turn: pick another player');
    if (/owns no territory/.test(message)) return sentence(`${arg} holds no territory: pick another objective`);
    return sentence(`${arg} has no capitol to take: give ${arg} a capitol, or pick another objective`);
  }
  return sentence(`The objective: ${plain(message)}`);
}
