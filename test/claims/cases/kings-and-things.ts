import { grid, type ClaimCase } from '../claimCase.js';
import type { Question } from '../../../src/core/model/question.js';

const system = 'kings-and-things';

/** The questions a player asks of a Kings & Things battle: none, a target (the edges too), the advice. */
const QUESTIONS: Question[] = [
  {},
  { target: 0.8 },
  { advise: true },
  { advise: true, target: 0.5 },
  { target: 1 },
  { target: 0.999999 },
];

/** Small stacks: the optimal-play solver is quick on them (a big stack takes a second or more). */
const ATTACKERS = [['Giant:4', 'Elves:2R', 'Goblins'], ['Dragon:3*C', 'Knight:3C'], ['Orc:2']];
const HEXES = [
  { fort: 'none' },
  { fort: 'tower' },
  { fort: 'keep' },
  { fort: 'castle' },
  { fort: 'citadel' },
  { city: true },
  { village: true, fort: 'tower' },
];

const duel = (attacker: Record<string, unknown>, defender: Record<string, unknown>, more = {}) => ({
  type: 'battle',
  attacker,
  defender,
  ...more,
});

export const cases: ClaimCase[] = [
  ...grid({ creatures: ATTACKERS, hex: HEXES, question: QUESTIONS }).map((c): ClaimCase => ({
    system,
    entry: duel({ creatures: c.creatures }, { creatures: ['Ogre', 'Troll'], ...c.hex }),
    question: c.question,
  })),
  // Retreats, loss policies, a crowded retreat hex, an unexplored hex, the post-battle roll.
  ...grid({
    sides: [
      [{ retreat: { whenDownTo: 1 } }, { retreat: { afterRounds: 2 }, fort: 'keep', fortAfterRetreat: 'falls' }],
      [{ retreat: { whenOutnumbered: 2 }, retreatHex: { creatures: 9 } }, { losses: 'protect-strongest' }],
      [{ losses: ['Giant', 'Elves'] }, { losses: 'weakest-first', fort: 'castle', income: ['Gold Mine'] }],
      [
        { retreatHex: false, retreat: { whenDownTo: 2 } },
        { retreat: { whenDownTo: 1 }, fort: 'keep' },
      ],
      [{}, { fort: 'keep', city: true }],
    ],
    question: QUESTIONS.slice(0, 4),
  }).map((c): ClaimCase => ({
    system,
    entry: duel(
      { creatures: ['Giant:4', 'Elves:2R', 'Goblins'], ...c.sides[0] },
      { creatures: ['Ogre', 'Troll'], ...c.sides[1] },
    ),
    question: c.question,
  })),
  ...QUESTIONS.slice(0, 4).map((question): ClaimCase => ({
    system,
    entry: duel({ creatures: ['Giant:4', 'Wolves'] }, { creatures: ['Ogre', 'Troll'] }, { unexplored: true }),
    question,
  })),
  // Edges: an empty hex, a hopeless attack, full stacks, house-rule knobs, a battle too big for optimal play
  // (refused by its size before any work).
  ...[
    duel({ creatures: ['Orc:2'] }, { creatures: [] }),
    duel({ creatures: ['Goblins'] }, { creatures: ['Troll', 'Ogre'], fort: 'citadel' }),
    duel({ creatures: ['10x Goblins:1'] }, { creatures: ['Troll', 'Ogre'], fort: 'castle' }),
    duel({ creatures: [{ name: 'Giant', value: 4, hits: 2 }] }, { creatures: ['Ogre'] }),
    duel(
      {
        creatures: [
          ...['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads', 'Bandits', 'Goblins', 'Ogre', 'Wolves'],
          'Druid:3*',
        ],
      },
      {
        creatures: ['Ogre', 'Troll', 'Archers:2R', 'Wizard:3*', 'Bears', 'Elf Mage', 'Unicorn', 'Cyclops', 'Dinosaur'],
        fort: 'castle',
        city: true,
      },
    ),
  ].flatMap((entry) =>
    [{ advise: true, target: 0.99 }, { target: 1 }].map((question) => ({ system, entry, question })),
  ),
  // The added-creature search cut by its work budget (slow battles: the `hits` house rule).
  {
    system,
    entry: duel(
      { creatures: [{ name: 'Gob', value: 1, hits: 4, count: 8 }] },
      { creatures: [{ name: 'Orc', value: 1, hits: 4, count: 9 }] },
    ),
    question: { target: 0.99 },
  },
  // Several players, owned and over an unexplored hex (sampled only), names with digits among them.
  ...grid({
    players: [
      [{ creatures: ['Ogre'] }, { name: 'Red 2', creatures: ['Giant:4'] }, { creatures: ['Troll'] }],
      [{ creatures: ['Ogre'], fort: 'keep' }, { creatures: ['Giant:4', 'Elves:2R'] }],
    ],
    unexplored: [false, true],
    question: [{}, { advise: true }, { target: 0.7 }, { advise: true, target: 0.9 }] as Question[],
  }).map((c): ClaimCase => ({
    system,
    entry: {
      type: 'multi',
      unexplored: c.unexplored,
      // Nobody has built over an unexplored hex.
      players: c.unexplored ? c.players.map((p) => ({ ...p, fort: undefined })) : c.players,
    },
    question: c.question,
    trials: 5_000,
  })),
  // Explorations: a small cup (exact) with bribes, the whole cup (sampled).
  ...grid({
    entry: [
      {
        type: 'explore',
        explorer: { creatures: ['Giant:4', 'Elves:2R'] },
        cup: ['Goblin:1', 'Orc:2', 'Wizard:3*'],
        bribery: { gold: 5 },
      },
      {
        type: 'explore',
        explorer: { creatures: ['Orc:2'], retreat: { afterRounds: 1 } },
        cup: ['2x Goblin:1', 'Troll:4'],
        bribery: { gold: 1, double: true },
      },
      { type: 'explore', explorer: { creatures: ['Giant:4', 'Elves:2R'] }, bribery: { gold: 12 } },
    ],
    question: [{}, { advise: true, target: 0.9 }] as Question[],
  }).map((c): ClaimCase => ({ system, entry: c.entry, question: c.question, trials: 5_000 })),
  // Sampled answers quote the estimate (and its interval), never the exact value beside it.
  ...[{}, { target: 0.8 }, { advise: true }, { advise: true, target: 0.3 }].map((question): ClaimCase => ({
    system,
    entry: duel({ creatures: ['Giant:4', 'Elves:2R', 'Goblins'] }, { creatures: ['Ogre', 'Troll'], fort: 'keep' }),
    question,
    method: 'sample',
    trials: 5_000,
  })),
  {
    system,
    entry: duel({ creatures: ['Orc:2'] }, { creatures: [] }),
    question: { advise: true },
    method: 'sample',
    trials: 2_000,
  },
];

/** Solved for a fort level and a creature's value (engine/solve/). */
export const solveCases: ClaimCase[] = [
  ...[0.3, 0.95].flatMap((target): ClaimCase[] => [
    {
      system,
      entry: duel(
        { creatures: ['Giant:4', 'Elves:2R', 'Goblins'] },
        { creatures: ['Nomads', 'Goblins'], fort: 'tower' },
      ),
      question: { solveFor: 'defender.fort', target },
    },
    {
      system,
      entry: duel({ creatures: ['Orc:2', 'Goblins'] }, { creatures: ['Nomads'] }),
      question: { solveFor: 'attacker.creatures.0.value', target },
    },
  ]),
];
