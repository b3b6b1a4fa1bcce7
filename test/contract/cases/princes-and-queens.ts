import type { ContractCase } from '../contractCase.js';

const system = 'princes-and-queens';

/**
 * Princes & Queens attacks for the contract suite: the seed's worked examples, a mountain
 * defence, two Princes, a City, and the readings (ties, the Prince floor). Nothing is
 * sampled: the suite checks the round trip, the headline first and the published shape.
 */
export const cases: ContractCase[] = [
  {
    system,
    label: 'seed: a Prince 3 from his Queen attacks a plain City',
    entry: { distance: 3, terrain: 'plain', defender: 'city' },
  },
  {
    system,
    label: 'seed: a mountain Prince one hex from his Queen defends with 8',
    entry: { distance: 1, terrain: 'mountain', defender: 'prince', defenderDistance: 1 },
  },
  {
    system,
    label: 'seed: attacker 2 from his Queen against a mountain Prince 3 from his',
    entry: { type: 'attack', distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 },
  },
  {
    system,
    label: 'mountain defence: a Queen with a City',
    entry: { princes: 2, distance: 1, terrain: 'mountain', defender: 'queen', withCity: true },
  },
  {
    system,
    label: 'two Princes against two Princes',
    entry: { princes: 2, distance: 1, terrain: 'plain', defender: 'two-princes', defenderDistance: 1 },
  },
  {
    system,
    label: 'a City switches to the attacker',
    entry: { princes: 2, distance: 1, terrain: 'mountain', defender: 'city' },
  },
  {
    system,
    label: 'equal values, strict reading',
    entry: { distance: 1, terrain: 'plain', defender: 'queen', ties: 'not-possible' },
  },
  {
    system,
    label: 'no Prince floor',
    entry: { distance: 7, terrain: 'plain', defender: 'prince', defenderDistance: 6, princeFloor: 'none' },
  },
];
