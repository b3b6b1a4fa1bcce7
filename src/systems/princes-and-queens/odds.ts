/** `battle-odds odds princes-and-queens`: one attack from flags. */
import type { OddsCommand } from '../../engine/system.js';

export const pqOdds: OddsCommand = {
  summary: 'Evaluate a Princes & Queens attack: Battle values, whether the attack is possible, and its result (or --table for every distance and terrain)',
  options: [
    { flags: '--distance <hexes>', parse: 'int', description: "hexes from the attacked hex to the attacker's own Queen, at the end of the move" },
    { flags: '--princes <n>', parse: 'int', description: 'attacking Princes in the hex (1 or 2)', default: '1' },
    { flags: '--defender <kind>', parse: 'text', description: 'prince, two-princes, queen or city' },
    { flags: '--defender-distance <hexes>', parse: 'int', description: "for a defending Prince: hexes to his own Queen" },
    { flags: '--terrain <terrain>', parse: 'text', description: 'terrain of the attacked hex: plain or mountain', default: 'plain' },
    { flags: '--with-city', description: 'a City shares the hex with the defending pawn' },
    { flags: '--ties <reading>', parse: 'text', description: 'equal values: attacker-wins (default reading) or not-possible', default: 'attacker-wins' },
    { flags: '--table', description: 'print the table of every attack across distances, terrain and defenders' },
    { flags: '--max-distance <hexes>', parse: 'int', description: 'with --table: largest distance tabulated', default: '6' },
  ],
  examples: [
    'battle-odds odds princes-and-queens --distance 2 --defender prince --defender-distance 3 --terrain mountain',
    'battle-odds odds princes-and-queens --distance 1 --princes 2 --defender queen --terrain mountain --with-city',
    'battle-odds odds princes-and-queens --table --max-distance 5',
  ],
  toBattle(flags) {
    if (flags.table) return { type: 'table', maxDistance: flags.maxDistance ?? 6, ties: flags.ties ?? 'attacker-wins' };
    return {
      type: 'attack',
      princes: flags.princes ?? 1,
      distance: flags.distance,
      terrain: flags.terrain ?? 'plain',
      defender: flags.defender,
      ...(flags.defenderDistance !== undefined ? { defenderDistance: flags.defenderDistance } : {}),
      withCity: Boolean(flags.withCity),
      ties: flags.ties ?? 'attacker-wins',
    };
  },
};
