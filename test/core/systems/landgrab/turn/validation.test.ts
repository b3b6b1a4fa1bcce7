import { describe, expect, it } from 'vitest';
import {
  MAX_BOARD_ARMIES,
  MAX_BOARD_TERRITORIES,
  parseBoard,
  type BoardInput,
} from '../../../../../src/core/systems/landgrab/turn/board.js';
import { TurnInputError } from '../../../../../src/core/systems/landgrab/turn/inputError.js';
import { boardObjective, objectiveFromText } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';

function board(change: (b: BoardInput) => void = () => {}): BoardInput {
  const b: BoardInput = {
    territories: [
      { name: 'A', owner: 'red', armies: 4 },
      { name: 'B', owner: 'red', armies: 2 },
      { name: 'E', owner: 'blue', armies: 3, capitol: true },
      { name: 'F', owner: 'blue', armies: 1, fortress: true },
    ],
    links: [
      ['A', 'E'],
      ['B', 'F'],
      ['E', 'F'],
    ],
    continents: [{ name: 'East', bonus: 2, territories: ['E', 'F'] }],
    me: 'red',
  };
  change(b);
  return b;
}

function refusal(run: () => unknown): TurnInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof TurnInputError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('board checks', () => {
  it('accepts the board and reads it by index', () => {
    const b = parseBoard(board());
    expect(b.names).toEqual(['A', 'B', 'E', 'F']);
    expect(b.neighbours[0]).toBe(0b0100);
    expect(b.mine).toBe(0b0011);
    expect(b.capitolOf[b.players.indexOf('blue')]).toBe(2);
    expect(b.reinforcements).toBe(3); // max(3, floor(2 / 3)), no continent
  });

  it.each<[string, (b: BoardInput) => void, string, RegExp]>([
    ['an unknown territory in a link', (b) => (b.links[1] = ['B', 'Z']), 'links.1.1', /unknown territory "Z"/],
    [
      'an unknown territory in a continent',
      (b) => b.continents![0].territories.push('Z'),
      'continents.0.territories.2',
      /unknown territory "Z"/,
    ],
    ['a duplicate territory name', (b) => (b.territories[1].name = 'A'), 'territories.1.name', /already territory 0/],
    [
      'a duplicate continent name',
      (b) => b.continents!.push({ name: 'East', bonus: 1, territories: ['A'] }),
      'continents.1.name',
      /already a continent/,
    ],
    [
      'a continent listing a territory twice',
      (b) => b.continents![0].territories.push('E'),
      'continents.0.territories.2',
      /twice/,
    ],
    [
      'a capitol on a fortress',
      (b) => (b.territories[3].capitol = true),
      'territories.3.capitol',
      /capitol cannot be placed on a fortress/,
    ],
    [
      'two capitols for one player',
      (b) => (b.territories[0].capitol = b.territories[1].capitol = true),
      'territories.1.capitol',
      /red already has a capitol on A/,
    ],
    ['a territory with no armies', (b) => (b.territories[2].armies = 0), 'territories.2.armies', /from 1 to 200/],
    ['a fraction of an army', (b) => (b.territories[2].armies = 1.5), 'territories.2.armies', /whole number/],
    [
      `more than ${MAX_BOARD_ARMIES} armies on a territory`,
      (b) => (b.territories[0].armies = MAX_BOARD_ARMIES + 1),
      'territories.0.armies',
      /from 1 to 200/,
    ],
    ['me owning nothing', (b) => (b.me = 'green'), 'me', /"green" owns no territory/],
    ['a link to itself', (b) => (b.links[0] = ['A', 'A']), 'links.0', /links "A" to itself/],
    ['a link that is not a pair', (b) => ((b.links as unknown[])[0] = ['A']), 'links.0', /pair/],
    [
      `more than ${MAX_BOARD_TERRITORIES} territories`,
      (b) => {
        for (let i = 0; i < MAX_BOARD_TERRITORIES - 3; i++)
          b.territories.push({ name: `T${i}`, owner: 'blue', armies: 1 });
      },
      'territories',
      /17 territories, more than the 16/,
    ],
    [
      'more armies on the board than the planner takes',
      (b) => {
        for (let i = 0; i < 6; i++) b.territories.push({ name: `T${i}`, owner: 'blue', armies: 200 });
      },
      'territories',
      /more than the 1000/,
    ],
    ['negative reinforcements', (b) => (b.reinforcements = -1), 'reinforcements', /from 0 to 200/],
    ['too many reinforcements', (b) => (b.reinforcements = 201), 'reinforcements', /from 0 to 200/],
    [
      'more than five leaders for one player',
      (b) => {
        for (let i = 0; i < 6; i++) b.territories.push({ name: `L${i}`, owner: 'red', armies: 1, leader: true });
      },
      'territories.9.leader',
      /more than 5 leaders/,
    ],
    ['an empty name', (b) => (b.territories[0].name = ' '), 'territories.0.name', /non-empty name/],
    ['an empty owner', (b) => (b.territories[0].owner = ''), 'territories.0.owner', /non-empty name/],
    ['a negative continent bonus', (b) => (b.continents![0].bonus = -2), 'continents.0.bonus', /from 0 to 100/],
    ['no territories', (b) => (b.territories = []), 'territories', /non-empty list/],
    [
      'a flag that is not true or false',
      (b) => ((b.territories[0] as unknown as Record<string, unknown>).fortress = 'yes'),
      'territories.0.fortress',
      /true or false/,
    ],
  ])('refuses %s', (_, change, path, message) => {
    const error = refusal(() => parseBoard(board(change)));
    expect(error.path).toBe(path);
    expect(error.reason).toMatch(message);
    expect(error.message).toBe(`${path}: ${error.reason}`);
    expect(error.message.split('\n')).toHaveLength(1);
  });
});

