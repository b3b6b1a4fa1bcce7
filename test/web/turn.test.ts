/**
 * "Plan a turn" on the page, without a browser: the page's boards are the repository's (the scenario's and the
 * bench board), a turn asked on the page is `battle-odds plan landgrab --board board.json`'s question (the worker's
 * own job answers it here, and the report is the command line's, number for number), each edit of the board is
 * what it says, the link carries the board and is read as far as it can be, the drawing's layout is the board's,
 * and every refusal is in a player's words on what it is about.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_MODULES, type SystemModule } from '../../src/core/registry/systems.js';
import type { BattleReport } from '../../src/core/model/report.js';
import { blankState, type PageState } from '../../src/web/question/state.js';
import { readHash, stateToHash } from '../../src/web/question/url.js';
import { toQuestion, TURN_TRIALS } from '../../src/web/question/toQuestion.js';
import { cliCommand } from '../../src/web/question/command.js';
import { kindsOf, TURN_KIND } from '../../src/web/question/fields.js';
import { questionJob } from '../../src/web/workers/questionJob.js';
import type { QuestionReply } from '../../src/web/workers/protocol.js';
import {
  addContinent,
  addTerritory,
  BENCH_BOARD,
  boardFile,
  cloneBoard,
  EXAMPLE_BOARD,
  exampleTurn,
  reinforcementsByRule,
  removeTerritory,
  renameTerritory,
  setArmies,
  setOwner,
  toggleLink,
  toggleMark,
  type TurnBoard,
  type TurnState,
} from '../../src/web/turn/board.js';
import { layoutBoard, NODE_RADIUS } from '../../src/web/turn/layout.js';
import { DEFAULT_TURN_TRIALS } from '../../src/cli/commands/plan.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';

const landgrab = SYSTEM_MODULES.find((m) => m.system.id === 'landgrab') as SystemModule;
const dir = tempDir('battle-odds-turn-page-');

function turnState(turn: TurnState, extra: Partial<PageState> = {}): PageState {
  return { ...blankState(landgrab), kind: TURN_KIND, turn, ...extra };
}

/** The page's answer: the question worker's own job, run here. */
async function pageAnswer(state: PageState): Promise<QuestionReply> {
  let reply: QuestionReply | null = null;
  await questionJob({ id: 1, state, part: 'whole' }, (r) => (reply = r));
  if (!reply) throw new Error('no reply');
  return reply;
}

/** The command line's answer to the page's command, with the page's board file. */
async function cliAnswer(state: PageState, name: string): Promise<BattleReport> {
  const made = toQuestion(landgrab, state);
  if (!made.ok) throw new Error(JSON.stringify(made.problems));
  const file = path.join(dir, name, 'board.json');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(boardFile(state.turn!.board)));
  const words = cliCommand(made.asked).split(' ').slice(1);
  expect(words.slice(0, 4)).toEqual(['plan', 'landgrab', '--board', 'board.json']);
  words[3] = file;
  const r = await cli([...words, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).battles[0] as BattleReport;
}

/** The same report but for the time it took. */
const timeless = (r: BattleReport) => ({ ...r, elapsedMs: 0 });

