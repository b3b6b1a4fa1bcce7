import { describe, expect, it } from 'vitest';
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import type { Objective } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import type { TurnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { conversionRuns, keptArmies } from '../../../../../src/core/systems/landgrab/turn/conversionRuns.js';
import { convertedArmies } from '../../../../../src/core/systems/landgrab/rules/capitol.js';
import { bruteForce } from './bruteForce.js';
import { fastSolve } from './fast.js';

/**
 * Blue's capitol C (a defending leader on it) is next to my A (my leader on it); blue also holds D (5 armies, a leader)
 * and E; green's G touches D, so D may attack G once converted (if the rule allows).
 */
const capitolBoard: BoardInput = {
  territories: [
    { name: 'A', owner: 'red', armies: 4, leader: true },
    { name: 'C', owner: 'blue', armies: 1, capitol: true, leader: true },
    { name: 'D', owner: 'blue', armies: 5, leader: true },
    { name: 'E', owner: 'blue', armies: 2, fortress: true },
    { name: 'G', owner: 'green', armies: 1 },
  ],
  links: [
    ['A', 'C'],
    ['C', 'D'],
    ['D', 'G'],
    ['A', 'E'],
  ],
  continents: [{ name: 'North', bonus: 2, territories: ['D', 'G'] }],
  me: 'red',
  reinforcements: 1,
};

const objectives: [string, Objective][] = [
  ['capitol:blue', { kind: 'capitol', player: 'blue' }],
  ['continent North', { kind: 'continent', continent: 'North' }],
  ['territories', { kind: 'territories' }],
  ['value', { kind: 'value', territoryWorth: 1 }],
];

const switches: [string, Partial<TurnRules>][] = [
  ['defaults', {}],
  ['gained territories may not attack', { capitolTerritoriesAttack: false }],
  ['move in one', { moveIn: 'one' }],
  ['my leader moves in', { leaderMovesIn: true }],
  [
    'every switch turned',
    { moveIn: 'one', leaderMovesIn: true, capitolTerritoriesAttack: false, defenderDice: 3, ties: 'attacker' },
  ],
];

describe('capitol conversion', () => {
  it('groups the 100 ratios into runs with the armies capitol.ts gives', () => {
    const armies = [5, 2, 17, 1];
    const runs = conversionRuns(armies);
    expect(runs.counts.reduce((s, x) => s + x, 0)).toBe(100);
    let r = 1;
    runs.counts.forEach((count, j) => {
      for (let i = 0; i < count; i++, r++) {
        const row = Array.from(runs.vectors.subarray(j * armies.length, (j + 1) * armies.length));
        expect(row).toEqual(armies.map((a) => keptArmies(a, r)));
        expect(row.reduce((s, x) => s + x, 0)).toBe(convertedArmies(armies, r));
      }
    });
    expect(conversionRuns([2]).counts).toEqual([99, 1]);
  });

  for (const [objectiveName, objective] of objectives)
    for (const [switchName, rules] of switches)
      it(`equals the brute force (100 ratios one by one): ${objectiveName}, ${switchName}`, () => {
        const brute = bruteForce(capitolBoard, objective, rules);
        const { solution } = fastSolve(capitolBoard, objective, rules);
        expect(Math.abs(solution.value - brute.best)).toBeLessThan(1e-9);
        for (const p of solution.placements) {
          const key = `A=${p.added.A ?? 0}`;
          expect(Math.abs(p.value - (brute.placements.get(key) as number))).toBeLessThan(1e-9);
        }
      });

  it('converted territories attacking matters: North is likelier when they may', () => {
    const north: Objective = { kind: 'continent', continent: 'North' };
    const may = fastSolve(capitolBoard, north).solution.value;
    const mayNot = fastSolve(capitolBoard, north, { capitolTerritoriesAttack: false }).solution.value;
    expect(may).toBeGreaterThan(0);
    expect(mayNot).toBe(0);
  });
});
