import { describe, expect, it } from 'vitest';
import { compileRaw, duel, problems, reportOf, system } from './helpers.js';
import { parseTokens } from '../../src/systems/advanced-civilization/odds.js';

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
      'a sweep with an empty range',
      { type: 'sweep', limit: 3, attackerTokens: { min: 9, max: 1 }, defenderTokens: { min: 1, max: 3 } },
      'attackerTokens range is empty',
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
  it('is exact, with the removal log as a table', () => {
    const report = reportOf(duel(3, { tokens: 2 }, { tokens: 4 }));
    expect(report.method).toBe('exact');
    expect(report.json).toMatchObject({
      outcome: 'alone',
      alone: 'B',
      controller: 'B',
      tokensLeft: { A: 0, B: 3 },
      onlyOneNationLeft: true,
    });
    // A start row, then one row per removal.
    expect(report.tables?.removals).toHaveLength(4);
    expect(report.tables?.removals[0]).toMatchObject({
      step: 0,
      phase: 'start',
      'A tokens': 2,
      'B tokens': 4,
      note: 'conflict: 6 > limit 3',
    });
    expect(report.tables?.removals[1]).toMatchObject({ step: 1, removing: 'A', 'A tokens': 1, 'B tokens': 4 });
    expect(report.metrics.find((m) => m.key === 'alone:B')?.exact).toBe(1);
    expect(report.metrics.find((m) => m.key === 'controls:B')?.exact).toBe(1);
  });
});

describe('Engineering matchup sweep', () => {
  const sweep = { type: 'sweep', limit: 3, attackerTokens: { min: 1, max: 12 }, defenderTokens: { min: 1, max: 6 } };

  it('covers every Engineering matchup, with and without a fort, with and without Metalworking', () => {
    const report = reportOf(sweep);
    const rows = report.tables!.sweep;
    expect(rows).toHaveLength(4 * 2 * 3 * 12 * 6);
    expect(new Set(rows.map((r) => r.engineering))).toEqual(new Set(['neither', 'attacker', 'defender', 'both']));
    expect(new Set(rows.map((r) => r.fort))).toEqual(new Set([false, true]));
    expect(report.tables!['tokens-needed']).toHaveLength(4 * 2 * 3 * 6);
    expect(report.charts?.map((c) => c.name)).toEqual(['heatmap', 'tokens-needed']);
    const heatmap = report.charts![0].spec as {
      spec: { layer: Array<{ encoding: { color?: { scale?: { domain: string[] } } } }> };
    };
    expect(heatmap.spec.layer[0].encoding.color?.scale?.domain).toEqual([
      'attacker alone',
      'both stay',
      'city stands',
      'defender alone',
      'area empty',
    ]);
  });

  it('tokens needed against 4 defenders, default reading: 5 in every matchup (the fort only decides ties)', () => {
    const needed = reportOf(sweep).tables!['tokens-needed'];
    const at = (engineering: string, fort: boolean) =>
      needed.find(
        (r) =>
          r.engineering === engineering && r.fort === fort && r.metalworking === 'neither' && r.defenderTokens === 4,
      )!.tokensToOutnumber;
    // Without a fort, 5 tokens beat 4 (4 vs 4 is a tie and nobody holds).
    expect(at('neither', false)).toBe(5);
    expect(at('neither', true)).toBe(5);
    expect(at('attacker', true)).toBe(5);
    expect(at('defender', true)).toBe(5);
  });

  it('tokens needed against 4 defenders under extra-removals: +1 fort costs one token, +2 two, 0 none', () => {
    const needed = reportOf({ ...sweep, advantageReading: 'extra-removals', metalworking: ['neither'] }).tables![
      'tokens-needed'
    ];
    const at = (engineering: string, fort: boolean) =>
      needed.find((r) => r.engineering === engineering && r.fort === fort && r.defenderTokens === 4)!.tokensToOutnumber;
    expect(at('neither', false)).toBe(5);
    expect(at('neither', true)).toBe(6);
    expect(at('both', true)).toBe(6);
    expect(at('defender', true)).toBe(7);
    expect(at('attacker', true)).toBe(5);
  });

  it('the sweep agrees with the single-conflict resolver', () => {
    // The sweep agrees with the single-conflict resolver everywhere.
    for (const row of reportOf(sweep).tables!.sweep.filter((_, i) => i % 37 === 0)) {
      const single = compileRaw(
        duel(
          3,
          {
            tokens: row.attackerTokens,
            engineering: ['attacker', 'both'].includes(row.engineering as string),
            metalworking: ['attacker', 'both'].includes(row.metalworking as string),
          },
          {
            tokens: row.defenderTokens,
            engineering: ['defender', 'both'].includes(row.engineering as string),
            metalworking: ['defender', 'both'].includes(row.metalworking as string),
          },
          row.fort ? { fort: { owner: 'B' } } : {},
        ),
      );
      const o = (system.solve!(single.plan) as { outcome: { tokensLeft: number[] } }).outcome;
      expect([row.attackerLeft, row.defenderLeft]).toEqual(o.tokensLeft);
    }
  });
});

describe('odds command', () => {
  it('parses token counts, ranges and lists', () => {
    expect(parseTokens('7')).toBe(7);
    expect(parseTokens('4-9')).toEqual({ min: 4, max: 9 });
    expect(parseTokens('3,5,8')).toEqual({ values: [3, 5, 8] });
    expect(parseTokens('-3')).toBe(-3);
  });

  it('turns flags into a valid conflict, with the fort held by the defender', () => {
    const raw = system.odds.toBattle({
      limit: 3,
      attacker: '6',
      defender: '2-6',
      fort: true,
      defenderTech: 'engineering',
      attackerTech: '',
    });
    expect(problems(raw)).toEqual([]);
    expect(compileRaw(raw).tallySize).toBeGreaterThan(0);
    expect(raw).toMatchObject({
      fort: { owner: 'defender' },
      nations: [
        { name: 'attacker', tokens: 6 },
        { name: 'defender', engineering: true },
      ],
    });
  });

  it('turns --sweep into a sweep entry', () => {
    const raw = system.odds.toBattle({ limit: 3, sweep: '1-12', defender: '1-8' });
    expect(problems(raw)).toEqual([]);
    expect(raw).toMatchObject({
      type: 'sweep',
      attackerTokens: { min: 1, max: 12 },
      defenderTokens: { min: 1, max: 8 },
    });
  });

  it('rejects an unknown technology', () => {
    expect(() => system.odds.toBattle({ limit: 3, attacker: '6', defender: '4', attackerTech: 'gunpowder' })).toThrow(
      'unknown technology "gunpowder"',
    );
  });
});