describe('rule checks', () => {
  it.each<[string, Parameters<typeof turnRules>[0], string]>([
    ['no attacking dice', { attackerDice: 0 }, 'rules.attackerDice'],
    ['six defending dice', { defenderDice: 6 }, 'rules.defenderDice'],
    ['a move-in rule that does not exist', { moveIn: 'two' as 'one' }, 'rules.moveIn'],
    ['ties to nobody', { ties: 'nobody' as 'defender' }, 'rules.ties'],
    ['a fortress bonus of 7', { fortressBonus: 7 }, 'rules.fortressBonus'],
    ['a switch that is not true or false', { leaderMovesIn: 1 as unknown as boolean }, 'rules.leaderMovesIn'],
  ])('refuses %s', (_, changes, path) => {
    expect(refusal(() => turnRules(changes)).path).toBe(path);
  });
});

describe('objective checks', () => {
  const b = parseBoard(board());
  it('reads the objectives', () => {
    expect(objectiveFromText('continent:East')).toEqual({ kind: 'continent', continent: 'East' });
    expect(objectiveFromText('capitol:blue')).toEqual({ kind: 'capitol', player: 'blue' });
    expect(objectiveFromText('territories')).toEqual({ kind: 'territories' });
    expect(objectiveFromText('reinforcements')).toEqual({ kind: 'reinforcements' });
    expect(objectiveFromText('value:2.5')).toEqual({ kind: 'value', territoryWorth: 2.5 });
  });
  it.each<[string, () => unknown, string, RegExp]>([
    ['an objective it cannot read', () => objectiveFromText('glory'), 'objective', /not one of/],
    ['a value with no number', () => objectiveFromText('value:lots'), 'objective', /needs a number/],
    [
      'an unknown continent',
      () => boardObjective(b, { kind: 'continent', continent: 'West' }),
      'objective.continent',
      /unknown continent "West"/,
    ],
    [
      'the capitol of a player with none',
      () =>
        boardObjective(parseBoard(board((x) => (x.territories[2].capitol = false))), objectiveFromText('capitol:blue')),
      'objective.player',
      /blue has no capitol/,
    ],
    ['my own capitol', () => boardObjective(b, { kind: 'capitol', player: 'red' }), 'objective.player', /is me/],
    [
      'a negative territory worth',
      () => boardObjective(b, { kind: 'value', territoryWorth: -1 }),
      'objective.territoryWorth',
      /from 0 to/,
    ],
  ])('refuses %s', (_, run, path, message) => {
    const error = refusal(run);
    expect(error.path).toBe(path);
    expect(error.reason).toMatch(message);
  });
});
