import { grid, type ClaimCase } from '../claimCase.js';
import type { Question } from '../../../src/core/model/question.js';

const system = 'advanced-civilization';

/** The questions a player asks of a conflict: none, a target, advice, a certainty. */
const QUESTIONS: Question[] = [{}, { target: 0.8 }, { advise: true }, { target: 1 }];

/** Two nations, the attacker first (its fields `a`), the defender B (`b`). */
function duel(limit: number, a: Record<string, unknown>, b: Record<string, unknown>, extra = {}) {
  return {
    limit,
    nations: [
      { name: 'A', ...a },
      { name: 'B', ...b },
    ],
    ...extra,
  };
}

/** The area: nothing, a fort (by Engineering), a city, both; either side's. */
const AREAS: Array<Record<string, unknown>> = [
  {},
  { fort: { owner: 'B' } },
  { fort: { owner: 'A' } },
  { city: { owner: 'B' } },
  { city: { owner: 'A' } },
  { fort: { owner: 'B' }, city: { owner: 'B' } },
  { fort: { owner: 'A' }, city: { owner: 'B' } },
];

const TECHS = [
  [{}, {}],
  [{ engineering: true }, {}],
  [{}, { engineering: true }],
  [
    { metalworking: true, military: true, armies: 1 },
    { mathematics: true, armies: 2 },
  ],
] as const;

/** Army tokens a technology set names (0 when it names none). */
function armiesOf(techs: object): number {
  return 'armies' in techs ? Number(techs.armies) : 0;
}

export const cases: ClaimCase[] = [
  // Known counts: every outcome kind (alone, both stay, the city standing, empty, ties), forts and cities.
  ...grid({ limit: [1, 3], a: [0, 2, 5, 9], b: [0, 4, 6], area: AREAS, techs: TECHS })
    .filter((c) => c.a >= armiesOf(c.techs[0]) && c.b >= armiesOf(c.techs[1]))
    .map((c): ClaimCase => ({
      system,
      entry: duel(c.limit, { tokens: c.a, ...c.techs[0] }, { tokens: c.b, ...c.techs[1] }, c.area),
    })),
  // The question on a grid of known counts, both readings, Metalworking, Military and Mathematics.
  ...grid({
    a: [2, 5, 8],
    area: AREAS,
    techs: [TECHS[0], TECHS[3]],
    reading: ['order', 'extra-removals'],
    question: QUESTIONS,
  })
    .filter((c) => c.a >= armiesOf(c.techs[0]))
    .map((c): ClaimCase => ({
      system,
      entry: duel(
        3,
        { tokens: c.a, ...c.techs[0] },
        { tokens: 4, ...c.techs[1] },
        {
          ...c.area,
          advantageReading: c.reading,
        },
      ),
      question: c.question,
    })),
  // The rules' readings where they change a sentence.
  ...grid({
    tokens: [
      [9, 2],
      [8, 8],
      [12, 1],
    ],
    fortWhereCityDestroyed: ['removed', 'by-control'],
    replacedCityTieBreak: ['owner', 'none'],
  }).map((c): ClaimCase => ({
    system,
    entry: duel(
      2,
      { tokens: c.tokens[0], engineering: true },
      { tokens: c.tokens[1] },
      {
        fort: { owner: 'B' },
        city: { owner: 'B' },
        fortWhereCityDestroyed: c.fortWhereCityDestroyed,
        replacedCityTieBreak: c.replacedCityTieBreak,
      },
    ),
  })),
  // Three nations: a fort whose bonus reads "any" or "all" opponents with Engineering, a city of the third.
  ...grid({ opponents: ['any', 'all'], question: [{}, { target: 0.8 }] }).map((c): ClaimCase => ({
    system,
    entry: {
      limit: 4,
      nations: [
        { name: 'Assyria 2', tokens: 8, engineering: true },
        { name: 'Babylon', tokens: 2 },
        { name: 'Crete', tokens: 3, metalworking: true },
      ],
      fort: { owner: 'Babylon' },
      city: { owner: 'Crete' },
      fortEngineeringOpponents: c.opponents,
    },
    question: c.question,
  })),
  ...[{}, { advise: true }].map((question): ClaimCase => ({
    system,
    entry: {
      limit: 2,
      nations: [
        { name: 'A', tokens: 6 },
        { name: 'B', tokens: 6 },
        { name: 'C', tokens: 6 },
      ],
    },
    question,
  })),
  // Uncertain counts: exact by enumeration, with every question.
  ...grid({
    a: [6, { min: 2, max: 9 }, { values: [3, 5, 8], weights: [1, 2, 1] }],
    b: [{ min: 2, max: 6 }, { values: [1, 7] }],
    area: [{}, { fort: { owner: 'B' } }, { city: { owner: 'B' } }],
    question: QUESTIONS,
  }).map((c): ClaimCase => ({
    system,
    entry: duel(3, { tokens: c.a }, { tokens: c.b }, c.area),
    question: c.question,
  })),
  // No count up to the search's end is enough: equal counts remove together at limit 0.
  ...[{}, { advise: true }].map((question): ClaimCase => ({
    system,
    entry: duel(0, { tokens: 150 }, { tokens: 200 }),
    question,
  })),
  // "How many tokens?" asked directly: the attacker's count left out.
  ...grid({
    area: [{ fort: { owner: 'B' } }, { city: { owner: 'B' } }, { city: { owner: 'A' } }],
    b: [4, { min: 2, max: 6 }],
    question: [{ target: 0.8 }, { target: 1 }, { advise: true }],
  }).map((c): ClaimCase => ({
    system,
    entry: duel(3, { armies: 0 }, { tokens: c.b }, c.area),
    question: c.question,
  })),
  {
    system,
    entry: duel(3, { armies: 3, military: true }, { tokens: { min: 2, max: 6 } }, { fort: { owner: 'B' } }),
    question: { target: 0.8 },
  },
  // Sampled: the verdict quotes the estimate (and its interval), never the exact value beside it.
  ...[{}, { target: 0.8 }].map((question): ClaimCase => ({
    system,
    entry: duel(3, { tokens: 6 }, { tokens: { min: 2, max: 8 } }, { fort: { owner: 'B' } }),
    question,
    method: 'sample',
    trials: 20_000,
  })),
  // Too many combinations to search: said with its numbers.
  {
    system,
    entry: {
      limit: 3,
      nations: [
        { name: 'A', tokens: 9 },
        { name: 'B', tokens: { min: 0, max: 120 } },
        { name: 'C', tokens: { min: 0, max: 120 } },
      ],
    },
    question: { target: 0.5 },
    trials: 5_000,
  },
];

/** Solved for tokens and the population limit (engine/solve/). */
export const solveCases: ClaimCase[] = [
  ...grid({ solveFor: ['nations.0.tokens', 'nations.1.tokens.max'], target: [0.5, 0.9] }).map(
    (question): ClaimCase => ({
      system,
      entry: duel(3, { tokens: 6 }, { tokens: { min: 2, max: 5 } }, { fort: { owner: 'B' } }),
      question,
    }),
  ),
];
