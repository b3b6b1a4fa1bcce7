/** `battle-odds odds princes-and-queens`: one attack from flags, or the whole table. */
import type { OddsCommand } from '../../engine/system.js';
import { InputError } from '../../engine/inputError.js';

const SOURCE = 'odds princes-and-queens';

/** Flags that describe one attack, so they make no sense with --table (and are not silently dropped). */
const ATTACK_FLAGS: Array<[string, string]> = [
  ['distance', '--distance'],
  ['princes', '--princes'],
  ['defender', '--defender'],
  ['defenderDistance', '--defender-distance'],
  ['terrain', '--terrain'],
  ['withCity', '--with-city'],
];

export const pqOdds: OddsCommand = {
  summary:
    'Evaluate a Princes & Queens attack: Battle values, whether the attack is possible, and its result (or --table for every distance and terrain)',
  options: [
    {
      flags: '--distance <hexes>',
      parse: 'int',
      description: "hexes from the attacked hex to the attacker's own Queen, at the end of the move",
    },
    { flags: '--princes <n>', parse: 'int', description: 'attacking Princes in the hex: 1 (default) or 2' },
    { flags: '--defender <kind>', parse: 'text', description: 'prince, two-princes, queen or city' },
    {
      flags: '--defender-distance <hexes>',
      parse: 'int',
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
        'print, for one and two attacking Princes in each terrain, the farthest distance at which each attack is still possible; with --out, the full table as CSV and a heatmap',
    },
    {
      flags: '--max-distance <hexes>',
      parse: 'int',
      description: 'with --table: largest distance tabulated (default 6)',
    },
  ],
  examples: [
    'battle-odds odds princes-and-queens --distance 2 --defender prince --defender-distance 3 --terrain mountain',
    'battle-odds odds princes-and-queens --distance 1 --princes 2 --defender queen --terrain mountain --with-city',
    'battle-odds odds princes-and-queens --table --max-distance 5 --out results/pq-table',
  ],
  flagFor(field) {
    const top = field.split(/[.[]/)[0];
    return {
      princeFloor: '--prince-floor',
      maxDistance: '--max-distance',
      defenderDistance: '--defender-distance',
      withCity: '--with-city',
    }[top];
  },
  toBattle(flags) {
    const ties = flags.ties ?? 'attacker-wins';
    const princeFloor = flags.princeFloor ?? 'zero';
    if (flags.table) {
      const given = ATTACK_FLAGS.filter(([name]) => flags[name] !== undefined && flags[name] !== false).map(
        ([, flag]) => flag,
      );
      if (given.length)
        throw new InputError(
          SOURCE,
          '',
          `${given.join(', ')} ${given.length === 1 ? 'does' : 'do'} not apply with --table: the table covers every distance, defender and terrain`,
        );
      return { type: 'table', maxDistance: flags.maxDistance ?? 6, ties, princeFloor };
    }
    if (flags.maxDistance !== undefined) throw new InputError(SOURCE, '', '--max-distance applies only with --table');
    if (flags.distance === undefined)
      throw new InputError(
        SOURCE,
        '',
        "--distance is required (hexes from the attacked hex to the attacker's own Queen), or use --table",
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
      ties,
      princeFloor,
    };
  },
};
