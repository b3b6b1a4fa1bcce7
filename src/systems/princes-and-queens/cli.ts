/** Princes & Queens from the command line: `battle-odds odds princes-and-queens` (one attack). */
import type { OddsCommand, SystemCli } from '../../cli/oddsContract.js';
import { InputError } from '../../engine/inputError.js';
import { MAX_DISTANCE } from './schema.js';

const SOURCE = 'odds princes-and-queens';
const TABLE_SCENARIO = 'scenarios/princes-and-queens-battle-values.json';

export const pqOdds: OddsCommand = {
  summary:
    'Evaluate a Princes & Queens attack: Battle values, whether the attack is possible, and its result ' +
    '(the table of every distance and terrain is a sweep: see --table)',
  options: [
    {
      flags: '--distance <hexes>',
      parse: 'int',
      max: MAX_DISTANCE,
      description: "hexes from the attacked hex to the attacker's own Queen, at the end of the move",
    },
    { flags: '--princes <n>', parse: 'int', max: 2, description: 'attacking Princes in the hex: 1 (default) or 2' },
    { flags: '--defender <kind>', parse: 'text', description: 'prince, two-princes, queen or city' },
    {
      flags: '--defender-distance <hexes>',
      parse: 'int',
      max: MAX_DISTANCE,
      description: 'for a defending Prince: hexes to his own Queen',
    },
    {
      flags: '--terrain <terrain>',
      parse: 'text',
      description: 'terrain of the attacked hex: plain (default) or mountain',
    },
    { flags: '--with-city', description: 'a City shares the hex with the defending pawn' },
    {
      flags: '--ties <reading>',
      parse: 'text',
      description: 'equal values: attacker-wins (default reading) or not-possible',
      default: 'attacker-wins',
    },
    {
      flags: '--prince-floor <reading>',
      parse: 'text',
      description: "a far Prince's value: zero (default: never below 0) or none (5 - distance may go negative)",
      default: 'zero',
    },
    {
      flags: '--table',
      description:
        `the table of every distance, defender and terrain is a sweep now: run \`battle-odds run ${TABLE_SCENARIO}\` ` +
        '(its thresholds.csv gives the farthest distance of each attack)',
    },
    {
      flags: '--max-distance <hexes>',
      parse: 'int',
      max: MAX_DISTANCE,
      description: `with --table: see ${TABLE_SCENARIO} (the distance axis of its sweep)`,
    },
  ],
  examples: [
    'battle-odds odds princes-and-queens --distance 2 --defender prince --defender-distance 3 --terrain mountain',
    'battle-odds odds princes-and-queens --distance 1 --princes 2 --defender queen --terrain mountain --with-city',
    `battle-odds run ${TABLE_SCENARIO}   # the table of attacks, as a sweep`,
  ],
  flagFor(field) {
    const top = field.split(/[.[]/)[0];
    return {
      princeFloor: '--prince-floor',
      defenderDistance: '--defender-distance',
      withCity: '--with-city',
    }[top];
  },
  toBattle(flags) {
    // The table is a sweep (many battles); one question here is one battle. Refused, never silently dropped.
    for (const [name, flag] of [
      ['table', '--table'],
      ['maxDistance', '--max-distance'],
    ] as const) {
      if (flags[name] !== undefined && flags[name] !== false)
        throw new InputError(
          SOURCE,
          flag,
          'the table of attacks across distances, defenders and terrain is a sweep now: ' +
            `run \`battle-odds run ${TABLE_SCENARIO}\` (edit its "sweep" to change the distances)`,
        );
    }
    if (flags.distance === undefined)
      throw new InputError(
        SOURCE,
        '',
        "--distance is required (hexes from the attacked hex to the attacker's own Queen)",
      );
    if (flags.defender === undefined)
      throw new InputError(SOURCE, '', '--defender is required (prince, two-princes, queen or city)');
    return {
      type: 'attack',
      princes: flags.princes ?? 1,
      distance: flags.distance,
      terrain: flags.terrain ?? 'plain',
      defender: flags.defender,
      ...(flags.defenderDistance !== undefined ? { defenderDistance: flags.defenderDistance } : {}),
      withCity: Boolean(flags.withCity),
      ties: flags.ties ?? 'attacker-wins',
      princeFloor: flags.princeFloor ?? 'zero',
    };
  },
};

export const pqCli: SystemCli = { odds: pqOdds };
