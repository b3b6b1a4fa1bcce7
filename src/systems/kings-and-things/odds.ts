/** `battle-odds odds kings-and-things`: a quick question from flags. */
import type { OddsCommand } from '../../engine/system.js';

/** "Giant:4, Elves:2R, 2x Goblins" -> entries (commas separate counters). */
function list(text: unknown): string[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** --retreat text: never | rounds:N | outnumbered:R | down-to:K, several joined by '+'. */
export function parseRetreat(text: unknown): unknown {
  if (typeof text !== 'string' || text === '' || text === 'never') return 'never';
  const policy: Record<string, number | string> = {};
  for (const part of text.split('+')) {
    const [key, value] = part.split(':').map((s) => s.trim());
    const n = Number(value);
    if (key === 'rounds') policy.afterRounds = n;
    else if (key === 'outnumbered') policy.whenOutnumbered = n;
    else if (key === 'down-to') policy.whenDownTo = n;
    // Unknown words pass through so the schema names them.
    else policy[key] = value ?? '';
  }
  return policy;
}

export const kingsAndThingsOdds: OddsCommand = {
  summary: 'Odds of a Kings & Things battle (forts, cities, loss and retreat policies), fort-level comparison or exploration',
  options: [
    { flags: '--attackers <list>', parse: 'text', description: "attacking counters, comma-separated: roster names or inline 'Name:value[*RCF]', e.g. \"Giant:4, Elves:2R, Dragon:3*C, 2x Nomads\"" },
    { flags: '--defenders <list>', parse: 'text', description: 'defending creatures and characters, same form', default: '' },
    { flags: '--fort <level>', parse: 'text', description: 'fort in the hex: none, tower, keep, castle, citadel (or 0-4)', default: 'none' },
    { flags: '--city', description: 'the hex has a city (2, melee)' },
    { flags: '--village', description: 'the hex has a village (1, melee)' },
    { flags: '--income <list>', parse: 'text', description: 'special income counters in the hex (post-battle roll only), e.g. "Gold Mine"' },
    { flags: '--attacker-losses <policy>', parse: 'text', description: 'weakest-first, buildings-first, protect-strongest, or a comma list of names', default: 'weakest-first' },
    { flags: '--defender-losses <policy>', parse: 'text', description: 'same choices', default: 'buildings-first' },
    { flags: '--retreat <when>', parse: 'text', description: "attacker retreat: never, rounds:N, outnumbered:R, down-to:K (join with '+')", default: 'never' },
    { flags: '--defender-retreat <when>', parse: 'text', description: 'defender retreat, same form', default: 'never' },
    { flags: '--unexplored', description: 'the hex is unexplored: its defenders never retreat' },
    { flags: '--fort-levels', description: 'compare every fort level with the same attackers (common random numbers; chart)' },
    { flags: '--explore', description: 'exploration: --attackers explore, defenders are drawn from the cup on a 2-5' },
    { flags: '--bribe <gold>', parse: 'int', description: 'with --explore: gold available to bribe drawn defenders' },
  ],
  examples: [
    'battle-odds odds kings-and-things --attackers "Giant:4,Elves:2R,Dragon:3*C" --fort castle --defenders "Nomads,Bandits"',
    'battle-odds odds kings-and-things --attackers "6x Knight:3C" --fort tower --exact',
    'battle-odds odds kings-and-things --attackers "Giant:4,Elves:2R,Dragon:3*C,Nomads" --fort-levels',
    'battle-odds odds kings-and-things --attackers "Old Dragon,Sphinx,Camel Corps" --explore --bribe 5',
  ],
  toBattle(flags) {
    const losses = (text: unknown) => {
      const items = list(text);
      return items.length === 1 ? items[0] : items;
    };
    const attacker = { creatures: list(flags.attackers), losses: losses(flags.attackerLosses ?? 'weakest-first'), retreat: parseRetreat(flags.retreat) };
    if (flags.explore) {
      return { type: 'explore', explorer: attacker, ...(flags.bribe !== undefined ? { bribery: { gold: flags.bribe } } : {}) };
    }
    const fort = /^\d+$/.test(String(flags.fort ?? 'none')) ? Number(flags.fort) : (flags.fort ?? 'none');
    const defender = {
      creatures: list(flags.defenders),
      losses: losses(flags.defenderLosses ?? 'buildings-first'),
      retreat: parseRetreat(flags.defenderRetreat),
      city: Boolean(flags.city),
      village: Boolean(flags.village),
      income: list(flags.income),
    };
    if (flags.fortLevels) return { type: 'fort-levels', unexplored: Boolean(flags.unexplored), attacker, defender };
    return { type: 'battle', unexplored: Boolean(flags.unexplored), attacker, defender: { ...defender, fort } };
  },
};
