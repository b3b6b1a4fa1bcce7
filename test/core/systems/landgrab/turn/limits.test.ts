import { describe, expect, it } from 'vitest';
import { parseBoard, type BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';
import { boardObjective } from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { createTurnSolver, defaultMaxStates } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import { solveTurn } from '../../../../../src/core/systems/landgrab/turn/solveTurn.js';
import { benchBoard } from './benchBoard.js';
import { fastSolve } from './fast.js';

describe('limits', () => {
  it('the default state budget keeps the table under 1 GiB', () => {
    expect(defaultMaxStates(1)).toBe(2 ** 24);
    for (const width of [1, 2, 3, 4, 5]) {
      const slot = 8 * width + 8;
      // At the last doubling the old and the new arrays live together: 1.5 x the final table, 2 slots per state.
      expect(1.5 * 2 * defaultMaxStates(width) * slot).toBeLessThanOrEqual(2 ** 30);
    }
  });

  it('recurses as deep as the largest board allows (1000 armies, one die a side) without running out of stack', () => {
    const path: BoardInput = {
      territories: [
        { name: 'X', owner: 'red', armies: 200 },
        { name: 'Y1', owner: 'blue', armies: 200 },
        { name: 'Y2', owner: 'blue', armies: 200 },
        { name: 'Y3', owner: 'blue', armies: 200 },
      ],
      links: [
        ['X', 'Y1'],
        ['Y1', 'Y2'],
        ['Y2', 'Y3'],
      ],
      continents: [{ name: 'P', bonus: 1, territories: ['Y1', 'Y2', 'Y3'] }],
      me: 'red',
      reinforcements: 200,
    };
    const { solution } = fastSolve(path, { kind: 'continent', continent: 'P' }, { attackerDice: 1, defenderDice: 1 });
    expect(solution.value).toBeGreaterThan(0);
    expect(solution.value).toBeLessThan(1e-20);
  });

  it('refuses more placements than its budget, saying how many', () => {
    const board = parseBoard(benchBoard(8));
    const solver = createTurnSolver(board, boardObjective(board, { kind: 'territories' }), turnRules());
    const answer = solveTurn(solver, { maxPlacements: 100 });
    expect(answer).toMatchObject({ status: 'too-large', budget: 'placements', reached: 165, limit: 100 });
  });

  it('pins the bench board with 2 reinforcements', () => {
    const { solution } = fastSolve(benchBoard(2), { kind: 'continent', continent: 'East' });
    expect(solution.placements).toHaveLength(10);
    expect(solution.value).toBeCloseTo(0.4826231543573537, 13);
    expect(solution.bestPlacement).toEqual({ C: 2 });
  });
});
