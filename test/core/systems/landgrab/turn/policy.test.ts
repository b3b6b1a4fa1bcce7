/**
 * The optimal policy: replayed with real dice it earns its exact value; no simpler plan beats it; the
 * plan is plain data; its main line is consistent; past a budget the answer is "too large", never wrong.
 */
import { describe, expect, it } from 'vitest';
import { parseBoard, type BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { boardObjective, finalValue, type Objective } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules, type TurnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { createTurnSolver } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import { planTurn } from '../../../../../src/core/systems/landgrab/turn/planTurn.js';
import { placementArray } from '../../../../../src/core/systems/landgrab/turn/solveTurn.js';
import { startState } from '../../../../../src/core/systems/landgrab/turn/turnState.js';
import { replay } from './replay.js';

/** Six territories: my two fronts (a leader on C) against blue (capitol on G) and green. */
const board6: BoardInput = {
  territories: [
    { name: 'A', owner: 'red', armies: 3 },
    { name: 'C', owner: 'red', armies: 4, leader: true },
    { name: 'E', owner: 'blue', armies: 2, fortress: true },
    { name: 'F', owner: 'green', armies: 2, leader: true },
    { name: 'G', owner: 'blue', armies: 2, capitol: true },
    { name: 'H', owner: 'blue', armies: 3 },
  ],
  links: [
    ['A', 'E'],
    ['A', 'F'],
    ['C', 'F'],
    ['C', 'G'],
    ['E', 'F'],
    ['F', 'G'],
    ['G', 'H'],
  ],
  continents: [
    { name: 'East', bonus: 3, territories: ['E', 'F', 'G'] },
    { name: 'Far', bonus: 2, territories: ['H'] },
  ],
  me: 'red',
  reinforcements: 4,
};

function plan(input: BoardInput, objective: Objective, rules: Partial<TurnRules> = {}, maxStates?: number) {
  const board = parseBoard(input);
  const solver = createTurnSolver(board, boardObjective(board, objective), turnRules(rules), { maxStates });
  return { board, solver, plan: planTurn(solver) };
}

const cases: [string, Objective, Partial<TurnRules>][] = [
  ['continent East', { kind: 'continent', continent: 'East' }, {}],
  ['value, a territory worth 2', { kind: 'value', territoryWorth: 2 }, { leaderMovesIn: true }],
  [
    'reinforcements, gained territories may not attack',
    { kind: 'reinforcements' },
    { capitolTerritoriesAttack: false },
  ],
];

describe('the optimal policy', () => {
  it.each(cases)(
    'replayed with real dice earns its exact value within 4 standard errors: %s',
    (_, objective, rules) => {
      const { board, solver, plan: p } = plan(board6, objective, rules);
      if (p.status !== 'planned') throw new Error(p.message);
      const start = startState(board, placementArray(board, p.bestPlacement));
      const { mean, standardError } = replay(solver, start, 10_000, [11, 22, 33, 44]);
      expect(standardError).toBeGreaterThan(0);
      expect(Math.abs(mean - p.value)).toBeLessThan(4 * standardError);
    },
  );

  it.each(cases)('no baseline beats it: %s', (_, objective, rules) => {
    const { plan: p } = plan(board6, objective, rules);
    if (p.status !== 'planned') throw new Error(p.message);
    expect(p.baselines.map((b) => b.name)).toEqual([
      'greedy',
      'greedyOnOptimalPlacement',
      'bestSingleAttack',
      'allOnOne',
    ]);
    for (const b of p.baselines) expect(b.value, b.name).toBeLessThanOrEqual(p.value + 1e-12);
    // The optimal placement played greedily is no better than greedy on its own best placement.
    expect(p.baselines[1].value).toBeLessThanOrEqual(p.baselines[0].value + 1e-12);
  });

  it('the best action at the start has the plan value, and stopping is an action', () => {
    const { board, solver, plan: p } = plan(board6, { kind: 'continent', continent: 'East' });
    if (p.status !== 'planned') throw new Error(p.message);
    const start = startState(board, placementArray(board, p.bestPlacement));
    const options = solver.actionValues(start);
    expect(options[0].action).toEqual({ kind: 'stop' });
    expect(Math.max(...options.map((o) => o.value))).toBeCloseTo(p.value, 14);
    expect(solver.bestAction(start).value).toBeCloseTo(p.value, 14);
    expect(solver.valueOf(start)).toBeCloseTo(p.value, 14);
  });

  it('refuses to answer a state the turn cannot reach', () => {
    const { board, solver } = plan(board6, { kind: 'territories' });
    const start = startState(board, [0, 0, 0, 0, 0, 0]);
    expect(() => solver.valueOf({ ...start, armies: [3, 4, 5, 2, 2, 3] })).toThrow(/E cannot hold 5 armies/);
    expect(() => solver.valueOf({ ...start, mine: 0b000001 })).toThrow(/lose no territory/);
    expect(() => solver.valueOf({ ...start, armies: [3, 4, 2] })).toThrow(/6 armies counts/);
  });

  it('the plan is plain data (structuredClone keeps it whole)', () => {
    const { plan: p } = plan(board6, { kind: 'territories' });
    expect(structuredClone(p)).toEqual(p);
  });

  it('its main line starts with the plan, follows it with falling chances and ends by stopping', () => {
    const { plan: p } = plan(board6, { kind: 'continent', continent: 'East' });
    if (p.status !== 'planned') throw new Error(p.message);
    const line = p.mainLine;
    expect(line[0].pReach).toBe(1);
    expect(line[0].value).toBeCloseTo(p.value, 12);
    expect(line[0].action.kind).toBe('attack');
    expect(line.at(-1)?.action.kind).toBe('stop');
    for (let i = 1; i < line.length; i++) expect(line[i].pReach).toBeLessThanOrEqual(line[i - 1].pReach + 1e-12);
    for (const step of line) {
      if (step.attack) {
        const ends = step.attack.pConquer + step.attack.branches.reduce((s, b) => s + b.p, 0);
        expect(ends).toBeLessThanOrEqual(1 + 1e-9);
      }
      if (step.action.kind === 'moveIn') expect(step.moveIn?.choices[0].action).toEqual(step.action);
    }
  });

  it('past the state budget it answers "too large" with the count reached, not a value', () => {
    const { plan: p } = plan(board6, { kind: 'continent', continent: 'East' }, {}, 100);
    expect(p.status).toBe('too-large');
    if (p.status !== 'too-large') return;
    expect(p.budget).toBe('states');
    expect(p.reached).toBe(100);
    expect(p.limit).toBe(100);
  });

  it('a fortification move would change no objective: final values ignore how my armies are spread', () => {
    const board = parseBoard(board6);
    const armies = [3, 4, 2, 2, 2, 3];
    const moved = [6, 1, 2, 2, 2, 3]; // 3 armies from C to A at the end of the turn
    for (const objective of [
      { kind: 'continent', continent: 'East' },
      { kind: 'territories' },
      { kind: 'reinforcements' },
      { kind: 'value', territoryWorth: 1.5 },
    ] as Objective[]) {
      const goal = boardObjective(board, objective);
      expect(finalValue(board, goal, board.mine, moved)).toBe(finalValue(board, goal, board.mine, armies));
    }
  });
});