describe('the page plans a turn as the command line does', () => {
  it("offers 'Plan a turn' beside LandGrab's battles, and nowhere else", () => {
    expect(kindsOf(landgrab)?.map((k) => k.value)).toEqual(['battle', 'chain', 'capitol', TURN_KIND]);
    for (const m of SYSTEM_MODULES.filter((m) => m !== landgrab))
      expect(kindsOf(m)?.some((k) => k.value === TURN_KIND) ?? false).toBe(false);
    // A sampled turn's trials are the command line's.
    expect(TURN_TRIALS).toBe(DEFAULT_TURN_TRIALS);
  });

  it("starts from the repository's boards: the scenario's (hold East) and the bench board", () => {
    const scenario = JSON.parse(readFileSync(path.join(ROOT, 'scenarios/landgrab-turn.json'), 'utf8'));
    expect(boardFile(EXAMPLE_BOARD)).toEqual(scenario.battles[0].board);
    expect(scenario.battles[0].objective).toBe(exampleTurn().goal);
    const bench = JSON.parse(readFileSync(path.join(ROOT, 'data/landgrab/bench-board.json'), 'utf8'));
    expect(boardFile(BENCH_BOARD)).toEqual(bench);
  });

  it("answers the example board with the command line's report, number for number", async () => {
    const state = turnState(exampleTurn());
    const reply = await pageAnswer(state);
    if (!('report' in reply)) throw new Error(JSON.stringify(reply));
    expect(reply.report.method).toBe('exact');
    const reference = await cliAnswer(state, 'example');
    expect(timeless(reply.report)).toEqual(timeless(reference));
    expect(reply.report.verdict[0]).toBe(
      'Put 5 on West; attack Keep from West; you hold East at the end of the turn 55.2% of the time.',
    );
    // The page's first plan is small work (the bench board stores 2.35 million states): answered as the player looks.
    expect(reply.report.decisions?.plan?.states).toBeLessThan(10_000);
  });

  it('answers an edited board, another objective and the readings as the command line does', async () => {
    let board = cloneBoard(EXAMPLE_BOARD);
    board = setOwner(board, 3, 'green');
    board = setArmies(board, 3, 3);
    board = toggleMark(board, 2, 'fortress');
    board = toggleLink(board, 2, 1);
    board = toggleMark(board, 4, 'capitol');
    board = { ...board, reinforcements: null };
    const turn: TurnState = {
      ...exampleTurn(),
      board,
      goal: 'capitol:blue',
      leaderMovesIn: true,
      moveIn: 'one',
      capitolTerritoriesAttack: false,
    };
    const state = turnState(turn, { values: { ...blankState(landgrab).values, ties: 'attacker' } });
    const made = toQuestion(landgrab, state);
    if (!made.ok) throw new Error(JSON.stringify(made.problems));
    expect(cliCommand(made.asked)).toBe(
      'battle-odds plan landgrab --board board.json --objective capitol:blue --move-in one --leader-moves-in ' +
        '--no-capitol-territories-attack --ties attacker',
    );
    const reply = await pageAnswer(state);
    if (!('report' in reply)) throw new Error(JSON.stringify(reply));
    expect(timeless(reply.report)).toEqual(timeless(await cliAnswer(state, 'edited')));
    // By the rule: two territories held, no continent: 3.
    expect(reply.report.decisions?.plan?.reinforcements).toBe(3);
  });

  it('answers the value objective with its worth as --territory-worth', async () => {
    const state = turnState({ ...exampleTurn(), goal: 'value', worth: '2' });
    const made = toQuestion(landgrab, state);
    if (!made.ok) throw new Error(JSON.stringify(made.problems));
    expect(made.asked.args).toContain('--territory-worth 2');
    const reply = await pageAnswer(state);
    if (!('report' in reply)) throw new Error(JSON.stringify(reply));
    expect(timeless(reply.report)).toEqual(timeless(await cliAnswer(state, 'value')));
  });
});

