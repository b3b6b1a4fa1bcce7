/**
 * How a Princes & Queens attack is asked (the command line's `odds princes-and-queens`, the
 * web page's form): one attack per question; the table of every distance and terrain is a sweep.
 */
import { defineForm } from '../../form/form.js';
import { MAX_DISTANCE } from './schema.js';

const TABLE_SCENARIO = 'scenarios/princes-and-queens-battle-values.json';
const TABLE_IS_A_SWEEP =
  'the table of attacks across distances, defenders and terrain is a sweep now: ' +
  `run \`battle-odds run ${TABLE_SCENARIO}\` (edit its "sweep" to change the distances)`;

/** The defenders a defending Prince's distance is asked for. */
const PRINCES = ['prince', 'two-princes'];

export const princesAndQueensForm = defineForm({
  summary:
    'Evaluate a Princes & Queens attack: Battle values, whether the attack is possible, and its result ' +
    '(the table of every distance and terrain is a sweep: see --table)',
  fields: [
    {
      key: 'distance',
      kind: 'count',
      min: 1,
      max: MAX_DISTANCE,
      required: true,
      cli: {
        flag: '--distance',
        arg: '<hexes>',
        help: "hexes from the attacked hex to the attacker's own Queen, at the end of the move",
        missing: "hexes from the attacked hex to the attacker's own Queen",
      },
      page: {
        label: 'Distance to your Queen',
        help: 'Hexes from the attacked hex to your own Queen, at the end of the move.',
      },
    },
    {
      key: 'princes',
      kind: 'count',
      min: 1,
      max: 2,
      choices: [
        { value: '1', label: 'One Prince' },
        { value: '2', label: 'Two Princes' },
      ],
      leftOut: '1',
      cli: { flag: '--princes', arg: '<n>', help: 'attacking Princes in the hex: 1 (default) or 2' },
      page: { label: 'Attacking Princes' },
    },
    {
      key: 'defender',
      kind: 'choice',
      choices: [
        { value: 'prince', label: 'A Prince' },
        { value: 'two-princes', label: 'Two Princes' },
        { value: 'queen', label: 'The Queen' },
        { value: 'city', label: 'A City' },
      ],
      required: true,
      cli: { flag: '--defender', arg: '<kind>', help: 'prince, two-princes, queen or city' },
      page: { label: 'Defender' },
    },
    {
      key: 'defenderDistance',
      kind: 'count',
      min: 1,
      max: MAX_DISTANCE,
      appliesWhen: { key: 'defender', values: PRINCES },
      cli: { flag: '--defender-distance', arg: '<hexes>', help: 'for a defending Prince: hexes to his own Queen' },
      page: {
        label: "Defending Prince's distance to his Queen",
        help: 'Hexes from him to his own Queen.',
      },
    },
    {
      key: 'terrain',
      kind: 'choice',
      choices: [
        { value: 'plain', label: 'Plain' },
        { value: 'mountain', label: 'Mountain' },
      ],
      leftOut: 'plain',
      cli: { flag: '--terrain', arg: '<terrain>', help: 'terrain of the attacked hex: plain (default) or mountain' },
      page: { label: 'Terrain of the attacked hex' },
    },
    {
      key: 'withCity',
      kind: 'flag',
      appliesWhen: { key: 'defender', values: ['prince', 'two-princes', 'queen'] },
      cli: { flag: '--with-city', help: 'a City shares the hex with the defending pawn' },
      page: { label: 'A City shares the hex', help: 'A City stands in the attacked hex with the defending pawn.' },
    },
    {
      key: 'ties',
      kind: 'choice',
      choices: [
        { value: 'attacker-wins', label: 'The attack goes ahead and wins' },
        { value: 'not-possible', label: 'No attack: it needs a higher value' },
      ],
      default: 'attacker-wins',
      group: 'more',
      cli: {
        flag: '--ties',
        arg: '<reading>',
        help: 'equal values: attacker-wins (default reading) or not-possible',
      },
      page: { label: 'Equal values', help: 'How to read a tie between attack and defence.' },
    },
    {
      key: 'princeFloor',
      kind: 'choice',
      choices: [
        { value: 'zero', label: 'Never below 0' },
        { value: 'none', label: '5 minus the distance, even below 0' },
      ],
      default: 'zero',
      group: 'more',
      cli: {
        flag: '--prince-floor',
        arg: '<reading>',
        help: "a far Prince's value: zero (default: never below 0) or none (5 - distance may go negative)",
      },
      page: { label: "A far Prince's value" },
    },
    {
      key: 'table',
      kind: 'flag',
      cli: {
        flag: '--table',
        help:
          'the table of every distance, defender and terrain is a sweep now: ' +
          `run \`battle-odds run ${TABLE_SCENARIO}\` ` +
          '(its thresholds.csv gives the farthest distance of each attack)',
        retired: TABLE_IS_A_SWEEP,
      },
      page: null,
    },
    {
      key: 'maxDistance',
      kind: 'count',
      min: 1,
      max: MAX_DISTANCE,
      cli: {
        flag: '--max-distance',
        arg: '<hexes>',
        help: `with --table: see ${TABLE_SCENARIO} (the distance axis of its sweep)`,
        retired: TABLE_IS_A_SWEEP,
      },
      page: null,
    },
  ],
  examples: [
    'battle-odds odds princes-and-queens --distance 2 --defender prince --defender-distance 3 --terrain mountain',
    'battle-odds odds princes-and-queens --distance 1 --princes 2 --defender queen --terrain mountain --with-city',
    `battle-odds run ${TABLE_SCENARIO}   # the table of attacks, as a sweep`,
  ],
  toEntry(v) {
    return {
      type: 'attack',
      princes: v.princes ?? 1,
      distance: v.distance,
      terrain: v.terrain ?? 'plain',
      defender: v.defender,
      ...(v.defenderDistance !== undefined ? { defenderDistance: v.defenderDistance } : {}),
      withCity: v.withCity,
      ties: v.ties,
      princeFloor: v.princeFloor,
    };
  },
});
