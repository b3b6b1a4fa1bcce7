import { describe, expect, it } from 'vitest';
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import type { Objective } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import type { TurnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { bruteForce } from './bruteForce.js';
import { fastSolve } from './fast.js';

/** Two of mine against two of blue's, in a square: A-E, B-E, B-F, E-F. */
const square: BoardInput = {
  territories: [
    { name: 'A', owner: 'red', armies: 3 },
    { name: 'B', owner: 'red', armies: 2, leader: true },
    { name: 'E', owner: 'blue', armies: 2, fortress: true },
    { name: 'F', owner: 'blue', armies: 1, leader: true },
  ],
  links: [
    ['A', 'E'],
    ['B', 'E'],
    ['B', 'F'],
    ['E', 'F'],
  ],
  continents: [
    { name: 'East', bonus: 2, territories: ['E', 'F'] },
    { name: 'West', bonus: 1, territories: ['A', 'B'] },
  ],
  me: 'red',
  reinforcements: 2,
};

/** A line A - E - F - G with a spare territory S behind A. */
const line: BoardInput = {
  territories: [
    { name: 'S', owner: 'red', armies: 2 },
    { name: 'A', owner: 'red', armies: 3, leader: true },
    { name: 'E', owner: 'blue', armies: 1 },
    { name: 'F', owner: 'green', armies: 2, leader: true },
  ],
  links: [
    ['S', 'A'],
    ['A', 'E'],
    ['E', 'F'],
  ],
  continents: [{ name: 'Far', bonus: 3, territories: ['E', 'F'] }],
  me: 'red',
  reinforcements: 2,
};

/** Three territories: mine in the middle of two enemies. */
const middle: BoardInput = {
  territories: [
    { name: 'M', owner: 'red', armies: 4 },
    { name: 'L', owner: 'blue', armies: 2 },
    { name: 'R', owner: 'green', armies: 1, fortress: true },
  ],
  links: [
    ['M', 'L'],
    ['M', 'R'],
  ],
  continents: [{ name: 'Left', bonus: 1, territories: ['L'] }],
  me: 'red',
  reinforcements: 1,
};

const objectives: [string, Objective][] = [
  ['continent', { kind: 'continent', continent: 'East' }],
  ['territories', { kind: 'territories' }],
  ['reinforcements', { kind: 'reinforcements' }],
  ['value', { kind: 'value', territoryWorth: 1.5 }],
];

const switches: [string, Partial<TurnRules>][] = [
  ['defaults', {}],
  ['move in one', { moveIn: 'one' }],
  ['leader moves in', { leaderMovesIn: true }],
  ['house dice: defender 3, ties to the attacker', { defenderDice: 3, ties: 'attacker', fortressBonus: 2 }],
];

function expectSame(input: BoardInput, objective: Objective, rules: Partial<TurnRules>) {
  const brute = bruteForce(input, objective, rules);
  const { solution } = fastSolve(input, objective, rules);
  expect(Math.abs(solution.value - brute.best)).toBeLessThan(1e-9);
  // Every placement the fast solver lists has the brute force's value.
  for (const p of solution.placements) {
    const mine = input.territories.filter((t) => t.owner === input.me).map((t) => t.name);
    const key = mine.map((t) => `${t}=${p.added[t] ?? 0}`).join(',');
    expect(brute.placements.has(key), key).toBe(true);
    expect(Math.abs(p.value - (brute.placements.get(key) as number)), key).toBeLessThan(1e-9);
  }
}

describe('the fast turn solver equals a brute force over every placement and policy', () => {
  for (const [objectiveName, objective] of objectives)
    for (const [switchName, rules] of switches)
      it(`square board, ${objectiveName}, ${switchName}`, () => expectSame(square, objective, rules));

  for (const [objectiveName, objective] of [
    ['continent Far', { kind: 'continent', continent: 'Far' }],
    ['territories', { kind: 'territories' }],
    ['value', { kind: 'value', territoryWorth: 2 }],
  ] as [string, Objective][])
    for (const [switchName, rules] of switches)
      it(`line board with a spare territory, ${objectiveName}, ${switchName}`, () =>
        expectSame(line, objective, rules));

  for (const [objectiveName, objective] of [
    ['continent Left', { kind: 'continent', continent: 'Left' }],
    ['reinforcements', { kind: 'reinforcements' }],
    ['value', { kind: 'value', territoryWorth: 0 }],
  ] as [string, Objective][])
    for (const [switchName, rules] of switches)
      it(`middle board, ${objectiveName}, ${switchName}`, () => expectSame(middle, objective, rules));
});
