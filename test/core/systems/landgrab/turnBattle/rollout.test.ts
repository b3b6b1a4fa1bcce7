/**
 * The sampled planner's exact lower bound: the rollout valued exactly when its play is small enough,
 * else the best single attack after an all-on-one placement, recomputed here battle by battle; either
 * is at most the exact optimum, and the rollout policy never attacks once a probability objective is met.
 */
import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../../../../src/core/systems/landgrab/turn/board.js';
import {
  boardObjective,
  finalValue,
  objectiveFromText,
} from '../../../../../src/core/systems/landgrab/turn/objective.js';
import { turnRules } from '../../../../../src/core/systems/landgrab/turn/turnRules.js';
import { turnMoves } from '../../../../../src/core/systems/landgrab/turn/turnMoves.js';
import { startState } from '../../../../../src/core/systems/landgrab/turn/turnState.js';
import { singleAttackValue } from '../../../../../src/core/systems/landgrab/turn/baselines.js';
import { placementSpace } from '../../../../../src/core/systems/landgrab/turn/placements.js';
import { createTurnSolver } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import { solveTurn } from '../../../../../src/core/systems/landgrab/turn/solveTurn.js';
import { rolloutPlan, rolloutPolicy } from '../../../../../src/core/systems/landgrab/turnBattle/rollout.js';
import { boardInput } from '../../../../../src/core/systems/landgrab/turnBattle/schema.js';
import { TURN_BOARD } from '../../../../claims/cases/landgrab.js';

const board = parseBoard(boardInput(TURN_BOARD as never));
const rules = turnRules();

describe('the sampled planner', () => {
  it.each(['continent:East', 'territories', 'capitol:blue'])('bounds the optimum from below: %s', (text) => {
    const goal = boardObjective(board, objectiveFromText(text));
    const optimum = solveTurn(createTurnSolver(board, goal, rules));
    if (optimum.status !== 'solved') throw new Error(optimum.message);
    const played = rolloutPlan(board, goal, rules);
    expect(played.lowerBound.kind).toBe('rollout');
    expect(played.lowerBound.value).toBeLessThanOrEqual(optimum.value + 1e-12);
    // With no room to value its play, the bound is the best single attack after an all-on-one placement.
    const attacked = rolloutPlan(board, goal, rules, 1);
    const moves = turnMoves(board, rules);
    let best = -Infinity;
    const { fronts, reinforcements } = placementSpace(board);
    for (const f of fronts) {
      const added = board.names.map((_, t) => (t === f ? reinforcements : 0));
      const start = startState(board, added);
      best = Math.max(best, finalValue(board, goal, start.mine, start.armies));
      for (let from = 0; from < board.names.length; from++)
        for (let to = 0; to < board.names.length; to++)
          if (moves.canAttack(start, from, to))
            best = Math.max(best, singleAttackValue(board, goal, moves, rules, start, from, to));
    }
    expect(attacked.lowerBound.kind).not.toBe('rollout');
    expect(attacked.lowerBound.value).toBeCloseTo(best, 12);
    expect(attacked.lowerBound.value).toBeLessThanOrEqual(optimum.value + 1e-12);
  });

  it('stops once a probability objective is met, and moves all but one in', () => {
    const goal = boardObjective(board, objectiveFromText('continent:Far'));
    const play = rolloutPolicy(board, goal, rules);
    const start = startState(board, [0, 4, 0, 0, 0, 0]);
    const held = { ...start, mine: start.mine | (1 << board.names.indexOf('H')) };
    expect(play(held)).toEqual({ kind: 'stop' });
    const first = play(start);
    expect(first.kind).toBe('attack');
    const pending = { ...start, armies: [5, 6, 3, 2, 0, 3], conquest: { from: 1, to: 4, dice: 3 } };
    expect(play(pending)).toEqual({ kind: 'moveIn', armies: 5, leader: false });
  });
});
