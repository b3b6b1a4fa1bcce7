/**
 * A turn's board in the page's link, compactly and readable by hand (question/url.ts writes and reads the rest):
 *
 *   territories=West:red:7,North:red:4,Keep:blue:4:f,Pass:blue:2,Port:blue:3:l   name:owner:armies[:marks]
 *   links=1-3,2-4,3-4,4-5,3-5          territories by their place in the list, from 1
 *   continents=East:3:3.4.5            name:bonus:territories
 *   me=red  reinforcements=5  goal=continent:East  worth=2  move-in=one  leader-moves-in
 *   capitol-territories-attack=no
 *
 * Marks: f a fortress, l a leader, c a capitol. The example board (and its goal, the player to move, the
 * readings at their defaults) leaves its parameters out. A link is read as far as it can be: a piece that cannot
 * be read is left out and said in a player's words; what the board then holds wrongly (two capitols, a capitol on
 * a fortress) is refused in words by the question, like a board made by taps.
 */
import {
  cloneBoard,
  EXAMPLE_BOARD,
  sameBoard,
  TURN_DEFAULTS,
  type TurnBoard,
  type TurnContinent,
  type TurnState,
  type TurnTerritory,
} from './board.js';

/** The link's parameters of a turn (none is a field of the form's). */
export const TURN_PARAMS = [
  'me',
  'territories',
  'links',
  'continents',
  'reinforcements',
  'goal',
  'worth',
  'move-in',
  'leader-moves-in',
  'capitol-territories-attack',
] as const;

const DEFAULT_GOAL = 'continent:East';
const GOAL_KINDS = ['continent', 'capitol', 'territories', 'reinforcements', 'value'];
/** The most pieces of a list read from a link (a board holds at most 16 territories; links more). */
const MAX_PIECES = 200;

/** A turn as the link's parameters, in order (the example board's left out). */
export function turnToParams(turn: TurnState): Array<[string, string | true]> {
  const out: Array<[string, string | true]> = [];
  const { board } = turn;
  if (!sameBoard(board, EXAMPLE_BOARD)) {
    if (board.me !== 'red') out.push(['me', board.me]);
    out.push([
      'territories',
      board.territories
        .map((t) => {
          const marks = `${t.fortress ? 'f' : ''}${t.leader ? 'l' : ''}${t.capitol ? 'c' : ''}`;
          const armies = Number.isFinite(t.armies) ? String(t.armies) : '';
          return `${t.name}:${t.owner}:${armies}${marks ? `:${marks}` : ''}`;
        })
        .join(','),
    ]);
    const place = new Map(board.territories.map((t, i) => [t.name, i + 1]));
    const at = (name: string) => place.get(name) ?? 0;
    if (board.links.length > 0) out.push(['links', board.links.map(([a, b]) => `${at(a)}-${at(b)}`).join(',')]);
    if (board.continents.length > 0)
      out.push([
        'continents',
        board.continents.map((c) => `${c.name}:${c.bonus}:${c.territories.map(at).join('.')}`).join(','),
      ]);
    if (board.reinforcements !== null) out.push(['reinforcements', String(board.reinforcements)]);
  }
  if (turn.goal !== DEFAULT_GOAL) out.push(['goal', turn.goal]);
  if (turn.goal === 'value' && turn.worth.trim() !== '') out.push(['worth', turn.worth.trim()]);
  if (turn.moveIn !== TURN_DEFAULTS.moveIn) out.push(['move-in', turn.moveIn]);
  if (turn.leaderMovesIn) out.push(['leader-moves-in', true]);
  if (!turn.capitolTerritoriesAttack) out.push(['capitol-territories-attack', 'no']);
  return out;
}

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
const pieces = (text: string) => text.split(',').slice(0, MAX_PIECES);
const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN);

/**
 * The turn a link's parameters describe (`get`: a parameter's text, undefined when absent, '' for a bare name),
 * read as far as it can be; what could not be read is pushed to `unread`, one phrase each.
 */
