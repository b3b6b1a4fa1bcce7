import { describe, expect, it } from 'vitest';
import { compileRaw, duel, problems, reportOf, rowsOf, tableOf } from './helpers.js';
import { advancedCivilizationForm } from '../../../../src/core/systems/advanced-civilization/form.js';
import { parseUncertainCount } from '../../../../src/core/form/read.js';
import { entryFromWords } from '../../../helpers/form.js';

describe('bad inputs get clear errors', () => {
  const cases: Array<[string, unknown, string]> = [
    ['negative tokens', duel(3, { tokens: -2 }, { tokens: 4 }), 'tokens must be >= 0'],
    ['a negative limit', duel(-1, { tokens: 2 }, { tokens: 4 }), 'limit (the area population limit) must be >= 0'],
    [
      'a fort without an owner',
      duel(3, { tokens: 2 }, { tokens: 4 }, { fort: {} }),
      'a fort needs an owner: set fort.owner to one of the nations ("A", "B")',
    ],
    [
      'a fort given as true',
      duel(3, { tokens: 2 }, { tokens: 4 }, { fort: true }),
      'a fort needs an owner: set fort.owner to one of the nations',
    ],
    [
      'a fort owner who is not in the area',
      duel(3, { tokens: 2 }, { tokens: 4 }, { fort: { owner: 'Crete' } }),
      'fort.owner "Crete" is not one of the nations',
    ],
    [
      'a city without an owner',
      duel(3, { tokens: 2 }, { tokens: 4 }, { city: true }),
      'a city needs an owner: set city.owner to one of the nations',
    ],
    [
      'more Army tokens than tokens',
      duel(3, { tokens: 2, armies: 3 }, { tokens: 4 }),
      "armies (3) cannot exceed the nation's tokens",
    ],
    [
      'an empty token range',
      duel(3, { tokens: { min: 5, max: 2 } }, { tokens: 4 }),
      'tokens range is empty: min 5 is above max 2',
    ],
    [
      'weights that do not match the values',
      duel(3, { tokens: { values: [1, 2], weights: [1] } }, { tokens: 4 }),
      'weights needs one weight per value (2), got 1',
    ],
    ['a single nation', { limit: 3, nations: [{ name: 'A', tokens: 3 }] }, 'a conflict needs at least two nations'],
    [
      'two nations with one name',
      {
        limit: 3,
        nations: [
          { name: 'A', tokens: 3 },
          { name: 'A', tokens: 2 },
        ],
      },
      'nation names must be unique',
    ],
    ['an unknown key', duel(3, { tokens: 2, cavalry: true }, { tokens: 4 }), 'cavalry'],
    [
      'an unknown reading',
      duel(3, { tokens: 2 }, { tokens: 4 }, { advantageReading: 'dice' }),
      'advantageReading must be "order"',
    ],
    [
      'the old sweep battle type',
      { type: 'sweep', limit: 3, attackerTokens: { min: 1, max: 9 }, defenderTokens: { min: 1, max: 3 } },
      'Engineering matchup tables are scenario sweeps now',
    ],
  ];
  for (const [name, raw, message] of cases) {
    it(name, () => {
      const found = problems(raw);
      expect(found.join('\n')).toContain(message);
    });
  }
  it('a valid entry has no problems, and the type defaults to conflict', () => {
    expect(
      problems({
        limit: 3,
        nations: [
          { name: 'A', tokens: 3 },
          { name: 'B', tokens: 2 },
        ],
        fort: { owner: 'B' },
      }),
    ).toEqual([]);
  });
});

describe('fixed conflict report', () => {
  it('is exact, with the outcome as 0/1 metrics, tokens left as values and the removal log as a table', () => {
    const report = reportOf(duel(3, { tokens: 2 }, { tokens: 4 }));
    const exact = (key: string) => report.metrics.find((m) => m.key === key)?.exact;
    expect(report.metrics[0]).toMatchObject({ key: 'controls_0', kind: 'probability', estimate: 0, exact: 0 });
    expect([exact('alone_0'), exact('alone_1'), exact('stay'), exact('empty')]).toEqual([0, 1, 0, 0]);
    expect(exact('controls_1')).toBe(1);
    expect(report.metrics.filter((m) => m.kind === 'value').map((m) => [m.key, m.label, m.exact])).toEqual([
      ['left_0', 'A tokens left', 0],
      ['left_1', 'B tokens left', 3],
      ['tokensRemoved', 'Tokens removed', 3],
    ]);
    // A fixed conflict has no distribution worth a chart; its tokens over the removals are.
    expect(report.distributions).toEqual([]);
    const removals = rowsOf(tableOf(report, 'removals'));
    // A start row, then one row per removal.
    expect(removals).toHaveLength(4);
    expect(removals[0]).toMatchObject({
      step: 0,
      phase: 'start',
      'A tokens': 2,
      'B tokens': 4,
      note: 'conflict: 6 > limit 3',
    });
    expect(removals[1]).toMatchObject({ step: 1, removing: 'A', 'A tokens': 1, 'B tokens': 4 });
    const chart = report.charts.find((c) => c.name === 'tokens');
    expect(chart?.kind).toBe('lines');
    if (chart?.kind !== 'lines') return;
    expect(chart.series).toEqual(['A', 'B']);
    expect(chart.x.values).toEqual([0, 1, 2, 3]);
    expect(chart.points.filter((p) => p.series === 'B').map((p) => p.y)).toEqual([4, 4, 3, 3]);
  });
});

describe('the question form (odds advanced-civilization, the page)', () => {
  it('reads token counts, ranges and lists', () => {
    expect(parseUncertainCount('7')).toBe(7);
    expect(parseUncertainCount('4-9')).toEqual({ min: 4, max: 9 });
    expect(parseUncertainCount('3,5,8')).toEqual({ values: [3, 5, 8] });
    expect(parseUncertainCount('-3')).toBe(-3);
  });

  it('makes a valid conflict, with the fort held by the defender', () => {
    const raw = entryFromWords(advancedCivilizationForm, [
      ...['--limit', '3', '--attacker', '6', '--defender', '2-6', '--fort', '--defender-tech', 'engineering'],
    ]);
    expect(problems(raw)).toEqual([]);
    expect(compileRaw(raw).plan.sampled).toBe(true);
    expect(raw).toMatchObject({
      fort: { owner: 'defender' },
      nations: [
        { name: 'attacker', tokens: 6 },
        { name: 'defender', engineering: true },
      ],
    });
  });

  it('rejects an unknown technology', () => {
    expect(() =>
      entryFromWords(advancedCivilizationForm, [
        '--limit',
        '3',
        '--attacker',
        '6',
        '--defender',
        '4',
        '--attacker-tech',
        'gunpowder',
      ]),
    ).toThrow('unknown technology "gunpowder"');
  });
});
