/**
 * How a Kings & Things battle is asked (the command line's `odds kings-and-things`, the web
 * page's form): a battle at a known hex, or an exploration (defenders drawn from the cup);
 * one battle per question.
 */
import { defineForm, type Choice, type Condition } from '../../form/form.js';
import { parseItems, readDecimal } from '../../form/read.js';
import { FORT_AFTER_RETREAT } from './rules/hex.js';
import { LOSS_POLICIES } from './rules/lossOrder.js';
import { CUPS, MAX_BRIBE_GOLD } from './explore/schema.js';
import { RETREAT_LIMITS, STACK_LIMIT } from './rules/retreat.js';
import { creatureCatalogue, incomeCatalogue } from './catalogue.js';

/** A policy name stays a name; anything else (even a single counter name) is an explicit loss order. */
export function parseLosses(text: string | undefined, fallback: string): string | string[] {
  const items = parseItems(text ?? '');
  if (items.length === 0) return fallback;
  return items.length === 1 && (LOSS_POLICIES as readonly string[]).includes(items[0]) ? items[0] : items;
}

/** A retreat hex: 'none' -> no retreat hex; a number -> friendly creatures already there. */
export function parseRetreatHex(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const value = text.trim();
  if (value === 'none') return false;
  // Anything else goes to the schema as a count, so it names what is wrong.
  return { creatures: readDecimal(value) ?? value };
}

/** A retreat policy: never | rounds:N | outnumbered:R | down-to:K, several joined by '+'. */
export function parseRetreat(text: string | undefined): unknown {
  if (text === undefined || text === '' || text === 'never') return 'never';
  const policy: Record<string, number | string> = {};
  for (const part of text.split('+')) {
    const [key, value] = part.split(':').map((s) => s.trim());
    // Numbers as every flag writes them (core/form/read.ts); anything else is refused by the schema.
    const n = readDecimal(value ?? '') ?? NaN;
    if (key === 'rounds') policy.afterRounds = n;
    else if (key === 'outnumbered') policy.whenOutnumbered = n;
    else if (key === 'down-to') policy.whenDownTo = n;
    // Unknown words pass through so the schema names them.
    else policy[key] = value ?? '';
  }
  return policy;
}

/**
 * Comparing fort levels is several battles on common random numbers: a scenario sweep
 * (variants that set `defender.fort`), which `odds` (one battle) cannot answer.
 */
const FORT_LEVELS_ELSEWHERE =
  'compares several battles (one per fort level) and odds answers one: run the fort-level sweep of ' +
  'scenarios/kings-and-things-castle-assault.json (battle-odds run <file>), or copy its "sweep" ' +
  '(variants that set "defender.fort") with your own attackers; for one fort level use --fort';

/** The loss policies in a player's words (a loss order by name is the command line's, or a link's). */
const LOSS_CHOICES: readonly Choice[] = [
  { value: 'weakest-first', label: 'Weakest first' },
  { value: 'buildings-first', label: 'Fort, city or village first' },
  { value: 'protect-strongest', label: 'Keep the strongest' },
];
/** The attacker has no fort, city or village: for it, buildings first is weakest first. */
const ATTACKER_LOSS_CHOICES = LOSS_CHOICES.filter((c) => c.value !== 'buildings-first');

/** A retreat policy as the command line writes it, with the limits of its numbers. */
const RETREAT_WORDS =
  "never, rounds:N, outnumbered:R, down-to:K (join with '+'; N from 1 to " +
  `${RETREAT_LIMITS.rounds}, R from 1 to ${RETREAT_LIMITS.outnumbered}, K from 0 to ${RETREAT_LIMITS.downTo})`;

/** When a side retreats (`rounds:2+down-to:3`), each condition in a player's words. */
const RETREAT_CONDITIONS: readonly Condition[] = [
  { name: 'rounds', label: 'After this many rounds', min: 1, max: RETREAT_LIMITS.rounds, start: 2 },
  {
    name: 'outnumbered',
    label: 'When outnumbered this many to one (in strength)',
    min: 1,
    max: RETREAT_LIMITS.outnumbered,
    start: 2,
    step: 0.5,
  },
  { name: 'down-to', label: 'When down to this many counters', min: 0, max: RETREAT_LIMITS.downTo, start: 2 },
];

