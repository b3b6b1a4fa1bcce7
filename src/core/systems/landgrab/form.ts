/**
 * How LandGrab is asked (the command line's `odds landgrab` and `reinforcements`, the web
 * page's form): one attack, a chain of attacks or a capitol conquest, and the values that
 * make its battle entry.
 */
import { defineCommand, defineForm, type ValuesOf } from '../../form/form.js';
import { refuse } from '../../form/entry.js';
import { MAX_CONTINENT_BONUS, MAX_TERRITORIES, reinforcements } from './rules/reinforcements.js';
import { LEADER_MOVES, MAX_ARMIES } from './schema.js';
import { MAX_DICE } from './rules/tables.js';

/** The most territories a chain crosses (the chain entry's limit), so the most a path position can be. */
const MAX_PATH = 50;

const fields = [
  {
    key: 'attackers',
    kind: 'count',
    min: 2,
    max: MAX_ARMIES,
    force: true,
    cli: {
      flag: '--attackers',
      arg: '<n>',
      help: 'armies in the attacking territory (one must stay behind, so n - 1 may attack)',
    },
    page: {
      label: 'Armies in the attacking territory',
      help: 'One army must stay behind, so one fewer can attack.',
    },
  },
  {
    key: 'attackingArmies',
    kind: 'count',
    min: 1,
    max: MAX_ARMIES,
    group: 'more',
    cli: {
      flag: '--attacking-armies',
      arg: '<n>',
      help: 'alternative to --attackers: armies that may attack (not counting the one left behind)',
    },
    page: {
      label: 'Or: armies that may attack',
      help: 'Not counting the army that stays behind; instead of the armies in the attacking territory.',
    },
  },
  {
    key: 'defenders',
    kind: 'count',
    min: 1,
    max: MAX_ARMIES,
    required: true,
    appliesTo: ['battle', 'capitol'],
    cli: {
      flag: '--defenders',
      arg: '<n>',
      help: 'defending armies',
      missing: 'or give --path for a chain of attacks',
      elsewhere: 'the defenders of each territory are the --path list',
    },
    page: { label: 'Defending armies' },
  },
  {
    key: 'path',
    kind: 'counts',
    min: 1,
    max: MAX_ARMIES,
    appliesTo: ['chain'],
    choosesKind: 'chain',
    cli: {
      flag: '--path',
      arg: '<list>',
      help:
        'chained attack: defenders in each territory along the path, e.g. 3,2,4 ' +
        '(one army stays in each conquered territory)',
    },
    page: {
      label: 'Defenders along the path',
      help: 'The defending armies of each territory in turn, e.g. 3,2,4. One army stays in each territory taken.',
      placeholder: 'e.g. 3,2,4',
    },
  },
  {
    key: 'fortresses',
    kind: 'counts',
    min: 1,
    max: MAX_PATH,
    appliesTo: ['chain'],
    entry: ['path[].fortress'],
    cli: {
      flag: '--fortresses',
      arg: '<list>',
      help: 'with --path: 1-based positions on the path that are fortresses, e.g. 2,3',
      elsewhere: 'for one territory use --fortress',
    },
    page: {
      label: 'Fortresses on the path',
      help: 'Which territories along the path are fortresses, counting from 1, e.g. 2,3.',
      placeholder: 'e.g. 2,3',
    },
  },
  {
    key: 'leaders',
    kind: 'counts',
    min: 1,
    max: MAX_PATH,
    appliesTo: ['chain'],
    entry: ['path[].defendingLeader'],
    cli: {
      flag: '--leaders',
      arg: '<list>',
      help: 'with --path: 1-based positions on the path held by a defending leader, e.g. 3',
      elsewhere: 'for one territory use --defending-leader',
    },
    page: {
      label: 'Defending leaders on the path',
      help: 'Which territories along the path hold a defending leader, counting from 1, e.g. 3.',
      placeholder: 'e.g. 3',
    },
  },
  {
    key: 'capitol',
    kind: 'counts',
    min: 1,
    max: MAX_ARMIES,
    appliesTo: ['capitol'],
    choosesKind: 'capitol',
    entry: ['territories'],
    cli: {
      flag: '--capitol',
      arg: '<list>',
      help: "the defender's territory is a capitol; list the armies in its owner's other territories, e.g. 10,3,1",
      elsewhere: 'a chain and a capitol conquest are separate questions',
    },
    page: {
      label: "Armies in the capitol owner's other territories",
      help: 'Taking the capitol wins these territories too, each with part of its armies, e.g. 10,3,1.',
      placeholder: 'e.g. 10,3,1',
    },
  },
  {
    key: 'fortress',
    kind: 'flag',
    appliesTo: ['battle'],
    cli: {
      flag: '--fortress',
      help: "the defender's territory is a fortress (defender +1 on the highest die)",
      elsewhere: {
        chain: 'mark fortresses on the path with --fortresses',
        capitol: 'a capitol cannot be placed on a fortress',
      },
    },
    page: {
      label: 'Fortress',
      help: 'The defender adds 1 to the highest die (2 with a defending leader).',
    },
  },
  {
    key: 'defendingLeader',
    kind: 'flag',
    appliesTo: ['battle', 'capitol'],
    cli: {
      flag: '--defending-leader',
      help: "a leader defends (+1 on the defender's highest die; +2 with --fortress)",
      elsewhere: 'mark leaders on the path with --leaders',
    },
    page: {
      label: 'Defending leader',
      help: 'The defender adds 1 to the highest die (2 in a fortress).',
    },
  },
  {
    key: 'attackingLeader',
    kind: 'flag',
    cli: { flag: '--attacking-leader', help: "a leader attacks (+1 on the attacker's highest die)" },
    page: { label: 'Attacking leader', help: 'The attacker adds 1 to the highest die.' },
  },
  {
    key: 'leaderMoves',
    kind: 'choice',
    choices: [
      { value: 'first-attack', label: 'Stays home: only the first attack gets its +1' },
      { value: 'every-attack', label: 'Travels with the armies: every attack gets its +1' },
    ],
    default: 'first-attack',
    appliesTo: ['chain'],
    group: 'more',
    cli: {
      flag: '--leader-moves',
      arg: '<where>',
      help:
        'with --path and --attacking-leader: first-attack (the leader stays home: only the first attack gets its +1) ' +
        'or every-attack',
      elsewhere: 'a chain of attacks',
    },
    page: { label: 'The attacking leader, along the path' },
  },
  {
    key: 'stopAt',
    kind: 'count',
    min: 1,
    max: MAX_ARMIES,
    default: '1',
    cli: {
      flag: '--stop-at',
      arg: '<k>',
      help: 'stop attacking when the attacking territory is down to k armies',
    },
    page: {
      label: 'Stop when down to',
      help: 'Stop attacking when the attacking territory is down to this many armies.',
    },
  },
  {
    key: 'attackerDice',
    kind: 'count',
    min: 1,
    max: MAX_DICE,
    default: '3',
    group: 'more',
    cli: { flag: '--attacker-dice', arg: '<n>', help: 'house rule: attacker dice cap' },
    page: { label: 'Most dice the attacker rolls', help: 'A house rule.' },
  },
  {
    key: 'defenderDice',
    kind: 'count',
    min: 1,
    max: MAX_DICE,
    default: '2',
    group: 'more',
    cli: { flag: '--defender-dice', arg: '<n>', help: 'house rule: defender dice cap' },
    page: { label: 'Most dice the defender rolls', help: 'A house rule.' },
  },
  {
    key: 'ties',
    kind: 'choice',
    choices: [
      { value: 'defender', label: 'The defender' },
      { value: 'attacker', label: 'The attacker' },
    ],
    default: 'defender',
    group: 'more',
    cli: { flag: '--ties', arg: '<side>', help: 'house rule: who wins tied dice (defender|attacker)' },
    page: { label: 'Tied dice go to', help: 'A house rule.' },
  },
] as const;

