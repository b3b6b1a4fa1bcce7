/** LandGrab from the command line: `battle-odds odds landgrab` and `battle-odds reinforcements`. */
import type { OddsCommand, SystemCli } from '../../cli/oddsContract.js';
import { InputError } from '../../engine/inputError.js';
import { MAX_CONTINENT_BONUS, MAX_TERRITORIES, reinforcements } from './reinforcements.js';
import { MAX_ARMIES, MAX_PATH } from './schema.js';
import { MAX_DICE } from './tables.js';

export const landgrabOdds: OddsCommand = {
  summary: 'Odds of one LandGrab (Risk-style) attack, a chain of attacks, or a capitol conquest',
  options: [
    {
      flags: '--attackers <n>',
      parse: 'int',
      max: MAX_ARMIES,
      description: 'armies in the attacking territory (one must stay behind, so n - 1 may attack)',
    },
    {
      flags: '--attacking-armies <n>',
      parse: 'int',
      max: MAX_ARMIES,
      description: 'alternative to --attackers: armies that may attack (not counting the one left behind)',
    },
    { flags: '--defenders <n>', parse: 'int', max: MAX_ARMIES, description: 'defending armies' },
    {
      flags: '--path <list>',
      parse: 'int-list',
      max: MAX_ARMIES,
      description:
        'chained attack: defenders in each territory along the path, e.g. 3,2,4 ' +
        '(one army stays in each conquered territory)',
    },
    {
      flags: '--fortresses <list>',
      parse: 'int-list',
      max: MAX_PATH,
      description: 'with --path: 1-based positions on the path that are fortresses, e.g. 2,3',
    },
    {
      flags: '--leaders <list>',
      parse: 'int-list',
      max: MAX_PATH,
      description: 'with --path: 1-based positions on the path held by a defending leader, e.g. 3',
    },
    {
      flags: '--capitol <list>',
      parse: 'int-list',
      max: MAX_ARMIES,
      description:
        "the defender's territory is a capitol; list the armies in its owner's other territories, e.g. 10,3,1",
    },
    { flags: '--fortress', description: "the defender's territory is a fortress (defender +1 on the highest die)" },
    {
      flags: '--defending-leader',
      description: "a leader defends (+1 on the defender's highest die; +2 with --fortress)",
    },
    { flags: '--attacking-leader', description: "a leader attacks (+1 on the attacker's highest die)" },
    {
      flags: '--leader-moves <where>',
      parse: 'text',
      description:
        'with --path and --attacking-leader: first-attack (the leader stays home: only the first attack gets its +1) ' +
        'or every-attack',
      default: 'first-attack',
    },
    {
      flags: '--stop-at <k>',
      parse: 'int',
      max: MAX_ARMIES,
      description: 'stop attacking when the attacking territory is down to k armies',
      default: '1',
    },
    {
      flags: '--attacker-dice <n>',
      parse: 'int',
      max: MAX_DICE,
      description: 'house rule: attacker dice cap',
      default: '3',
    },
    {
      flags: '--defender-dice <n>',
      parse: 'int',
      max: MAX_DICE,
      description: 'house rule: defender dice cap',
      default: '2',
    },
    {
      flags: '--ties <side>',
      parse: 'text',
      description: 'house rule: who wins tied dice (defender|attacker)',
      default: 'defender',
    },
  ],
  flagFor(field) {
    if (field === 'leaderMoves') return '--leader-moves';
    if (field === 'territories' || field.startsWith('territories[')) return '--capitol';
    if (/^path\[\d+\]\.fortress/.test(field)) return '--fortresses';
    if (/^path\[\d+\]\.defendingLeader/.test(field)) return '--leaders';
    if (field === 'path' || field.startsWith('path[')) return '--path';
    return undefined;
  },
  examples: [
    'battle-odds odds landgrab --attackers 11 --defenders 10',
    'battle-odds odds landgrab --attackers 8 --defenders 5 --fortress --defending-leader --target 0.8',
    'battle-odds odds landgrab --attackers 20 --path 3,5,2 --fortresses 2 --leaders 3',
    'battle-odds odds landgrab --attackers 12 --defenders 6 --capitol 10,4,1 --json',
  ],
  toBattle(flags) {
    rejectMisplacedFlags(flags);
    const common = {
      label: describe(flags),
      ...(flags.attackers !== undefined ? { attackers: flags.attackers } : {}),
      ...(flags.attackingArmies !== undefined ? { attackingArmies: flags.attackingArmies } : {}),
      attackingLeader: Boolean(flags.attackingLeader),
      stopAt: flags.stopAt,
      attackerDice: flags.attackerDice,
      defenderDice: flags.defenderDice,
      ties: flags.ties,
    };
    if (flags.path !== undefined) {
      const steps = (flags.path as number[]).length;
      const fortresses = new Set(stepPositions(flags.fortresses, '--fortresses', steps));
      const leaders = new Set(stepPositions(flags.leaders, '--leaders', steps));
      const path = (flags.path as number[]).map((defenders, i) => ({
        defenders,
        fortress: fortresses.has(i + 1),
        defendingLeader: leaders.has(i + 1),
      }));
      // Left at its default without a leader, the entry leaves it out (given, the schema refuses it).
      const leaderMoves =
        flags.attackingLeader || flags.leaderMoves !== 'first-attack' ? { leaderMoves: flags.leaderMoves } : {};
      return { type: 'chain', ...common, path, ...leaderMoves };
    }
    if (flags.capitol !== undefined) {
      return {
        type: 'capitol',
        ...common,
        defenders: flags.defenders,
        defendingLeader: Boolean(flags.defendingLeader),
        ...(flags.fortress ? { fortress: true } : {}),
        territories: flags.capitol,
      };
    }
    return {
      type: 'battle',
      ...common,
      defenders: flags.defenders,
      fortress: Boolean(flags.fortress),
      defendingLeader: Boolean(flags.defendingLeader),
    };
  },
};

