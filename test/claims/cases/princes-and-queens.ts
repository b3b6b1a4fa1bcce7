import { grid, type ClaimCase } from '../claimCase.js';
import type { Question } from '../../../src/core/model/question.js';

const system = 'princes-and-queens';

/**
 * Nothing is random: a question adds from how far the attack works (the target is moot). The
 * verdict without a question is the first lines of the one with it: the broad grid asks advice.
 */
const QUESTIONS: Question[] = [{}, { target: 0.8 }];

const DEFENDERS = [
  { defender: 'prince', defenderDistance: 1 },
  { defender: 'prince', defenderDistance: 3 },
  { defender: 'prince', defenderDistance: 6 },
  { defender: 'two-princes', defenderDistance: 2 },
  { defender: 'two-princes', defenderDistance: 5 },
  { defender: 'queen' },
  { defender: 'city' },
];

export const cases: ClaimCase[] = [
  ...grid({
    princes: [1, 2],
    distance: [1, 2, 3, 4, 5, 6],
    defence: DEFENDERS,
    terrain: ['plain', 'mountain'],
    withCity: [false, true],
    ties: ['attacker-wins', 'not-possible'],
  })
    .filter((c) => !(c.withCity && c.defence.defender === 'city'))
    .map((c): ClaimCase => ({
      system,
      entry: {
        princes: c.princes,
        distance: c.distance,
        terrain: c.terrain,
        ...c.defence,
        withCity: c.withCity,
        ties: c.ties,
      },
      question: { advise: true },
    })),
  ...grid({ distance: [2, 5], defence: DEFENDERS, terrain: ['plain', 'mountain'], question: QUESTIONS }).map(
    (c): ClaimCase => ({
      system,
      entry: { distance: c.distance, terrain: c.terrain, ...c.defence },
      question: c.question,
    }),
  ),
  // A Prince far from his Queen with no floor: negative values, never doubled in a mountain.
  ...grid({
    distance: [4, 7, 9],
    terrain: ['plain', 'mountain'],
    defenderDistance: [6, 8],
    question: [{}, { advise: true }],
  }).map((c): ClaimCase => ({
    system,
    entry: {
      distance: c.distance,
      terrain: c.terrain,
      defender: 'prince',
      defenderDistance: c.defenderDistance,
      princeFloor: 'none',
    },
    question: c.question,
  })),
  // Far from the Queen: the floor at zero, and an attack that works from any distance.
  ...[
    { distance: 50, defender: 'prince', defenderDistance: 50 },
    { distance: 8, defender: 'two-princes', defenderDistance: 7 },
  ].map((e): ClaimCase => ({ system, entry: { terrain: 'mountain', ...e }, question: { advise: true } })),
];

/** Solved for a distance (engine/solve/): nothing is random, so the curve is 0 or 1. */
export const solveCases: ClaimCase[] = [
  ...[
    { solveFor: 'distance', target: 1 },
    { solveFor: 'defenderDistance', target: 0.5 },
  ].map((question): ClaimCase => ({
    system,
    entry: { distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 },
    question,
  })),
];