/** Where a side would retreat to: the creatures already there, or none (no hex to retreat to). */
const noRetreatHex = (whose: string): readonly Choice[] => [
  { value: 'none', label: `No hex of ${whose} to retreat to` },
];

/** An unexplored hex has no fort and its defenders never retreat: the page hides those then. */
const EXPLORED = { key: 'unexplored', values: ['false'] };

/** Why the hex's own fields do not apply to an exploration. */
const NO_HEX = 'the defenders are drawn from the cup, never retreat, and the hex has no fort';

export const kingsAndThingsForm = defineForm({
  summary: 'Odds of a Kings & Things battle (forts, cities, loss and retreat policies) or exploration',
  kinds: [
    { value: 'battle', label: 'A battle' },
    { value: 'explore', label: 'Exploration' },
  ],
  fields: [
    {
      key: 'attackers',
      kind: 'roster',
      catalogue: creatureCatalogue,
      entry: ['attacker', 'attacker.creatures', 'explorer', 'explorer.creatures'],
      cli: {
        flag: '--attackers',
        arg: '<list>',
        help:
          "attacking counters, comma-separated: roster names or inline 'Name:value[*RCF]', " +
          'e.g. "Giant:4, Elves:2R, Dragon:3*C, 2x Nomads"',
      },
      page: {
        label: 'Attacking counters',
        help: 'Browse or search the roster and tap to add; − and + for how many; tap a counter to change or remove it.',
      },
    },
    {
      key: 'defenders',
      kind: 'roster',
      catalogue: creatureCatalogue,
      appliesTo: ['battle'],
      entry: ['defender', 'defender.creatures'],
      cli: {
        flag: '--defenders',
        arg: '<list>',
        help: 'defending creatures and characters, same form (default: none)',
        elsewhere: NO_HEX,
      },
      page: { label: 'Defending counters', help: 'None when the hex holds no creatures.' },
    },
    {
      key: 'fort',
      kind: 'choice',
      appliesWhen: EXPLORED,
      choices: [
        { value: 'none', label: 'None' },
        { value: 'tower', label: 'Tower' },
        { value: 'keep', label: 'Keep' },
        { value: 'castle', label: 'Castle' },
        { value: 'citadel', label: 'Citadel' },
      ],
      leftOut: 'none',
      appliesTo: ['battle'],
      entry: ['defender.fort'],
      cli: {
        flag: '--fort',
        arg: '<level>',
        help: 'fort in the hex: none, tower, keep, castle, citadel, or 0-4 (default: none)',
        elsewhere: NO_HEX,
      },
      page: { label: 'Fort in the hex', help: 'A tower or keep fires in melee, a castle ranged, a citadel magic.' },
    },
    {
      key: 'city',
      kind: 'flag',
      appliesTo: ['battle'],
      entry: ['defender.city'],
      cli: { flag: '--city', help: 'the hex has a city (2, melee)', elsewhere: NO_HEX },
      page: { label: 'City', help: 'The hex has a city: it fights as a 2, in melee.' },
    },
    {
      key: 'village',
      kind: 'flag',
      appliesTo: ['battle'],
      entry: ['defender.village'],
      cli: { flag: '--village', help: 'the hex has a village (1, melee)', elsewhere: NO_HEX },
      page: { label: 'Village', help: 'The hex has a village: it fights as a 1, in melee.' },
    },
    {
      key: 'income',
      kind: 'roster',
      catalogue: incomeCatalogue,
      appliesTo: ['battle'],
      group: 'more',
      entry: ['defender.income'],
      cli: {
        flag: '--income',
        arg: '<list>',
        help: 'special income counters in the hex (post-battle roll only), e.g. "Gold Mine"',
        elsewhere: NO_HEX,
      },
      page: {
        label: 'Special income counters',
        help: 'Counters such as a Gold Mine in the hex; they count only in the roll after the battle.',
      },
    },
    {
      key: 'attackerLosses',
      kind: 'choice',
      choices: ATTACKER_LOSS_CHOICES,
      leftOut: 'weakest-first',
      group: 'more',
      entry: ['attacker.losses', 'explorer.losses'],
      cli: {
        flag: '--attacker-losses',
        arg: '<policy>',
        help:
          `${LOSS_POLICIES.join(', ')}, or a comma list of counter names (an explicit loss order) ` +
          '(default: weakest-first)',
      },
      page: {
        label: "Attacker's losses",
        help: 'Which counters take the hits first (by strength: combat value times dice).',
      },
    },
    {
      key: 'defenderLosses',
      kind: 'choice',
      choices: LOSS_CHOICES,
      leftOut: 'buildings-first',
      appliesTo: ['battle'],
      group: 'more',
      entry: ['defender.losses'],
      cli: {
        flag: '--defender-losses',
        arg: '<policy>',
        help: 'same choices (default: buildings-first)',
        elsewhere: NO_HEX,
      },
      page: {
        label: "Defender's losses",
        help: 'A fort, city or village first: they are repaired after the battle.',
      },
    },
    {
      key: 'retreat',
      kind: 'conditions',
      conditions: RETREAT_CONDITIONS,
      leftOut: 'never',
      group: 'more',
      entry: ['attacker.retreat', 'explorer.retreat'],
      cli: {
        flag: '--retreat',
        arg: '<when>',
        help: `attacker retreat: ${RETREAT_WORDS} (default: never)`,
      },
      page: {
        label: 'Attacker retreats',
        help: 'Never, unless you tick when.',
      },
    },
    {
      key: 'defenderRetreat',
      kind: 'conditions',
      appliesWhen: EXPLORED,
      conditions: RETREAT_CONDITIONS,
      leftOut: 'never',
      appliesTo: ['battle'],
      group: 'more',
      entry: ['defender.retreat'],
      cli: {
        flag: '--defender-retreat',
        arg: '<when>',
        help: `defender retreat: ${RETREAT_WORDS} (default: never)`,
        elsewhere: NO_HEX,
      },
      page: { label: 'Defender retreats', help: 'Never, unless you tick when.' },
    },
    {
      key: 'retreatHex',
      kind: 'countOr',
      choices: noRetreatHex('yours'),
      min: 0,
      max: STACK_LIMIT,
      leftOut: '0',
      group: 'more',
      entry: ['attacker.retreatHex', 'explorer.retreatHex'],
      cli: {
        flag: '--retreat-hex',
        arg: '<where>',
        help:
          "where the attacker (explorer) would retreat to: 'none' (no adjacent hex it controls: it cannot retreat) " +
          'or the number of friendly creatures already there (more than 10 after the retreat are lost) (default: 0)',
      },
      page: {
        label: 'Your creatures already in the retreat hex',
        help: 'More than 10 there after a retreat are lost.',
      },
    },
    {
      key: 'defenderRetreatHex',
      kind: 'countOr',
      appliesWhen: EXPLORED,
      choices: noRetreatHex('its own'),
      min: 0,
      max: STACK_LIMIT,
      leftOut: '0',
      appliesTo: ['battle'],
      group: 'more',
      entry: ['defender.retreatHex'],
      cli: {
        flag: '--defender-retreat-hex',
        arg: '<where>',
        help: "the defender's, same form (default: 0)",
        elsewhere: NO_HEX,
      },
      page: { label: "Defender's creatures already in its retreat hex" },
    },
    {
      key: 'fortAfterRetreat',
      kind: 'choice',
      choices: [
        { value: 'fights-on', label: 'The fort, city or village fights on alone' },
        { value: 'falls', label: 'The hex is captured at once' },
      ],
      leftOut: 'fights-on',
      appliesTo: ['battle'],
      group: 'more',
      entry: ['defender.fortAfterRetreat'],
      cli: {
        flag: '--fort-after-retreat',
        arg: '<reading>',
        help:
          `when the defender's creatures retreat: ` +
          `${FORT_AFTER_RETREAT.join(' (the fort, city or village fights on alone) or ')} ` +
          '(the hex is captured at once) (default: fights-on)',
        elsewhere: NO_HEX,
      },
      page: { label: "When the defender's creatures retreat" },
    },
    {
      key: 'unexplored',
      kind: 'flag',
      appliesTo: ['battle'],
      group: 'more',
      cli: { flag: '--unexplored', help: 'the hex is unexplored: its defenders never retreat', elsewhere: NO_HEX },
      page: { label: 'Unexplored hex', help: 'Its defenders never retreat.' },
    },
    {
      key: 'fortLevels',
      kind: 'flag',
      cli: {
        flag: '--fort-levels',
        help:
          'not answered here: comparing fort levels is a scenario sweep ' +
          '(see the message, and docs/kings-and-things.md)',
        retired: FORT_LEVELS_ELSEWHERE,
      },
      page: null,
    },
    {
      key: 'explore',
      kind: 'flag',
      appliesTo: ['explore'],
      choosesKind: 'explore',
      entry: ['type'],
      cli: { flag: '--explore', help: 'exploration: --attackers explore, defenders are drawn from the cup on a 2-5' },
      page: null,
    },
    {
      key: 'bribe',
      kind: 'count',
      min: 0,
      max: MAX_BRIBE_GOLD,
      appliesTo: ['explore'],
      entry: ['bribery', 'bribery.gold'],
      cli: {
        flag: '--bribe',
        arg: '<gold>',
        help: `with --explore: gold available to bribe drawn defenders (0-${MAX_BRIBE_GOLD})`,
        elsewhere: 'bribing the defenders drawn from the cup',
      },
      page: { label: 'Gold to bribe with', help: 'Gold you may spend to bribe the defenders drawn from the cup.' },
    },
    {
      key: 'cup',
      kind: 'choice',
      choices: [
        { value: CUPS[0], label: 'The whole 1986 cup' },
        { value: CUPS[1], label: 'Creature counters only (147)' },
      ],
      leftOut: CUPS[0],
      appliesTo: ['explore'],
      group: 'more',
      cli: {
        flag: '--cup',
        arg: '<cup>',
        help:
          'with --explore: all-counters (the whole 1986 cup; counters that are not creatures do not fight) ' +
          'or creatures (the 147 creature counters only) (default: all-counters)',
        elsewhere: 'the cup the defenders are drawn from',
      },
      page: { label: 'The cup the defenders come from', help: 'Counters that are not creatures do not fight.' },
    },
  ],
  oneOf: [
    {
      keys: ['city', 'village'],
      page: {
        label: 'City or village',
        none: 'Neither',
        help: 'A city fights as a 2, a village as a 1, both in melee; a hex holds one at most.',
      },
    },
  ],
  examples: [
    'battle-odds odds kings-and-things --attackers "Giant:4,Elves:2R,Dragon:3*C" --defenders Nomads --fort castle',
    'battle-odds odds kings-and-things --attackers "6x Knight:3C" --fort tower --sample',
    'battle-odds odds kings-and-things --attackers "Old Dragon,Sphinx,Camel Corps" --explore --bribe 5',
  ],
  toEntry(v, kind) {
    const attackerHex = parseRetreatHex(v.retreatHex);
    const attacker = {
      creatures: v.attackers ?? [],
      losses: parseLosses(v.attackerLosses, 'weakest-first'),
      retreat: parseRetreat(v.retreat),
      ...(attackerHex !== undefined ? { retreatHex: attackerHex } : {}),
    };
    if (kind === 'explore') {
      return {
        type: 'explore',
        explorer: attacker,
        ...(v.bribe !== undefined ? { bribery: { gold: v.bribe } } : {}),
        ...(v.cup !== undefined ? { cup: v.cup } : {}),
      };
    }
    const fortText = v.fort ?? 'none';
    const fort = /^\d+$/.test(fortText) ? Number(fortText) : fortText;
    const defender = {
      creatures: v.defenders ?? [],
      losses: parseLosses(v.defenderLosses, 'buildings-first'),
      retreat: parseRetreat(v.defenderRetreat),
      ...(v.defenderRetreatHex !== undefined ? { retreatHex: parseRetreatHex(v.defenderRetreatHex) } : {}),
      city: v.city,
      village: v.village,
      income: v.income ?? [],
      ...(v.fortAfterRetreat !== undefined ? { fortAfterRetreat: v.fortAfterRetreat } : {}),
    };
    return { type: 'battle', unexplored: v.unexplored, attacker, defender: { ...defender, fort } };
  },
});