type Values = ValuesOf<typeof fields>;

export const landgrabForm = defineForm({
  summary: 'Odds of one LandGrab (Risk-style) attack, a chain of attacks, or a capitol conquest',
  kinds: [
    { value: 'battle', label: 'One territory' },
    { value: 'chain', label: 'A chain' },
    { value: 'capitol', label: 'A capitol' },
  ],
  fields,
  examples: [
    'battle-odds odds landgrab --attackers 11 --defenders 10',
    'battle-odds odds landgrab --attackers 8 --defenders 5 --fortress --defending-leader --target 0.8',
    'battle-odds odds landgrab --attackers 20 --path 3,5,2 --fortresses 2 --leaders 3',
    'battle-odds odds landgrab --attackers 12 --defenders 6 --capitol 10,4,1 --json',
  ],
  toEntry(v, kind) {
    const common = {
      label: describe(v, kind),
      ...(v.attackers !== undefined ? { attackers: v.attackers } : {}),
      ...(v.attackingArmies !== undefined ? { attackingArmies: v.attackingArmies } : {}),
      attackingLeader: v.attackingLeader,
      stopAt: v.stopAt,
      attackerDice: v.attackerDice,
      defenderDice: v.defenderDice,
      ties: v.ties,
    };
    if (kind === 'chain') {
      const steps = v.path?.length ?? 0;
      const fortresses = new Set(stepPositions(v.fortresses, 'fortresses', steps));
      const leaders = new Set(stepPositions(v.leaders, 'leaders', steps));
      const path = (v.path ?? []).map((defenders, i) => ({
        defenders,
        fortress: fortresses.has(i + 1),
        defendingLeader: leaders.has(i + 1),
      }));
      // Left at its default without a leader, the entry leaves it out (given, the schema refuses it).
      const leaderMoves = v.attackingLeader || v.leaderMoves !== LEADER_MOVES[0] ? { leaderMoves: v.leaderMoves } : {};
      return { type: 'chain', ...common, path, ...leaderMoves };
    }
    if (kind === 'capitol') {
      return {
        type: 'capitol',
        ...common,
        defenders: v.defenders,
        defendingLeader: v.defendingLeader,
        territories: v.capitol,
      };
    }
    return {
      type: 'battle',
      ...common,
      defenders: v.defenders,
      fortress: v.fortress,
      defendingLeader: v.defendingLeader,
    };
  },
});

