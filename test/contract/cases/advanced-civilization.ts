import type { ContractCase } from '../contractCase.js';

const system = 'advanced-civilization';

/**
 * Advanced Civilization conflicts for the contract suite: fixed (deterministic) and
 * uncertain (sampled) token counts, a city attack, three nations, Metalworking, a fort
 * and both Advantage readings.
 */
export const cases: ContractCase[] = [
  {
    system,
    label: 'fixed conflict',
    entry: {
      limit: 3,
      nations: [
        { name: 'Assyria', tokens: 2 },
        { name: 'Egypt', tokens: 4 },
      ],
    },
  },
  {
    system,
    label: 'uncertain defender against a fort',
    entry: {
      limit: 3,
      nations: [
        { name: 'Assyria', tokens: 6, engineering: true },
        { name: 'Egypt', tokens: { min: 2, max: 8 } },
      ],
      fort: { owner: 'Egypt' },
    },
  },
  {
    system,
    label: 'city attack, own arrival uncertain',
    entry: {
      limit: 2,
      nations: [
        { name: 'Assyria', tokens: { min: 5, max: 9 }, engineering: true },
        { name: 'Babylon', tokens: 0 },
      ],
      city: { owner: 'Babylon' },
    },
  },
  {
    system,
    label: 'fixed city attack',
    entry: {
      limit: 2,
      nations: [
        { name: 'Assyria', tokens: 7 },
        { name: 'Babylon', tokens: 0, metalworking: true },
      ],
      city: { owner: 'Babylon' },
    },
  },
  {
    system,
    label: 'three nations at a city, weighted list',
    entry: {
      limit: 4,
      nations: [
        { name: 'Assyria', tokens: { values: [5, 7, 9], weights: [1, 2, 1] }, metalworking: true },
        { name: 'Babylon', tokens: { min: 1, max: 6 }, engineering: true },
        { name: 'Crete', tokens: 3 },
      ],
      city: { owner: 'Crete' },
    },
  },
  {
    system,
    label: 'Metalworking and Army tokens',
    entry: {
      limit: 4,
      nations: [
        { name: 'Assyria', tokens: 6, armies: 2, military: true, mathematics: true },
        { name: 'Egypt', tokens: { values: [3, 5, 7, 9], weights: [1, 3, 3, 1] }, metalworking: true },
      ],
    },
  },
  {
    system,
    label: 'fort with Engineering, extra-removals',
    entry: {
      limit: 3,
      nations: [
        { name: 'Assyria', tokens: { min: 3, max: 10 } },
        { name: 'Egypt', tokens: 4, engineering: true },
      ],
      fort: { owner: 'Egypt' },
      advantageReading: 'extra-removals',
    },
  },
  {
    system,
    label: 'fixed fort, extra-removals',
    entry: {
      limit: 4,
      nations: [
        { name: 'Assyria', tokens: 4, metalworking: true },
        { name: 'Egypt', tokens: 4 },
      ],
      advantageReading: 'extra-removals',
    },
  },
];