export function turnFromParams(get: (name: string) => string | undefined, unread: string[]): TurnState {
  const turn: TurnState = { board: cloneBoard(EXAMPLE_BOARD), goal: DEFAULT_GOAL, ...TURN_DEFAULTS };
  const territoriesText = get('territories');
  if (territoriesText !== undefined) {
    const territories = readTerritories(territoriesText, unread);
    if (territories.length === 0) unread.push('no territory of the board could be read: this is the example board');
    else {
      const board: TurnBoard = { me: 'red', territories, links: [], continents: [], reinforcements: null };
      board.links = readLinks(get('links') ?? '', territories, unread);
      board.continents = readContinents(get('continents') ?? '', territories, unread);
      turn.board = board;
    }
  } else if (['links', 'continents'].some((p) => get(p) !== undefined))
    unread.push('the board’s links or continents came without its territories: this is the example board');
  const me = get('me');
  if (me !== undefined && me.trim() !== '') turn.board.me = me.trim();
  const reinforcements = get('reinforcements');
  if (reinforcements !== undefined) {
    const n = whole(reinforcements);
    if (Number.isFinite(n)) turn.board.reinforcements = n;
    else unread.push(`${quoted(`reinforcements=${reinforcements}`)} is not a number: by the rule instead`);
  }
  const goal = get('goal');
  if (goal !== undefined) {
    const kind = goal.split(':')[0];
    if (GOAL_KINDS.includes(kind)) turn.goal = goal.trim();
    else unread.push(`${quoted(`goal=${goal}`)} is not an objective of a turn: left out`);
  }
  const worth = get('worth');
  if (worth !== undefined) turn.worth = worth;
  const moveIn = get('move-in');
  if (moveIn !== undefined) {
    if (moveIn === 'one' || moveIn === 'dice') turn.moveIn = moveIn;
    else unread.push(`${quoted(`move-in=${moveIn}`)} is not a way to move in: left out`);
  }
  const leader = get('leader-moves-in');
  if (leader !== undefined) turn.leaderMovesIn = leader !== '0' && leader !== 'false' && leader !== 'no';
  const capitol = get('capitol-territories-attack');
  if (capitol !== undefined) turn.capitolTerritoriesAttack = !['no', '0', 'false'].includes(capitol);
  return turn;
}

function readTerritories(text: string, unread: string[]): TurnTerritory[] {
  const territories: TurnTerritory[] = [];
  for (const piece of pieces(text)) {
    if (piece.trim() === '') continue;
    const [name = '', owner = '', armies = '', marks = '', ...rest] = piece.split(':');
    if (name.trim() === '' || owner.trim() === '' || rest.length > 0) {
      unread.push(`${quoted(piece)} is not a territory (name:owner:armies): left out`);
      continue;
    }
    const n = whole(armies);
    if (!Number.isFinite(n)) unread.push(`${quoted(piece)}: its armies could not be read`);
    const odd = marks.replace(/[flc]/g, '');
    if (odd !== '') unread.push(`${quoted(piece)}: the marks ${quoted(odd)} mean nothing here (f, l or c): left out`);
    territories.push({
      name: name.trim(),
      owner: owner.trim(),
      armies: n,
      fortress: marks.includes('f'),
      leader: marks.includes('l'),
      capitol: marks.includes('c'),
    });
  }
  return territories;
}

/** A territory by its place in the list (from 1), or null. */
function byPlace(text: string, territories: TurnTerritory[]): string | null {
  const n = whole(text);
  return Number.isFinite(n) && n >= 1 && n <= territories.length ? territories[n - 1].name : null;
}

function readLinks(text: string, territories: TurnTerritory[], unread: string[]): [string, string][] {
  const links: [string, string][] = [];
  for (const piece of pieces(text)) {
    if (piece.trim() === '') continue;
    const [a, b, ...rest] = piece.split('-');
    const from = byPlace(a ?? '', territories);
    const to = byPlace(b ?? '', territories);
    if (from === null || to === null || rest.length > 0 || from === to)
      unread.push(`the link ${quoted(piece)} joins no two territories of the board: left out`);
    else links.push([from, to]);
  }
  return links;
}

function readContinents(text: string, territories: TurnTerritory[], unread: string[]): TurnContinent[] {
  const continents: TurnContinent[] = [];
  for (const piece of pieces(text)) {
    if (piece.trim() === '') continue;
    const [name = '', bonusText = '', members = '', ...rest] = piece.split(':');
    const bonus = whole(bonusText);
    const names = members
      .split('.')
      .map((m) => byPlace(m, territories))
      .filter((m): m is string => m !== null);
    if (name.trim() === '' || !Number.isFinite(bonus) || names.length === 0 || rest.length > 0) {
      unread.push(`${quoted(piece)} is not a continent (name:bonus:territories): left out`);
      continue;
    }
    if (names.length < members.split('.').length)
      unread.push(`the continent ${quoted(name)} named territories the board does not have: left out of it`);
    continents.push({ name: name.trim(), bonus, territories: [...new Set(names)] });
  }
  return continents;
}
