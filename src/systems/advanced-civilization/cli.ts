/**
 * `battle-odds odds advanced-civilization`: one conflict from flags. Matchup tables (the
 * old `--sweep`) are scenario sweeps: scenarios/advanced-civilization-fort-engineering.json.
 */
import type { OddsCommand, SystemCli } from '../../cli/oddsContract.js';
import { InputError } from '../../engine/inputError.js';
import { MAX_TOKENS } from './schema.js';

const SOURCE = 'odds advanced-civilization';
const TOKENS_HELP = 'a number, a range 4-9 or a list 3,5,8';

/** One line naming the flag, like every other input error (no stack trace, exit 2). */
function flagError(message: string): InputError {
  return new InputError(SOURCE, '', message);
}

function required(flags: Record<string, unknown>, name: string, flag: string, what: string): void {
  if (flags[name] === undefined) throw flagError(`${flag} is required (${what})`);
}

/** Entry fields -> the flag that sets them, so validation errors name what the user typed. */
const FIELD_FLAGS: Array<[RegExp, string]> = [
  [/^nations\[0\]\.tokens/, '--attacker'],
  [/^nations\[1\]\.tokens/, '--defender'],
  [/^nations\[0\]\.armies/, '--attacker-armies'],
  [/^nations\[1\]\.armies/, '--defender-armies'],
  [/^nations\[0\]/, '--attacker-tech'],
  [/^nations\[1\]/, '--defender-tech'],
  [/^nations/, '--attacker/--defender'],
  [/^fort/, '--fort-owner'],
  [/^city/, '--city'],
  [/^advantageReading/, '--reading'],
  [/^limit/, '--limit'],
];

const TECHS = ['metalworking', 'engineering', 'military', 'mathematics'] as const;

/** "7" -> 7, "4-9" -> {min, max}, "3,5,8" -> {values}; anything else is passed on for the schema to reject. */
export function parseTokens(text: unknown): unknown {
  if (typeof text === 'number' || text === undefined) return text;
  const s = String(text).trim();
  if (/^-?\d+$/.test(s)) return Number(s);
  const range = /^(-?\d+)\s*(?:-|\.\.)\s*(-?\d+)$/.exec(s);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  if (/^-?\d+(\s*,\s*-?\d+)+$/.test(s)) return { values: s.split(',').map((x) => Number(x)) };
  return s;
}

function techs(list: unknown, flag = '--attacker-tech'): Record<string, boolean> {
  const names = String(list ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!(TECHS as readonly string[]).includes(name))
      throw flagError(`${flag}: unknown technology "${name}": use ${TECHS.join(', ')}`);
  }
  return Object.fromEntries(TECHS.map((t) => [t, names.includes(t)]));
}

export const advCivOdds: OddsCommand = {
  summary: 'Resolve an Advanced Civilization conflict (fortifications, Engineering, Metalworking, cities)',
  options: [
    { flags: '--limit <n>', parse: 'int', max: MAX_TOKENS, description: "the area's population limit" },
    {
      flags: '--attacker <tokens>',
      parse: 'text',
      description: 'attacker tokens: a number, a range 4-9 (uniform, when unknown) or a list 3,5,8',
    },
    {
      flags: '--defender <tokens>',
      parse: 'text',
      description: 'defender tokens: a number, a range 4-9 (uniform, when unknown) or a list 3,5,8',
    },
    {
      flags: '--attacker-tech <list>',
      parse: 'text',
      description: 'attacker technologies, e.g. metalworking,engineering (also military, mathematics)',
      default: '',
    },
    {
      flags: '--defender-tech <list>',
      parse: 'text',
      description: 'defender technologies, e.g. engineering',
      default: '',
    },
    {
      flags: '--attacker-armies <n>',
      parse: 'int',
      max: MAX_TOKENS,
      description: 'how many attacker tokens are Army tokens (for Military and Mathematics; default 0)',
    },
    {
      flags: '--defender-armies <n>',
      parse: 'int',
      max: MAX_TOKENS,
      description: 'how many defender tokens are Army tokens (default 0)',
    },
    { flags: '--fort', description: 'a fort in the area, controlled by the defender' },
    {
      flags: '--fort-owner <side>',
      parse: 'text',
      description: 'who controls the fort: attacker or defender (implies --fort)',
    },
    {
      flags: '--city',
      description: 'the defender has a city in the area (attacked with 7 tokens; 6 or 8 with Engineering)',
    },
    {
      flags: '--reading <name>',
      parse: 'text',
      description: 'Advantage Level reading: order (higher level removes last) or extra-removals',
      default: 'order',
    },
  ],
  examples: [
    'battle-odds odds advanced-civilization --limit 3 --attacker 6 --defender 4 --defender-tech engineering --fort',
    'battle-odds odds advanced-civilization --limit 2 --attacker 7 --defender 0 --city --attacker-tech engineering',
    'battle-odds odds advanced-civilization --limit 3 --attacker 6 --defender 2-6 --fort --json',
  ],
  flagFor(field) {
    return FIELD_FLAGS.find(([pattern]) => pattern.test(field))?.[1];
  },
  toBattle(flags) {
    const reading = flags.reading ?? 'order';
    required(flags, 'limit', '--limit', "the area's population limit");
    required(flags, 'defender', '--defender', `defender tokens: ${TOKENS_HELP}`);
    required(flags, 'attacker', '--attacker', `attacker tokens: ${TOKENS_HELP}`);
    const fortOwner = flags.fortOwner ?? (flags.fort ? 'defender' : undefined);
    return {
      type: 'conflict',
      limit: flags.limit,
      nations: [
        {
          name: 'attacker',
          tokens: parseTokens(flags.attacker),
          armies: flags.attackerArmies ?? 0,
          ...techs(flags.attackerTech, '--attacker-tech'),
        },
        {
          name: 'defender',
          tokens: parseTokens(flags.defender),
          armies: flags.defenderArmies ?? 0,
          ...techs(flags.defenderTech, '--defender-tech'),
        },
      ],
      ...(fortOwner !== undefined ? { fort: { owner: fortOwner } } : {}),
      ...(flags.city ? { city: { owner: 'defender' } } : {}),
      advantageReading: reading,
    };
  },
};

export const advCivCli: SystemCli = { odds: advCivOdds };
