/**
 * A turn sampled: each trial plays the answer's policy (answer.ts: the exact planner's optimal policy,
 * or past its budget the sampled planner's) from its placement, one round at a time, and counts how
 * the turn ends. `fast` draws each round's losses from the exact round table (one draw), `faithful`
 * rolls every die; a fallen capitol's ratio is one d100 either way.
 */
import type { Kernel } from '../../../model/contract.js';
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { die, rollSorted } from '../../../random/dice.js';
import { MAX_DICE, roundClass, STRIDE } from '../rules/tables.js';
import { defenderModifiers, turnDiceTables } from '../turn/diceTables.js';
import { keptArmies } from '../turn/conversionRuns.js';
import type { TurnRules } from '../turn/turnRules.js';
import type { TurnState } from '../turn/turnState.js';
import type { Board } from '../turn/board.js';
import { turnAnswer } from './answer.js';
import { recordEnd, type TurnBattlePlan } from './plan.js';

/** One round of from -> to: the attacker's losses (the defender loses the rest of the pairs). */
type Round = (board: Board, rules: TurnRules, state: TurnState, from: number, to: number, rng: Xoshiro128) => number;

const tablesOf = new WeakMap<TurnRules, ReturnType<typeof turnDiceTables>>();
function tables(rules: TurnRules) {
  let found = tablesOf.get(rules);
  if (!found) tablesOf.set(rules, (found = turnDiceTables(rules)));
  return found;
}

const byTables: Round = (board, rules, s, from, to, rng) => {
  const bonus = defenderModifiers((board.fortresses & (1 << to)) !== 0, (board.leaders & (1 << to)) !== 0);
  const t = tables(rules)[(s.leaders & (1 << from) ? 4 : 0) + bonus];
  const c = roundClass(rules, s.armies[from], s.armies[to]);
  const u = rng.nextUint32();
  let loss = 0;
  while (loss < t.pairs[c] && u >= t.thresholds[c * STRIDE + loss]) loss++;
  return loss;
};

const attackerRoll = new Int32Array(MAX_DICE);
const defenderRoll = new Int32Array(MAX_DICE);
const withDice: Round = (board, rules, s, from, to, rng) => {
  const nA = Math.min(rules.attackerDice, s.armies[from] - 1);
  const nD = Math.min(rules.defenderDice, s.armies[to]);
  rollSorted(rng, attackerRoll, nA);
  rollSorted(rng, defenderRoll, nD);
  if (s.leaders & (1 << from)) attackerRoll[0] += rules.leaderBonus;
  if (board.fortresses & (1 << to)) defenderRoll[0] += rules.fortressBonus;
  if (board.leaders & (1 << to)) defenderRoll[0] += rules.leaderBonus;
  let loss = 0;
  for (let i = 0; i < Math.min(nA, nD); i++) {
    const won = rules.ties === 'attacker' ? attackerRoll[i] >= defenderRoll[i] : attackerRoll[i] > defenderRoll[i];
    if (!won) loss++;
  }
  return loss;
};

function makeKernel(round: Round): Kernel<TurnBattlePlan> {
  return (plan, rng, trials, tally) => {
    const answer = turnAnswer(plan);
    const { board, goal, policy, start } = answer;
    const rules = plan.rules;
    const n = board.names.length;
    for (let trial = 0; trial < trials; trial++) {
      const armies = Array.from(start.armies);
      const state: TurnState = { armies, mine: start.mine, leaders: start.leaders, frozen: start.frozen };
      for (;;) {
        const action = policy(state);
        if (action.kind === 'stop') break;
        if (action.kind !== 'attack') throw new Error('a move-in is chosen only right after a conquest');
        const { from, to } = action;
        const nA = Math.min(rules.attackerDice, armies[from] - 1);
        const nD = Math.min(rules.defenderDice, armies[to]);
        const loss = round(board, rules, state, from, to, rng);
        armies[from] -= loss;
        armies[to] -= Math.min(nA, nD) - loss;
        if (armies[to] > 0) continue;
        // Conquest: a fallen capitol's owner's territories convert (one ratio), then the move-in.
        state.mine |= 1 << to;
        const owner = board.owner[to];
        if (owner !== board.me && board.capitolOf[owner] === to) {
          const ratio = die(rng, 100);
          for (let t = 0; t < n; t++)
            if (board.owner[t] === owner && !(state.mine & (1 << t))) {
              armies[t] = keptArmies(armies[t], ratio);
              state.mine |= 1 << t;
              if (!rules.capitolTerritoriesAttack) state.frozen |= 1 << t;
            }
        }
        state.conquest = { from, to, dice: nA };
        const move = policy(state);
        delete state.conquest;
        if (move.kind !== 'moveIn') throw new Error('a conquest must be followed by a move-in');
        armies[from] -= move.armies;
        armies[to] = move.armies;
        if (move.leader) state.leaders ^= (1 << from) | (1 << to);
      }
      recordEnd(board, goal, plan.at, state.mine, armies, 1, tally);
    }
  };
}

export const turnKernels = { fast: makeKernel(byTables), faithful: makeKernel(withDice) };