describe("a board's edits", () => {
  it('adds a territory beside another (linked), removes one with its links and continent place', () => {
    const added = addTerritory(EXAMPLE_BOARD, 4);
    expect(added.territories).toHaveLength(6);
    expect(added.territories[5]).toMatchObject({ name: 'Ford', owner: 'blue', armies: 2 });
    expect(added.links).toContainEqual(['Port', 'Ford']);
    const removed = removeTerritory(added, 4);
    expect(removed.territories.map((t) => t.name)).toEqual(['West', 'North', 'Keep', 'Pass', 'Ford']);
    expect(removed.links.flat()).not.toContain('Port');
    expect(removed.continents[0].territories).toEqual(['Keep', 'Pass']);
    // The board itself is never changed in place.
    expect(EXAMPLE_BOARD.territories).toHaveLength(5);
  });

  it('links and unlinks by the same tap, renames everywhere, keeps armies within the limits', () => {
    const linked = toggleLink(EXAMPLE_BOARD, 0, 1);
    expect(linked.links).toContainEqual(['West', 'North']);
    expect(toggleLink(linked, 1, 0).links).toEqual(EXAMPLE_BOARD.links);
    const renamed = renameTerritory(EXAMPLE_BOARD, 2, 'Old, Keep:');
    expect(renamed.territories[2].name).toBe('Old Keep');
    expect(renamed.links).toContainEqual(['West', 'Old Keep']);
    expect(renamed.continents[0].territories).toContain('Old Keep');
    expect(setArmies(EXAMPLE_BOARD, 0, 500).territories[0].armies).toBe(200);
    expect(setArmies(EXAMPLE_BOARD, 0, 0).territories[0].armies).toBe(1);
    const continent = addContinent(EXAMPLE_BOARD, 0);
    expect(continent.continents[1]).toEqual({ name: 'West', bonus: 2, territories: ['West'] });
  });

  it('says the reinforcements by the rule: a third of the territories held (at least 3), plus continents', () => {
    expect(reinforcementsByRule(EXAMPLE_BOARD)).toBe(3);
    const all: TurnBoard = { ...cloneBoard(EXAMPLE_BOARD) };
    all.territories = all.territories.map((t) => ({ ...t, owner: 'red' }));
    expect(reinforcementsByRule(all)).toBe(3 + 3);
  });
});

describe('the link carries the board', () => {
  const roundTrip = (turn: TurnState) => {
    const hash = stateToHash(landgrab, turnState(turn));
    const read = readHash(SYSTEM_MODULES, hash);
    return { hash, read };
  };

  it('leaves the example board out, and writes any other compactly', () => {
    expect(roundTrip(exampleTurn()).hash).toBe('#landgrab?kind=turn');
    let board = toggleMark(toggleMark(cloneBoard(EXAMPLE_BOARD), 0, 'capitol'), 3, 'leader');
    board = { ...board, reinforcements: null };
    const turn: TurnState = { ...exampleTurn(), board, goal: 'value', worth: '1.5', leaderMovesIn: true };
    const { hash, read } = roundTrip(turn);
    expect(hash).toBe(
      '#landgrab?kind=turn&territories=West:red:7:c,North:red:4,Keep:blue:4:f,Pass:blue:2:l,Port:blue:3:l' +
        '&links=1-3,2-4,3-4,4-5,3-5&continents=East:3:3.4.5&goal=value&worth=1.5&leader-moves-in',
    );
    expect(read.unread).toEqual([]);
    expect(read.state?.turn).toEqual(turn);
    expect(roundTrip(read.state!.turn!).hash).toBe(hash);
  });

  it('carries the bench board and names with spaces and accents', () => {
    const bench = { ...exampleTurn(), board: cloneBoard(BENCH_BOARD) };
    expect(roundTrip(bench).read.state?.turn).toEqual(bench);
    const named = { ...exampleTurn(), board: renameTerritory(EXAMPLE_BOARD, 2, 'Château Fort') };
    const { hash, read } = roundTrip(named);
    expect(hash).toContain('Ch%C3%A2teau%20Fort:blue:4:f');
    expect(read.state?.turn).toEqual(named);
  });

  it('reads a damaged link as far as it can, naming what it left out in one phrase each', () => {
    const read = readHash(
      SYSTEM_MODULES,
      '#landgrab?territories=West:red:7,North:red:x,Keep:blue:4:fz,Bad,Pass:blue:2' +
        '&links=1-3,9-9,2-5&continents=East:3:3.5.7,Nowhere:x:1&goal=conquer&reinforcements=lots&move-in=all',
    );
    // A board without its kind is still a turn.
    expect(read.state?.kind).toBe(TURN_KIND);
    const board = read.state?.turn?.board as TurnBoard;
    expect(board.territories.map((t) => t.name)).toEqual(['West', 'North', 'Keep', 'Pass']);
    expect(board.territories[1].armies).toBeNaN();
    expect(board.territories[2].fortress).toBe(true);
    expect(board.links).toEqual([['West', 'Keep']]);
    expect(board.continents).toEqual([{ name: 'East', bonus: 3, territories: ['Keep'] }]);
    expect(board.reinforcements).toBeNull();
    expect(read.unread).toEqual([
      '“North:red:x”: its armies could not be read',
      '“Keep:blue:4:fz”: the marks “z” mean nothing here (f, l or c): left out',
      '“Bad” is not a territory (name:owner:armies): left out',
      'the link “9-9” joins no two territories of the board: left out',
      'the link “2-5” joins no two territories of the board: left out',
      'the continent “East” named territories the board does not have: left out of it',
      '“Nowhere:x:1” is not a continent (name:bonus:territories): left out',
      '“reinforcements=lots” is not a number: by the rule instead',
      '“goal=conquer” is not an objective of a turn: left out',
      '“move-in=all” is not a way to move in: left out',
    ]);
    // What it holds is asked: North's armies are refused in words, on North.
    const made = toQuestion(landgrab, read.state!);
    expect(made.ok).toBe(false);
    if (!made.ok)
      expect(made.problems).toEqual([
        { param: 'turn-t-1', message: 'North: give its armies, a whole number from 1 to 200.' },
      ]);
  });

  it("keeps a board's parameters out of a battle's question", () => {
    const read = readHash(SYSTEM_MODULES, '#landgrab?attackers=5&defenders=3&goal=territories');
    expect(read.state?.kind).toBe('battle');
    expect(read.state?.turn).toBeUndefined();
    expect(read.unread).toEqual(["“goal=territories” belongs to a turn's board: left out"]);
  });
});

