/**
 * A turn as a battle entry: the schema's refusals, each at its field (zod's, the board's own checks and the
 * objective's), and what a valid entry compiles to (no attacking force asked, defaults filled in).
 */
import { describe, expect, it } from 'vitest';
import { landgrab } from '../../../../../src/core/systems/landgrab/index.js';
import { compileEntry } from '../../../../../src/core/engine/validate/entry.js';
import { InputError } from '../../../../../src/core/model/inputError.js';
import { prepareQuestion } from '../../../../../src/core/ask/prepareQuestion.js';
import { SYSTEM_MODULES } from '../../../../../src/core/registry/systems.js';
import { TURN_BOARD } from '../../../../claims/cases/landgrab.js';

type Board = typeof TURN_BOARD;
const copy = (): Board => JSON.parse(JSON.stringify(TURN_BOARD)) as Board;

function entry(change: (b: Board) => void = () => {}, extra: Record<string, unknown> = {}) {
  const board = copy();
  change(board);
  return { type: 'turn', board, objective: 'continent:East', ...extra };
}

function refusal(e: unknown): { field: string; detail: string } {
  try {
    compileEntry(landgrab, e, 'file.json', 'battles[0]', 'turn');
  } catch (error) {
    if (error instanceof InputError) return { field: error.field, detail: error.detail };
    throw error;
  }
  throw new Error('no refusal');
}

describe('a turn entry', () => {
  it('compiles with the defaults filled in and no attacking force', () => {
    const battle = compileEntry(landgrab, entry(), 'file.json', 'battles[0]', 'turn');
    expect(battle.type).toBe('turn');
    expect(battle.headline).toBe('pObjective');
    expect(battle.entry).toMatchObject({
      moveIn: 'dice',
      leaderMovesIn: false,
      capitolTerritoriesAttack: true,
      attackerDice: 3,
      defenderDice: 2,
      ties: 'defender',
      fortressBonus: 1,
      leaderBonus: 1,
    });
    // An expectation objective's headline is an honest event of every turn: at least one territory taken.
    const territories = compileEntry(
      landgrab,
      entry(() => {}, { objective: 'territories' }),
      'f',
      '',
      't',
    );
    expect(territories.headline).toBe('pTakesAny');
    // The plan is plain data (it travels to workers).
    expect(structuredClone(battle.plan)).toEqual(battle.plan);
  });

  it('asks no force: a target or a solve-for on a turn is not "how many armies do I need"', () => {
    const module = SYSTEM_MODULES.find((m) => m.system.id === 'landgrab')!;
    const asked = prepareQuestion({
      module,
      battle: { entry: entry() },
      choices: { question: { solveFor: 'fortressBonus', target: 0.5 } },
    });
    expect(asked.ok).toBe(true);
  });

  it.each([
    [
      'an unknown territory in a link',
      (b: Board) => b.adjacent.push(['A', 'Z']),
      'battles[0].board.adjacent[7][1]',
      /unknown territory "Z"/,
    ],
    [
      'a duplicate name',
      (b: Board) => b.territories.push({ name: 'A', owner: 'blue', armies: 2 }),
      'battles[0].board.territories[6].name',
      /"A" is already territory 0/,
    ],
    [
      'a capitol on a fortress',
      (b: Board) => Object.assign(b.territories[2], { capitol: true }),
      'battles[0].board.territories[2].capitol',
      /cannot be placed on a fortress/,
    ],
    [
      'two capitols for one player',
      (b: Board) => Object.assign(b.territories[5], { capitol: true }),
      'battles[0].board.territories[5].capitol',
      /blue already has a capitol on G/,
    ],
    [
      'a territory with no armies',
      (b: Board) => Object.assign(b.territories[3], { armies: 0 }),
      'battles[0].board.territories[3].armies',
      /at least 1/,
    ],
    ['me owning nothing', (b: Board) => Object.assign(b, { me: 'yellow' }), 'battles[0].board.me', /owns no territory/],
    [
      'too many territories',
      (b: Board) =>
        b.territories.push(...Array.from({ length: 11 }, (_, i) => ({ name: `X${i}`, owner: 'blue', armies: 1 }))),
      'battles[0].board.territories',
      /at most 16/,
    ],
    [
      'too many armies on a territory',
      (b: Board) => Object.assign(b.territories[0], { armies: 201 }),
      'battles[0].board.territories[0].armies',
      /at most 200/,
    ],
    [
      'too many armies on the board',
      (b: Board) => b.territories.forEach((t) => Object.assign(t, { armies: 190 })),
      'battles[0].board.territories',
      /more than the 1000 the exact planner takes/,
    ],
    [
      'an unknown continent territory',
      (b: Board) => b.continents[0].territories.push('Q'),
      'battles[0].board.continents[0].territories[3]',
      /unknown territory "Q"/,
    ],
    ['an unknown key', (b: Board) => Object.assign(b, { colour: 'red' }), 'battles[0].board.colour', /unknown key/],
  ])('refuses %s at its field', (_, change, field, detail) => {
    const r = refusal(entry(change as (b: Board) => void));
    expect(r.field).toBe(field);
    expect(r.detail).toMatch(detail);
  });

  it.each([
    [
      { objective: 'continent:West' },
      'battles[0].objective',
      /unknown continent "West"; the board's continents: East, Far/,
    ],
    [
      { objective: 'capitol:yellow' },
      'battles[0].objective',
      /"yellow" owns no territory; the other players: blue, green/,
    ],
    [{ objective: 'capitol:green' }, 'battles[0].objective', /green has no capitol/],
    [{ objective: 'capitol:red' }, 'battles[0].objective', /is me/],
    [{ objective: 'conquer' }, 'battles[0].objective', /must be one of continent:NAME/],
    [{ objective: 'value:3' }, 'battles[0].objective', /territoryWorth/],
    [{ objective: 'territories', territoryWorth: 2 }, 'battles[0].territoryWorth', /only with objective value/],
    [{ fortressBonus: 7 }, 'battles[0].fortressBonus', /at most 6/],
    [{ moveIn: 'all' }, 'battles[0].moveIn', /dice or one/],
    [{ maxStates: 0 }, 'battles[0].maxStates', /at least 1/],
    [{ attackers: 5 }, 'battles[0].attackers', /unknown key/],
  ])('refuses %j at its field', (extra, field, detail) => {
    const r = refusal(entry(() => {}, extra));
    expect(r.field).toBe(field);
    expect(r.detail).toMatch(detail);
  });
});
