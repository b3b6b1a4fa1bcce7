/**
 * Plays a turn by the solver's policy with real dice (xoshiro128**), for the Monte Carlo check. The dice,
 * the conquest, the conversion and the move-in are done here, apart from src/'s transitions.
 */
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import type { TurnSolver } from '../../../../../src/core/systems/landgrab/turn/turnSolver.js';
import type { TurnState } from '../../../../../src/core/systems/landgrab/turn/turnState.js';
import { finalValue } from '../../../../../src/core/systems/landgrab/turn/objective.js';

const die = (rng: Xoshiro128) => 1 + Math.floor(rng.nextFloat() * 6);

/** One turn from `start` under the solver's policy; returns the final board's objective. */
export function replayOnce(solver: TurnSolver, start: TurnState, rng: Xoshiro128): number {
  const { board, rules } = solver;
  const bit = (t: number) => 1 << t;
  let state: TurnState = { ...start, armies: Array.from(start.armies) };
  for (;;) {
    const { action } = solver.bestAction(state);
    if (action.kind === 'stop') return finalValue(board, solver.goal, state.mine, state.armies);
    if (action.kind === 'moveIn') {
      const armies = Array.from(state.armies);
      const { from, to } = state.conquest!;
      armies[from] -= action.armies;
      armies[to] = action.armies;
      const leaders = action.leader ? state.leaders ^ bit(from) ^ bit(to) : state.leaders;
      state = { armies, mine: state.mine, leaders, frozen: state.frozen };
      continue;
    }
    const { from, to } = action;
    const armies = Array.from(state.armies);
    const nA = Math.min(rules.attackerDice, armies[from] - 1);
    const nD = Math.min(rules.defenderDice, armies[to]);
    const attack = Array.from({ length: nA }, () => die(rng)).sort((x, y) => y - x);
    const defend = Array.from({ length: nD }, () => die(rng)).sort((x, y) => y - x);
    if (state.leaders & bit(from)) attack[0] += rules.leaderBonus;
    if (board.fortresses & bit(to)) defend[0] += rules.fortressBonus;
    if (board.leaders & bit(to)) defend[0] += rules.leaderBonus;
    for (let i = 0; i < Math.min(nA, nD); i++) {
      const attackerWins = rules.ties === 'attacker' ? attack[i] >= defend[i] : attack[i] > defend[i];
      if (attackerWins) armies[to]--;
      else armies[from]--;
    }
    let mine = state.mine;
    let frozen = state.frozen;
    let conquest: TurnState['conquest'];
    if (armies[to] === 0) {
      mine |= bit(to);
      conquest = { from, to, dice: nA };
      const owner = board.owner[to];
      if (board.capitolOf[owner] === to) {
        const ratio = 1 + Math.floor(rng.nextFloat() * 100);
        for (let t = 0; t < board.names.length; t++)
          if (board.owner[t] === owner && !(mine & bit(t))) {
            armies[t] = Math.max(1, Math.floor((armies[t] * ratio) / 100));
            mine |= bit(t);
            if (!rules.capitolTerritoriesAttack) frozen |= bit(t);
          }
      }
    }
    state = { armies, mine, leaders: state.leaders, frozen, ...(conquest ? { conquest } : {}) };
  }
}

/** Mean and standard error of `runs` replays. */
export function replay(solver: TurnSolver, start: TurnState, runs: number, seed: [number, number, number, number]) {
  const rng = Xoshiro128.fromState(seed);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < runs; i++) {
    const v = replayOnce(solver, start, rng);
    sum += v;
    squares += v * v;
  }
  const mean = sum / runs;
  const variance = Math.max(0, squares / runs - mean * mean) * (runs / (runs - 1));
  return { mean, standardError: Math.sqrt(variance / runs) };
}