describe('refusals in a player’s words, on what they are about', () => {
  const refused = (turn: TurnState) => {
    const made = toQuestion(landgrab, turnState(turn));
    if (made.ok) throw new Error('answered');
    return made.problems;
  };
  const onBoard = (change: (b: TurnBoard) => TurnBoard, goal = 'continent:East') =>
    refused({ ...exampleTurn(), board: change(cloneBoard(EXAMPLE_BOARD)), goal });

  it('a capitol on a fortress, two capitols, a leader too many: on the territory', () => {
    expect(onBoard((b) => toggleMark(b, 2, 'capitol'))).toEqual([
      { param: 'turn-t-2', message: 'Keep: a capitol cannot stand on a fortress; take one of them away.' },
    ]);
    expect(onBoard((b) => toggleMark(toggleMark(b, 3, 'capitol'), 4, 'capitol'))).toEqual([
      { param: 'turn-t-4', message: 'Port: blue already has a capitol on Pass; a player has one capitol.' },
    ]);
    const leaders = (b: TurnBoard) => {
      let next = b;
      for (let k = 0; k < 5; k++) next = toggleMark(addTerritory(next, 2), next.territories.length, 'leader');
      return next;
    };
    expect(onBoard(leaders)).toEqual([{ param: 'turn-t-9', message: 'Dale: blue has more than 5 leaders.' }]);
  });

  it('no territory of mine, too many territories or armies: on the board', () => {
    expect(onBoard((b) => ({ ...b, me: 'green' }))).toEqual([
      { param: 'turn-board', message: 'You (green) hold no territory: give yourself one, or play another player.' },
    ]);
    let big = cloneBoard(EXAMPLE_BOARD);
    while (big.territories.length < 17) big = addTerritory(big, 0);
    expect(onBoard(() => big)).toEqual([
      { param: 'turn-board', message: 'The board has 17 territories, more than the 16 the planner takes: remove one.' },
    ]);
    let heavy = cloneBoard(EXAMPLE_BOARD);
    for (let i = 0; i < 5; i++) heavy = setArmies(heavy, i, 200);
    expect(onBoard(() => heavy)).toEqual([
      {
        param: 'turn-board',
        message:
          'The board holds 1,005 armies with the reinforcements, more than the 1,000 the planner takes: ' +
          'take some away.',
      },
    ]);
  });

  it('an objective the board cannot have: on the objective, with what it has', () => {
    expect(onBoard((b) => b, 'continent:North')).toEqual([
      { param: 'turn-goal', message: 'The board has no continent North: pick one it has (East).' },
    ]);
    expect(onBoard((b) => b, 'capitol:blue')).toEqual([
      { param: 'turn-goal', message: 'Blue has no capitol to take: give blue a capitol, or pick another objective.' },
    ]);
    expect(onBoard((b) => b, 'capitol:red')).toEqual([
      { param: 'turn-goal', message: 'Your own capitol is not taken this turn: pick another player.' },
    ]);
    expect(onBoard((b) => ({ ...b, continents: [] }), 'continent:East')[0].message).toBe(
      'The board has no continent East: make one (a territory’s “New continent”), or pick another objective.',
    );
  });

  it('never names a flag, a key of the entry or a path', () => {
    const boards: Array<(b: TurnBoard) => TurnBoard> = [
      (b) => toggleMark(b, 2, 'capitol'),
      (b) => ({ ...b, me: 'nobody' }),
      (b) => ({ ...b, reinforcements: 250 }),
      (b) => ({ ...b, continents: [{ name: 'East', bonus: 500, territories: ['Keep'] }] }),
      (b) => renameTerritory(b, 1, 'West'),
      (b) => setOwner(b, 0, ''),
    ];
    for (const change of boards)
      for (const p of onBoard(change)) {
        expect(p.message).not.toMatch(/--|\b[a-z]+[A-Z]\w*\b|\w\.\w|\[\d|"|board\./);
        expect(p.message).toMatch(/^[A-Z“].*\.$/);
      }
  });
});

describe("the drawing's layout", () => {
  it('puts my territories on top and the others by how many attacks away, none overlapping', () => {
    for (const board of [EXAMPLE_BOARD, BENCH_BOARD, addTerritory(addTerritory(BENCH_BOARD, null), null)]) {
      const layout = layoutBoard(board);
      board.territories.forEach((t, i) => {
        const p = layout.places[i];
        if (t.owner === board.me) expect(p.row, t.name).toBe(0);
        expect(p.x - NODE_RADIUS).toBeGreaterThanOrEqual(0);
        expect(p.x + NODE_RADIUS).toBeLessThanOrEqual(layout.width);
        expect(p.y + NODE_RADIUS).toBeLessThanOrEqual(layout.height);
      });
      const spots = new Set(layout.places.map((p) => `${p.x},${p.y}`));
      expect(spots.size).toBe(board.territories.length);
    }
    const example = layoutBoard(EXAMPLE_BOARD);
    expect(example.distance).toEqual([0, 0, 1, 1, 2]);
    expect(example.places.map((p) => p.row)).toEqual([0, 0, 1, 1, 2]);
    // The bench board: the front of four against four, each across from its neighbours.
    const bench = layoutBoard(BENCH_BOARD);
    expect(bench.places.map((p) => p.row)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    const order = (row: number) =>
      BENCH_BOARD.territories
        .map((t, i) => ({ name: t.name, ...bench.places[i] }))
        .filter((p) => p.row === row)
        .sort((a, b) => a.x - b.x)
        .map((p) => p.name);
    expect(order(0)).toEqual(['A', 'B', 'C', 'D']);
    expect(order(1)).toEqual(['E', 'F', 'G', 'H']);
  });
});
