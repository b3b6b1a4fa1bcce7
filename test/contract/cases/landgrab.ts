import type { ContractCase } from '../contractCase.js';
import { TURN_BOARD } from '../../claims/cases/landgrab.js';

/** LandGrab battles for the contract suite: every battle type, modifiers and house rules. */
export const cases: ContractCase[] = [
  { system: 'landgrab', label: 'battle', entry: { attackers: 8, defenders: 5 } },
  {
    system: 'landgrab',
    label: 'fortress and leaders',
    entry: { attackers: 9, defenders: 6, fortress: true, defendingLeader: true, attackingLeader: true },
  },
  {
    system: 'landgrab',
    label: 'house rules',
    entry: { attackers: 9, defenders: 6, defenderDice: 3, ties: 'attacker', stopAt: 3 },
  },
  {
    system: 'landgrab',
    label: 'chain',
    entry: {
      type: 'chain',
      attackers: 14,
      path: [{ defenders: 3 }, { defenders: 2, fortress: true }, { defenders: 2 }],
    },
  },
  {
    system: 'landgrab',
    label: 'capitol',
    entry: { type: 'capitol', attackers: 9, defenders: 4, territories: [6, 3, 1] },
  },
  {
    system: 'landgrab',
    label: 'battle under a stop rule',
    entry: { attackers: 16, defenders: 8, stopRule: { minConquest: 0.8 } },
  },
  {
    system: 'landgrab',
    label: 'chain under a stop rule',
    entry: { type: 'chain', attackers: 15, path: [{ defenders: 3 }, { defenders: 3 }], stopRule: { minConquest: 0.7 } },
  },
  {
    system: 'landgrab',
    label: 'battle under a stop rule for value',
    entry: { attackers: 14, defenders: 8, stopRule: { objective: 'value', territoryWorth: 8 } },
  },
  {
    system: 'landgrab',
    label: 'chain under a stop rule for value',
    entry: {
      type: 'chain',
      attackers: 15,
      path: [{ defenders: 3 }, { defenders: 3 }],
      stopRule: { objective: 'value', territoryWorth: 3 },
    },
  },
  {
    system: 'landgrab',
    label: "the defender's spread",
    entry: { type: 'defence', attackers: 12, armies: 9, territories: 3, fortresses: [3] },
  },
  // A whole turn: the kernels replay the exact planner's optimal play; past its budget, the sampled planner's.
  {
    system: 'landgrab',
    label: 'a turn',
    entry: { type: 'turn', board: TURN_BOARD, objective: 'continent:East' },
  },
  {
    system: 'landgrab',
    label: 'a turn for value, past the exact budget',
    entry: { type: 'turn', board: TURN_BOARD, objective: 'value', territoryWorth: 2, maxStates: 50 },
  },
];
