import { grid, type ClaimCase } from '../claimCase.js';
import type { Question } from '../../../src/core/model/question.js';

const system = 'landgrab';

/** The questions a player asks of a LandGrab battle: none, a target, the three objectives, the edge targets. */
const QUESTIONS: Question[] = [
  {},
  { target: 0.6 },
  { advise: true },
  { advise: true, target: 0.5 },
  { advise: true, objective: 'conquest' },
  { advise: true, objective: 'value', territoryWorth: 3 },
  { advise: true, objective: 'value', territoryWorth: 15 },
  { advise: true, target: 1 },
  { target: 0.999999 },
];

/** A small board for turns: red's two fronts (a leader on C) against blue (capitol on G, a fortress) and green. */
export const TURN_BOARD = {
  me: 'red',
  territories: [
    { name: 'A', owner: 'red', armies: 5 },
    { name: 'C', owner: 'red', armies: 4, leader: true },
    { name: 'E', owner: 'blue', armies: 3, fortress: true },
    { name: 'F', owner: 'green', armies: 2, leader: true },
    { name: 'G', owner: 'blue', armies: 2, capitol: true },
    { name: 'H', owner: 'blue', armies: 3 },
  ],
  adjacent: [
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
  reinforcements: 4,
};

const MODIFIERS = [{}, { fortress: true }, { fortress: true, defendingLeader: true }, { attackingLeader: true }];

export const cases: ClaimCase[] = [
  ...grid({ attackers: [2, 3, 5, 12, 18], defenders: [1, 2, 8], modifiers: MODIFIERS, question: QUESTIONS }).map(
    (c): ClaimCase => ({
      system,
      entry: { type: 'battle', attackers: c.attackers, defenders: c.defenders, ...c.modifiers },
      question: c.question,
    }),
  ),
  ...QUESTIONS.map((question): ClaimCase => ({
    system,
    entry: { type: 'battle', attackingArmies: 7, defenders: 5, ties: 'attacker', attackerDice: 2 },
    question,
  })),
  ...grid({ path: [[3, 5, 2], [1, 1], [6]], question: QUESTIONS }).map((c): ClaimCase => ({
    system,
    entry: { type: 'chain', attackers: 20, path: c.path.map((defenders, i) => ({ defenders, fortress: i === 1 })) },
    question: c.question,
  })),
  ...[{}, { target: 0.7 }, { target: 1 }].map((question): ClaimCase => ({
    system,
    entry: { type: 'capitol', attackers: 12, defenders: 6, territories: [10, 4, 1] },
    question,
  })),
  ...[{ attackers: 30 }, { attackingArmies: 7 }, { attackers: 2 }].map((force): ClaimCase => ({
    system,
    entry: { type: 'defence', ...force, armies: 12, territories: 3 },
  })),
  ...[{ minConquest: 0.75 }, { objective: 'value', territoryWorth: 15 }].map((stopRule): ClaimCase => ({
    system,
    entry: { type: 'battle', attackers: 18, defenders: 8, stopRule },
  })),
  // House rules to their limits: leader and fortress bonuses 0 to 6 (an attacking leader's +6 makes a
  // conquest certain), ties to either side; certainty asked for, with and without a stop rule.
  ...grid({
    leaderBonus: [0, 3, 6],
    fortressBonus: [0, 6],
    ties: ['defender', 'attacker'],
    sides: [{ attackingLeader: true, fortress: true }, { defendingLeader: true }],
    question: [{}, { target: 1 }, { advise: true, target: 1 }, { advise: true }],
  }).map((c): ClaimCase => ({
    system,
    entry: {
      type: 'battle',
      attackers: 5,
      defenders: 3,
      ...c.sides,
      leaderBonus: c.leaderBonus,
      fortressBonus: c.fortressBonus,
      ties: c.ties,
    },
    question: c.question,
  })),
  ...grid({ leaderBonus: [0, 6], question: [{ advise: true }, { target: 1 }] }).map((c): ClaimCase => ({
    system,
    entry: { type: 'battle', attackers: 6, defenders: 2, attackingLeader: true, leaderBonus: c.leaderBonus },
    question: c.question,
    method: 'sample',
    trials: 20_000,
  })),
  // Sampled answers quote the estimate (and its interval), never the exact value beside it.
  ...[{}, { advise: true }, { target: 0.9 }].map((question): ClaimCase => ({
    system,
    entry: { type: 'battle', attackers: 12, defenders: 8, fortress: true },
    question,
    method: 'sample',
    trials: 20_000,
  })),
  {
    system,
    entry: { type: 'chain', attackers: 20, path: [{ defenders: 3 }, { defenders: 5 }] },
    question: { advise: true },
    method: 'sample',
    trials: 20_000,
  },
];

/** Whole turns (type turn): every objective, exact and sampled, and past the exact planner's budget. */
const turn = (extra: Record<string, unknown>) => ({ type: 'turn', board: TURN_BOARD, ...extra });
cases.push(
  ...[
    { objective: 'continent:East' },
    { objective: 'capitol:blue', leaderMovesIn: true },
    { objective: 'territories', capitolTerritoriesAttack: false },
    { objective: 'reinforcements', moveIn: 'one' },
    { objective: 'value', territoryWorth: 3 },
    { objective: 'value' },
    { objective: 'continent:East', board: { ...TURN_BOARD, reinforcements: 0 } },
  ].map((extra): ClaimCase => ({ system, entry: turn(extra) })),
  ...[{ objective: 'continent:East' }, { objective: 'value', territoryWorth: 2 }].map((extra): ClaimCase => ({
    system,
    entry: turn(extra),
    method: 'sample',
    trials: 4_000,
  })),
  // Past the budget: the sampled planner (its play valued exactly as the lower bound).
  ...[{ objective: 'continent:East' }, { objective: 'territories' }].map((extra): ClaimCase => ({
    system,
    entry: turn({ ...extra, maxStates: 50 }),
    trials: 4_000,
  })),
);

/** Solved for a rule knob (engine/solve/): the answer's sentence quotes decisions.solvedFor by name. */
export const solveCases: ClaimCase[] = [
  ...grid({
    solveFor: ['fortressBonus', 'stopAt', 'defenders', 'attackerDice', 'leaderBonus'],
    target: [0.5, 0.8, 0.999],
  }).map((q): ClaimCase => ({
    system,
    entry: { type: 'battle', attackers: 12, defenders: 8, fortress: true, defendingLeader: true },
    question: q,
  })),
  ...[
    { solveFor: 'attackers', target: 0.8 },
    { solveFor: 'stopAt', target: 0.3, advise: true },
  ].map((question): ClaimCase => ({ system, entry: { type: 'battle', attackers: 18, defenders: 8 }, question })),
  {
    system,
    entry: { type: 'chain', attackers: 20, path: [{ defenders: 3 }, { defenders: 5, fortress: true }] },
    question: { solveFor: 'path.1.defenders', target: 0.5 },
  },
  // Sampled: the sentence quotes estimates with their intervals.
  {
    system,
    entry: { type: 'battle', attackers: 12, defenders: 8, fortress: true },
    question: { solveFor: 'fortressBonus', target: 0.5 },
    method: 'sample',
    trials: 20_000,
  },
  // A turn solved for a number of its board.
  {
    system,
    entry: { type: 'turn', board: TURN_BOARD, objective: 'continent:East' },
    question: { solveFor: 'board.territories.4.armies', target: 0.9 },
  },
];
