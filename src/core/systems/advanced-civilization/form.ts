/**
 * How an Advanced Civilization conflict is asked (the command line's `odds
 * advanced-civilization`, the web page's form): one conflict per question. Matchup tables
 * (the old `--sweep`) are scenario sweeps: scenarios/advanced-civilization-fort-engineering.json.
 */
import { defineForm } from '../../form/form.js';
import { MAX_TOKENS } from './schema.js';

const TECHS = [
  { value: 'metalworking', label: 'Metalworking' },
  { value: 'engineering', label: 'Engineering' },
  { value: 'military', label: 'Military' },
  { value: 'mathematics', label: 'Mathematics' },
] as const;

const TOKENS_HELP = 'a number, a range 4-9 or a list 3,5,8';
const PAGE_TOKENS_HELP = 'Not known for sure? From … to, each count as likely, or one of the counts it may be.';

/** The entry's technology switches from the names chosen. */
function techs(names: readonly string[] = []): Record<string, boolean> {
  return Object.fromEntries(TECHS.map((t) => [t.value, names.includes(t.value)]));
}

export const advancedCivilizationForm = defineForm({
  summary: 'Resolve an Advanced Civilization conflict (fortifications, Engineering, Metalworking, cities)',
  fields: [
    {
      key: 'limit',
      kind: 'count',
      min: 0,
      max: MAX_TOKENS,
      required: true,
      cli: { flag: '--limit', arg: '<n>', help: "the area's population limit" },
      page: { label: 'Population limit', help: "The area's population limit." },
    },
    {
      key: 'attacker',
      kind: 'range',
      min: 0,
      max: MAX_TOKENS,
      required: true,
      force: true,
      entry: ['nations[0].tokens'],
      cli: {
        flag: '--attacker',
        arg: '<tokens>',
        help:
          'attacker tokens: a number, a range 4-9 (uniform, when unknown) or a list 3,5,8; ' +
          'leave it out with --target to find how many you need',
        missing: `attacker tokens: ${TOKENS_HELP}`,
      },
      page: {
        label: 'Attacking tokens',
        help: `${PAGE_TOKENS_HELP} Leave it empty and give a target probability to find how many you need.`,
        placeholder: 'how many?',
      },
    },
    {
      key: 'defender',
      kind: 'range',
      min: 0,
      max: MAX_TOKENS,
      required: true,
      entry: ['nations[1].tokens'],
      cli: {
        flag: '--defender',
        arg: '<tokens>',
        help: 'defender tokens: a number, a range 4-9 (uniform, when unknown) or a list 3,5,8',
        missing: `defender tokens: ${TOKENS_HELP}`,
      },
      page: { label: 'Defending tokens', help: PAGE_TOKENS_HELP },
    },
    {
      key: 'attackerTech',
      kind: 'multi',
      choices: TECHS,
      item: 'technology',
      default: '',
      entry: ['nations[0]'],
      cli: {
        flag: '--attacker-tech',
        arg: '<list>',
        help: 'attacker technologies, e.g. metalworking,engineering (also military, mathematics)',
      },
      page: { label: "Attacker's technologies" },
    },
    {
      key: 'defenderTech',
      kind: 'multi',
      choices: TECHS,
      item: 'technology',
      default: '',
      entry: ['nations[1]'],
      cli: { flag: '--defender-tech', arg: '<list>', help: 'defender technologies, e.g. engineering' },
      page: { label: "Defender's technologies" },
    },
    {
      key: 'attackerArmies',
      kind: 'count',
      min: 0,
      max: MAX_TOKENS,
      leftOut: '0',
      group: 'more',
      entry: ['nations[0].armies'],
      cli: {
        flag: '--attacker-armies',
        arg: '<n>',
        help: 'how many attacker tokens are Army tokens (for Military and Mathematics; default 0)',
      },
      page: {
        label: "Attacker's Army tokens",
        help: 'How many of the attacking tokens are Army tokens (they count for Military and Mathematics).',
      },
    },
    {
      key: 'defenderArmies',
      kind: 'count',
      min: 0,
      max: MAX_TOKENS,
      leftOut: '0',
      group: 'more',
      entry: ['nations[1].armies'],
      cli: { flag: '--defender-armies', arg: '<n>', help: 'how many defender tokens are Army tokens (default 0)' },
      page: { label: "Defender's Army tokens", help: 'How many of the defending tokens are Army tokens.' },
    },
    {
      key: 'fort',
      kind: 'flag',
      entry: [],
      cli: { flag: '--fort', help: 'a fort in the area, controlled by the defender' },
      page: { label: 'Fort', help: 'A fort in the area, held by the defender (or choose its side below).' },
    },
    {
      key: 'fortOwner',
      kind: 'choice',
      choices: [
        { value: 'attacker', label: 'The attacker' },
        { value: 'defender', label: 'The defender' },
      ],
      group: 'more',
      entry: ['fort'],
      cli: {
        flag: '--fort-owner',
        arg: '<side>',
        help: 'who controls the fort: attacker or defender (implies --fort)',
      },
      page: {
        label: 'Fort held by',
        none: 'Not chosen',
        help: 'Choosing a side also places the fort; not chosen, a fort ticked above is the defender’s.',
      },
    },
    {
      key: 'city',
      kind: 'flag',
      cli: {
        flag: '--city',
        help: 'the defender has a city in the area (attacked with 7 tokens; 6 or 8 with Engineering)',
      },
      page: {
        label: 'City',
        help: 'The defender has a city in the area (attacked with 7 tokens; 6 or 8 with Engineering).',
      },
    },
    {
      key: 'reading',
      kind: 'choice',
      choices: [
        { value: 'order', label: 'The higher level removes its tokens last' },
        { value: 'extra-removals', label: 'One extra token removed per level of difference' },
      ],
      default: 'order',
      group: 'more',
      entry: ['advantageReading'],
      cli: {
        flag: '--reading',
        arg: '<name>',
        help: 'Advantage Level reading: order (higher level removes last) or extra-removals',
      },
      page: { label: 'Advantage Level', help: 'How to read the rule when one side has a higher Advantage Level.' },
    },
  ],
  examples: [
    'battle-odds odds advanced-civilization --limit 3 --attacker 6 --defender 4 --defender-tech engineering --fort',
    'battle-odds odds advanced-civilization --limit 2 --attacker 7 --defender 0 --city --attacker-tech engineering',
    'battle-odds odds advanced-civilization --limit 3 --attacker 6 --defender 2-6 --fort --json',
    'battle-odds odds advanced-civilization --limit 3 --defender 4 --fort --target 0.8   # how many tokens?',
  ],
  toEntry(v) {
    const fortOwner = v.fortOwner ?? (v.fort ? 'defender' : undefined);
    return {
      type: 'conflict',
      limit: v.limit,
      nations: [
        {
          name: 'attacker',
          // Left out, the attacker's tokens are the question (with a target or advice): the fewest that are enough.
          ...(v.attacker !== undefined ? { tokens: v.attacker } : {}),
          armies: v.attackerArmies ?? 0,
          ...techs(v.attackerTech),
        },
        { name: 'defender', tokens: v.defender, armies: v.defenderArmies ?? 0, ...techs(v.defenderTech) },
      ],
      ...(fortOwner !== undefined ? { fort: { owner: fortOwner } } : {}),
      ...(v.city ? { city: { owner: 'defender' } } : {}),
      advantageReading: v.reading,
    };
  },
});