/** 1-based step positions on a path of `steps` territories, each in range. */
function stepPositions(positions: readonly number[] | undefined, key: string, steps: number): number[] {
  for (const p of positions ?? []) {
    if (p < 1 || p > steps) throw refuse(key, `position ${p} is not on the path (1..${steps})`);
  }
  return [...(positions ?? [])];
}

/** A readable label for the question, e.g. "11 in territory vs 10 (fortress)". */
function describe(v: Values, kind: string): string {
  const attackers =
    v.attackers !== undefined
      ? `${v.attackers} in territory`
      : v.attackingArmies !== undefined
        ? `${v.attackingArmies} attacking`
        : 'armies needed';
  const extras = [
    v.fortress && 'fortress',
    v.defendingLeader && 'defending leader',
    v.attackingLeader && 'attacking leader',
    v.leaderMoves === 'every-attack' && 'leader travels',
    v.stopAt !== 1 && `stop at ${v.stopAt}`,
  ].filter(Boolean);
  const tail = extras.length ? ` (${extras.join(', ')})` : '';
  if (kind === 'chain') {
    const forts = new Set(v.fortresses ?? []);
    const leaders = new Set(v.leaders ?? []);
    const steps = (v.path ?? []).map((d, i) => `${d}${forts.has(i + 1) ? 'F' : ''}${leaders.has(i + 1) ? 'L' : ''}`);
    const legend = [v.fortresses && 'F fortress', v.leaders && 'L leader'].filter(Boolean);
    return `${attackers} along path ${steps.join('-')}${legend.length ? ` [${legend.join(', ')}]` : ''}${tail}`;
  }
  if (kind === 'capitol') return `${attackers} vs capitol of ${v.defenders}${tail}`;
  return `${attackers} vs ${v.defenders}${tail}`;
}

/** `battle-odds reinforcements`: how many armies a turn brings. */
export const reinforcementsCommand = defineCommand({
  name: 'reinforcements',
  description: 'LandGrab reinforcements: max(3, floor(territories / 3)) + continent bonuses',
  fields: [
    {
      key: 'territories',
      kind: 'count',
      min: 0,
      max: MAX_TERRITORIES,
      required: true,
      cli: { flag: '--territories', arg: '<n>', help: 'territories owned' },
      page: { label: 'Territories you own' },
    },
    {
      key: 'continentBonus',
      kind: 'counts',
      min: 0,
      max: MAX_CONTINENT_BONUS,
      cli: {
        flag: '--continent-bonus',
        arg: '<list>',
        help: 'bonuses of the continents owned whole, e.g. 2,5',
      },
      page: { label: 'Bonuses of the continents you own whole', placeholder: 'e.g. 2,5' },
    },
  ],
  examples: [
    'battle-odds reinforcements --territories 14                      # max(3, 4) = 4',
    'battle-odds reinforcements --territories 14 --continent-bonus 2,5  # 4 + 7 = 11',
  ],
  run(v) {
    const territories = v.territories as number;
    const bonuses = v.continentBonus ?? [];
    if (territories < 0) throw refuse('territories', 'must be at least 0');
    if (bonuses.some((b) => b < 0)) throw refuse('continentBonus', 'bonuses must be at least 0');
    return `${reinforcements(territories, bonuses)}\n`;
  },
});
