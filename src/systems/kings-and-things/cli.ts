/** `battle-odds odds kings-and-things`: a quick question from flags (one battle per question). */
import type { OddsCommand, SystemCli } from '../../cli/oddsContract.js';
import { InputError } from '../../engine/inputError.js';
import { FORT_AFTER_RETREAT, LOSS_POLICIES, MAX_BRIBE_GOLD } from './schema.js';

const SOURCE = 'odds kings-and-things';

/** "Giant:4, Elves:2R, 2x Goblins" -> entries (commas separate counters). */
function list(text: unknown): string[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A policy name stays a name; anything else (even a single counter name) is an explicit loss order. */
export function parseLosses(text: unknown, fallback: string): string | string[] {
  const items = list(text);
  if (items.length === 0) return fallback;
  return items.length === 1 && (LOSS_POLICIES as readonly string[]).includes(items[0]) ? items[0] : items;
}

/** --retreat-hex text: 'none' -> no retreat hex; a number -> friendly creatures already there. */
export function parseRetreatHex(text: unknown): unknown {
  if (text === undefined) return undefined;
  const value = String(text).trim();
  if (value === 'none') return false;
  // Anything else goes to the schema as a count, so it names what is wrong.
  return { creatures: /^-?\d+$/.test(value) ? Number(value) : value };
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

/** Entry fields (first two path segments) -> the flag that sets them (a Map: field text is never an object key). */
const FLAG_OF_FIELD = new Map<string, string>(
  Object.entries({
    attacker: '--attackers',
    'attacker.creatures': '--attackers',
    'attacker.losses': '--attacker-losses',
    'attacker.retreat': '--retreat',
    'attacker.retreatHex': '--retreat-hex',
    'explorer.retreatHex': '--retreat-hex',
    'defender.retreatHex': '--defender-retreat-hex',
    explorer: '--attackers',
    'explorer.creatures': '--attackers',
    'explorer.losses': '--attacker-losses',
    'explorer.retreat': '--retreat',
    defender: '--defenders',
    'defender.creatures': '--defenders',
    'defender.losses': '--defender-losses',
    'defender.retreat': '--defender-retreat',
    'defender.fort': '--fort',
    'defender.fortAfterRetreat': '--fort-after-retreat',
    'defender.city': '--city',
    'defender.village': '--village',
    'defender.income': '--income',
    unexplored: '--unexplored',
    cup: '--cup',
    bribery: '--bribe',
    'bribery.gold': '--bribe',
    type: '--explore',
  }),
);

export function flagForField(field: string): string | undefined {
  const parts = field.split(/[.[]/).filter((p) => p !== '' && !p.endsWith(']'));
  return FLAG_OF_FIELD.get(parts.slice(0, 2).join('.')) ?? FLAG_OF_FIELD.get(parts[0] ?? '');
}

/**
 * Comparing fort levels is several battles on common random numbers: a scenario sweep
 * (variants that set `defender.fort`), which `odds` (one battle) cannot answer.
 */
const FORT_LEVELS_ELSEWHERE =
  'compares several battles (one per fort level) and odds answers one: run the fort-level sweep of ' +
  'scenarios/kings-and-things-castle-assault.json (battle-odds run <file>), or copy its "sweep" ' +
  '(variants that set "defender.fort") with your own attackers; for one fort level use --fort';

/** Flags that only make sense for a battle at a known hex (not with --explore). */
const HEX_FLAGS = [
  'defenders',
  'fort',
  'city',
  'village',
  'income',
  'defenderLosses',
  'defenderRetreat',
  'unexplored',
  'fortAfterRetreat',
  'defenderRetreatHex',
] as const;
const flagText = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const given = (flags: Record<string, unknown>, key: string) => flags[key] !== undefined && flags[key] !== false;

/** Refuse flags the chosen mode would silently ignore. */
function rejectUnusedFlags(flags: Record<string, unknown>): void {
  const refuse = (key: string, why: string) => {
    throw new InputError(SOURCE, flagText(key), why);
  };
  if (given(flags, 'explore')) {
    for (const key of HEX_FLAGS) {
      if (given(flags, key))
        refuse(
          key,
          'does not apply with --explore (the defenders are drawn from the cup, never retreat, ' +
            'and the hex has no fort)',
        );
    }
  } else {
    if (given(flags, 'bribe'))
      refuse('bribe', 'applies only with --explore (bribing the defenders drawn from the cup)');
    if (given(flags, 'cup')) refuse('cup', 'applies only with --explore (the cup the defenders are drawn from)');
  }
}

export const kingsAndThingsOdds: OddsCommand = {
  summary: 'Odds of a Kings & Things battle (forts, cities, loss and retreat policies) or exploration',
  options: [
    {
      flags: '--attackers <list>',
      parse: 'text',
      description:
        "attacking counters, comma-separated: roster names or inline 'Name:value[*RCF]', " +
        'e.g. "Giant:4, Elves:2R, Dragon:3*C, 2x Nomads"',
    },
    {
      flags: '--defenders <list>',
      parse: 'text',
      description: 'defending creatures and characters, same form (default: none)',
    },
    {
      flags: '--fort <level>',
      parse: 'text',
      description: 'fort in the hex: none, tower, keep, castle, citadel, or 0-4 (default: none)',
    },
    { flags: '--city', description: 'the hex has a city (2, melee)' },
    { flags: '--village', description: 'the hex has a village (1, melee)' },
    {
      flags: '--income <list>',
      parse: 'text',
      description: 'special income counters in the hex (post-battle roll only), e.g. "Gold Mine"',
    },
    {
      flags: '--attacker-losses <policy>',
      parse: 'text',
      description:
        `${LOSS_POLICIES.join(', ')}, or a comma list of counter names (an explicit loss order) ` +
        '(default: weakest-first)',
    },
    { flags: '--defender-losses <policy>', parse: 'text', description: 'same choices (default: buildings-first)' },
    {
      flags: '--retreat <when>',
      parse: 'text',
      description: "attacker retreat: never, rounds:N, outnumbered:R, down-to:K (join with '+') (default: never)",
    },
    { flags: '--defender-retreat <when>', parse: 'text', description: 'defender retreat, same form (default: never)' },
    {
      flags: '--retreat-hex <where>',
      parse: 'text',
      description:
        "where the attacker (explorer) would retreat to: 'none' (no adjacent hex it controls: it cannot retreat) " +
        'or the number of friendly creatures already there (more than 10 after the retreat are lost) (default: 0)',
    },
    { flags: '--defender-retreat-hex <where>', parse: 'text', description: "the defender's, same form (default: 0)" },
    {
      flags: '--fort-after-retreat <reading>',
      parse: 'text',
      description:
        `when the defender's creatures retreat: ` +
        `${FORT_AFTER_RETREAT.join(' (the fort, city or village fights on alone) or ')} ` +
        '(the hex is captured at once) (default: fights-on)',
    },
    { flags: '--unexplored', description: 'the hex is unexplored: its defenders never retreat' },
    {
      flags: '--fort-levels',
      description:
        'not answered here: comparing fort levels is a scenario sweep (see the message, and docs/kings-and-things.md)',
    },
    { flags: '--explore', description: 'exploration: --attackers explore, defenders are drawn from the cup on a 2-5' },
    {
      flags: '--bribe <gold>',
      parse: 'int',
      max: MAX_BRIBE_GOLD,
      description: `with --explore: gold available to bribe drawn defenders (0-${MAX_BRIBE_GOLD})`,
    },
    {
      flags: '--cup <cup>',
      parse: 'text',
      description:
        'with --explore: all-counters (the whole 1986 cup; counters that are not creatures do not fight) ' +
        'or creatures (the 147 creature counters only) (default: all-counters)',
    },
  ],
  examples: [
    'battle-odds odds kings-and-things --attackers "Giant:4,Elves:2R,Dragon:3*C" --defenders Nomads --fort castle',
    'battle-odds odds kings-and-things --attackers "6x Knight:3C" --fort tower --sample',
    'battle-odds odds kings-and-things --attackers "Old Dragon,Sphinx,Camel Corps" --explore --bribe 5',
  ],
  toBattle(flags) {
    if (given(flags, 'fortLevels')) throw new InputError(SOURCE, '--fort-levels', FORT_LEVELS_ELSEWHERE);
    rejectUnusedFlags(flags);
    const attackerHex = parseRetreatHex(flags.retreatHex);
    const attacker = {
      creatures: list(flags.attackers),
      losses: parseLosses(flags.attackerLosses, 'weakest-first'),
      retreat: parseRetreat(flags.retreat),
      ...(attackerHex !== undefined ? { retreatHex: attackerHex } : {}),
    };
    if (flags.explore) {
      return {
        type: 'explore',
        explorer: attacker,
        ...(flags.bribe !== undefined ? { bribery: { gold: flags.bribe } } : {}),
        ...(flags.cup !== undefined ? { cup: flags.cup } : {}),
      };
    }
    const fortText = String(flags.fort ?? 'none');
    const fort = /^\d+$/.test(fortText) ? Number(fortText) : fortText;
    const defender = {
      creatures: list(flags.defenders),
      losses: parseLosses(flags.defenderLosses, 'buildings-first'),
      retreat: parseRetreat(flags.defenderRetreat),
      ...(flags.defenderRetreatHex !== undefined ? { retreatHex: parseRetreatHex(flags.defenderRetreatHex) } : {}),
      city: Boolean(flags.city),
      village: Boolean(flags.village),
      income: list(flags.income),
      ...(flags.fortAfterRetreat !== undefined ? { fortAfterRetreat: flags.fortAfterRetreat } : {}),
    };
    return { type: 'battle', unexplored: Boolean(flags.unexplored), attacker, defender: { ...defender, fort } };
  },
  flagFor: flagForField,
};

export const kingsAndThingsCli: SystemCli = { odds: kingsAndThingsOdds };
