/**
 * The planner against the system's existing exact answers: a board with one possible attack is the
 * one battle (exact.ts solveBattle), a path of enemy territories is the chain (landgrab compile + solve).
 */
import { describe, expect, it } from 'vitest';
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { solveBattle } from '../../../../../src/core/systems/landgrab/exact.js';
import { compileTables } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import type { LandgrabPlan } from '../../../../../src/core/systems/landgrab/plan.js';
import { exactOf, landgrabBattle } from '../../../../helpers/landgrab.js';
import { fastSolve } from './fast.js';

interface Sides {
  fortress?: boolean;
  defendingLeader?: boolean;
  attackingLeader?: boolean;
}

function oneAttack(attackers: number, defenders: number, opts: Sides, reinforcements = 0): BoardInput {
  return {
    territories: [
      { name: 'X', owner: 'red', armies: attackers, leader: opts.attackingLeader ?? false },
      {
        name: 'Y',
        owner: 'blue',
        armies: defenders,
        fortress: opts.fortress ?? false,
        leader: opts.defendingLeader ?? false,
      },
    ],
    links: [['X', 'Y']],
    continents: [{ name: 'Target', bonus: 1, territories: ['Y'] }],
    me: 'red',
    reinforcements,
  };
}

describe('one possible attack equals the one-battle exact answer', () => {
  it.each([
    ['4 v 2', 4, 2, {}],
    ['9 v 6, fortress', 9, 6, { fortress: true }],
    ['10 v 5, defending leader', 10, 5, { defendingLeader: true }],
    ['12 v 7, leader on a fortress', 12, 7, { fortress: true, defendingLeader: true }],
    ['8 v 6, attacking leader', 8, 6, { attackingLeader: true }],
    ['7 v 7, attacking leader against a fortress', 7, 7, { attackingLeader: true, fortress: true }],
  ] as [string, number, number, Sides][])('%s', (_, attackers, defenders, opts) => {
    const tables = compileTables({
      attackerDice: 3,
      defenderDice: 2,
      attackerBonus: opts.attackingLeader ? 1 : 0,
      defenderBonus: (opts.fortress ? 1 : 0) + (opts.defendingLeader ? 1 : 0),
      ties: 'defender',
      stopAt: 1,
    });
    const expected = solveBattle(tables, attackers, defenders).pWin;
    const { solution } = fastSolve(oneAttack(attackers, defenders, opts), { kind: 'continent', continent: 'Target' });
    expect(solution.value).toBeCloseTo(expected, 12);
    // Reinforcements all go on X: the battle with 3 more.
    const more = fastSolve(oneAttack(attackers, defenders, opts, 3), { kind: 'continent', continent: 'Target' });
    expect(more.solution.value).toBeCloseTo(solveBattle(tables, attackers + 3, defenders).pWin, 12);
    expect(more.solution.bestPlacement).toEqual({ X: 3 });
  });
});

describe('a path of enemy territories equals the chain', () => {
  const path = [
    { defenders: 3, fortress: false, defendingLeader: false },
    { defenders: 2, fortress: true, defendingLeader: false },
    { defenders: 2, fortress: false, defendingLeader: true },
  ];
  function pathBoard(attackers: number, attackingLeader: boolean): BoardInput {
    const names = ['E1', 'E2', 'E3'];
    return {
      territories: [
        { name: 'A', owner: 'red', armies: attackers, leader: attackingLeader },
        ...path.map((p, i) => ({
          name: names[i],
          owner: 'blue',
          armies: p.defenders,
          fortress: p.fortress,
          leader: p.defendingLeader,
        })),
      ],
      links: [
        ['A', 'E1'],
        ['E1', 'E2'],
        ['E2', 'E3'],
      ],
      continents: [{ name: 'Path', bonus: 3, territories: names }],
      me: 'red',
      reinforcements: 0,
    };
  }
  function chainTakesAll(attackers: number, entry: Record<string, unknown>): number {
    const battle = landgrabBattle({ type: 'chain', attackers, path, ...entry });
    const plan = battle.plan as Extract<LandgrabPlan, { kind: 'chain' }>;
    return exactOf(battle)[plan.at.taken + path.length];
  }

  it.each([
    ['12 armies, no leader', 12, false, 'dice', {}],
    ['12 armies, no leader, move in one', 12, false, 'one', {}],
    ['10 armies, a leader who stays (first-attack)', 10, true, 'dice', { attackingLeader: true }],
  ] as const)('%s', (_, attackers, leader, moveIn, entry) => {
    const expected = chainTakesAll(attackers, entry);
    const { solution } = fastSolve(pathBoard(attackers, leader), { kind: 'continent', continent: 'Path' }, { moveIn });
    expect(solution.value).toBeCloseTo(expected, 12);
  });

  it('a leader who moves in with the armies is the chain whose leader travels (every-attack)', () => {
    const expected = chainTakesAll(10, { attackingLeader: true, leaderMoves: 'every-attack' });
    const { solution } = fastSolve(
      pathBoard(10, true),
      { kind: 'continent', continent: 'Path' },
      { leaderMovesIn: true },
    );
    expect(solution.value).toBeCloseTo(expected, 12);
    expect(expected).toBeGreaterThan(chainTakesAll(10, { attackingLeader: true }));
  });
});