/** Flags that belong to another kind of question are refused, never silently dropped. */
function rejectMisplacedFlags(flags: Record<string, unknown>): void {
  const given = (name: string) => flags[name] !== undefined && flags[name] !== false;
  if (given('path')) {
    for (const [name, flag, instead] of [
      ['defenders', '--defenders', 'the defenders of each territory are the --path list'],
      ['fortress', '--fortress', 'mark fortresses on the path with --fortresses'],
      ['defendingLeader', '--defending-leader', 'mark leaders on the path with --leaders'],
      ['capitol', '--capitol', 'a chain and a capitol conquest are separate questions'],
    ] as const) {
      if (given(name)) throw new InputError('odds landgrab', flag, `does not apply with --path (${instead})`);
    }
  } else {
    if (given('fortresses'))
      throw new InputError(
        'odds landgrab',
        '--fortresses',
        'applies only with --path (for one territory use --fortress)',
      );
    if (given('leaders'))
      throw new InputError(
        'odds landgrab',
        '--leaders',
        'applies only with --path (for one territory use --defending-leader)',
      );
    if (flags.leaderMoves !== undefined && flags.leaderMoves !== 'first-attack')
      throw new InputError('odds landgrab', '--leader-moves', 'applies only with --path (a chain of attacks)');
    if (flags.defenders === undefined)
      throw new InputError('odds landgrab', '--defenders', 'is required (or give --path for a chain of attacks)');
  }
}

/** 1-based step positions on a path of `steps` territories, each in range. */
function stepPositions(value: unknown, flag: string, steps: number): number[] {
  const positions = (value as number[] | undefined) ?? [];
  for (const p of positions) {
    if (p < 1 || p > steps)
      throw new InputError('odds landgrab', flag, `position ${p} is not on the path (1..${steps})`);
  }
  return positions;
}

/** A readable label for the question, e.g. "11 in territory vs 10 (fortress)". */
function describe(flags: Record<string, unknown>): string {
  const attackers =
    flags.attackers !== undefined
      ? `${flags.attackers} in territory`
      : flags.attackingArmies !== undefined
        ? `${flags.attackingArmies} attacking`
        : '?';
  const extras = [
    flags.fortress && 'fortress',
    flags.defendingLeader && 'defending leader',
    flags.attackingLeader && 'attacking leader',
    flags.leaderMoves === 'every-attack' && 'leader travels',
    flags.stopAt !== undefined && flags.stopAt !== 1 && `stop at ${flags.stopAt}`,
  ].filter(Boolean);
  const tail = extras.length ? ` (${extras.join(', ')})` : '';
  if (flags.path !== undefined) {
    const forts = new Set((flags.fortresses as number[] | undefined) ?? []);
    const leaders = new Set((flags.leaders as number[] | undefined) ?? []);
    const steps = (flags.path as number[]).map(
      (d, i) => `${d}${forts.has(i + 1) ? 'F' : ''}${leaders.has(i + 1) ? 'L' : ''}`,
    );
    const legend = [flags.fortresses && 'F fortress', flags.leaders && 'L leader'].filter(Boolean);
    return `${attackers} along path ${steps.join('-')}${legend.length ? ` [${legend.join(', ')}]` : ''}${tail}`;
  }
  if (flags.capitol !== undefined) return `${attackers} vs capitol of ${flags.defenders}${tail}`;
  return `${attackers} vs ${flags.defenders}${tail}`;
}

export const landgrabCli: SystemCli = {
  odds: landgrabOdds,
  commands: [
    {
      name: 'reinforcements',
      description: 'LandGrab reinforcements: max(3, floor(territories / 3)) + continent bonuses',
      options: [
        {
          flags: '--territories <n>',
          parse: 'int',
          max: MAX_TERRITORIES,
          description: 'territories owned',
          required: true,
        },
        {
          flags: '--continent-bonus <list>',
          parse: 'int-list',
          max: MAX_CONTINENT_BONUS,
          description: 'bonuses of the continents owned whole, e.g. 2,5',
        },
      ],
      examples: [
        'battle-odds reinforcements --territories 14                      # max(3, 4) = 4',
        'battle-odds reinforcements --territories 14 --continent-bonus 2,5  # 4 + 7 = 11',
      ],
      run(flags) {
        const territories = flags.territories as number;
        const bonuses = (flags.continentBonus as number[] | undefined) ?? [];
        if (territories < 0) throw new InputError('reinforcements', '--territories', 'must be at least 0');
        if (bonuses.some((b) => b < 0))
          throw new InputError('reinforcements', '--continent-bonus', 'bonuses must be at least 0');
        return `${reinforcements(territories, bonuses)}\n`;
      },
    },
  ],
};
