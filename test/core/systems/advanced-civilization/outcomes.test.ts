import { describe, expect, it } from 'vitest';
import { duel, outcomeOf, reportOf, rowsOf, tableOf } from './helpers.js';
import { computeLevels } from '../../../../src/core/systems/advanced-civilization/resolver.js';
import type { ConflictRules } from '../../../../src/core/systems/advanced-civilization/rules.js';

const threeAtCity = {
  limit: 4,
  nations: [
    { name: 'Assyria', tokens: 8, metalworking: true },
    { name: 'Babylon', tokens: 0, engineering: true },
    { name: 'Crete', tokens: 3 },
  ],
  city: { owner: 'Babylon' },
};

describe('outcome categories: a standing city counts as its owner being present', () => {
  it('6 tokens against a city at limit 2: the city stands beside them, so nobody is alone', () => {
    const report = reportOf(duel(2, { tokens: 6 }, { tokens: 0 }, { city: { owner: 'B' } }));
    const exact = (key: string) => report.metrics.find((m) => m.key === key)?.exact;
    expect(exact('cityStands')).toBe(1);
    expect([exact('alone_0'), exact('alone_1'), exact('stay'), exact('empty')]).toEqual([0, 0, 0, 0]);
    expect([exact('controls_0'), exact('controls_1'), exact('controls_none')]).toEqual([0, 1, 0]);
    expect(exact('cityAttacked')).toBe(0);
  });

  it('three nations at a city: Crete is eliminated, Assyria is 2 short of the 8 needed, the city stands', () => {
    const o = outcomeOf(threeAtCity);
    expect(o.tokensLeft).toEqual([6, 0, 0]);
    expect(o.kind).toBe('city-stands');
    expect(o.sole).toBe(false);
    expect(o.city).toEqual({ attacker: 0, tokens: 6, needed: 8, replacement: 7 });
  });

  it('both stay when the limit is met, and the majority controls the fort', () => {
    const o = outcomeOf(duel(3, { tokens: 4 }, { tokens: 4 }, { fort: { owner: 'B' } }));
    expect(o.kind).toBe('stay');
    expect(o.alone).toBe(-1);
    expect(o.holderName).toBe('B');
  });

  it('a city owner with no tokens is alone when nobody else is left', () => {
    const o = outcomeOf({
      limit: 1,
      nations: [
        { name: 'A', tokens: 2 },
        { name: 'B', tokens: 0 },
        { name: 'C', tokens: 2 },
      ],
      city: { owner: 'B' },
    });
    // A and C remove together to 0: only B's city is left.
    expect(o.tokensLeft).toEqual([0, 0, 0]);
    expect(o.kind).toBe('alone');
    expect(o.alone).toBe(1);
  });

  it('the fort is removed when the area ends empty', () => {
    // Only A holds Engineering: the fort gives B nothing, equal counts remove together to 0 / 0.
    const o = outcomeOf(duel(0, { tokens: 3, engineering: true }, { tokens: 3 }, { fort: { owner: 'B' } }));
    expect(o.tokensLeft).toEqual([0, 0]);
    expect(o.kind).toBe('empty');
    expect(o.fort).toBe('removed');
    expect(o.holder).toBe(-1);
  });
});

describe('three nations and a fort: "the opponent holds Engineering" means any other nation present', () => {
  const rules = (cEngineering: boolean): ConflictRules => ({
    limit: 1,
    names: ['A', 'B', 'C'],
    metalworking: [false, false, false],
    engineering: [false, false, cEngineering],
    military: [false, false, false],
    mathematics: [false, false, false],
    fortOwner: 1,
    cityOwner: -1,
    reading: 'order',
    fortWhereCityDestroyed: 'removed',
    fortEngineeringOpponents: 'any',
    replacedCityTieBreak: 'owner',
  });
  it('a third nation with Engineering takes the fort bonus to 0; without it the fort gives +1', () => {
    const levels = new Int32Array(3);
    computeLevels(rules(true), Int32Array.of(3, 3, 3), Int32Array.of(0, 0, 0), levels);
    expect(Array.from(levels)).toEqual([0, 0, 0]);
    computeLevels(rules(false), Int32Array.of(3, 3, 3), Int32Array.of(0, 0, 0), levels);
    expect(Array.from(levels)).toEqual([0, 1, 0]);
  });
  it('an Engineering nation that has left the area no longer counts', () => {
    const levels = new Int32Array(3);
    computeLevels(rules(true), Int32Array.of(3, 3, 0), Int32Array.of(0, 0, 0), levels);
    expect(Array.from(levels)).toEqual([0, 1, 0]);
  });
});

describe('verdicts: the answer in words', () => {
  it('both stay at the limit: names the counts, the majority and the fort', () => {
    const report = reportOf({
      limit: 3,
      nations: [
        { name: 'Assyria', tokens: 4 },
        { name: 'Egypt', tokens: 4 },
      ],
      fort: { owner: 'Egypt' },
    });
    expect(report.verdict[0]).toBe(
      'Limit 3 no longer exceeded after 5 removals: Assyria 1 and Egypt 2 both stay. ' +
        'Egypt has the majority and keeps the fort.',
    );
    expect(report.verdict[1]).toBe(
      'Advantage Levels at the start: Assyria 0, Egypt 1 (fort +1: neither holds Engineering); ' +
        'reading "order": the lower level removes first, whatever the counts.',
    );
  });

  it('a tie that goes to the fort controller', () => {
    const report = reportOf({
      limit: 3,
      nations: [
        { name: 'Assyria', tokens: 4, engineering: true },
        { name: 'Egypt', tokens: 4 },
      ],
      fort: { owner: 'Egypt' },
    });
    expect(report.verdict[0]).toBe(
      'Limit 3 no longer exceeded after 6 removals: Assyria 1 and Egypt 1 both stay. ' +
        "Equal counts: the tie goes to Egypt, the fort's controller, who keeps the fort.",
    );
  });

  it('three nations at a city', () => {
    expect(reportOf(threeAtCity).verdict[0]).toBe(
      "Crete is eliminated after 5 removals. Assyria's 6 tokens are short of the 8 needed to attack " +
        "Babylon's city (Babylon holds Engineering): the city stands. " +
        "Babylon keeps control of the area; Assyria's 6 tokens stay beside it.",
    );
  });

  it("a standing city keeps control for its owner, and the fort's fate is said of the owner (issue 18)", () => {
    const area = (fort: string) => ({ city: { owner: 'defender' }, fort: { owner: fort } });
    const names = (a: number, d: number) => [
      { name: 'attacker', tokens: a },
      { name: 'defender', tokens: d },
    ];
    // The owner keeps its own fort: 'and the fort' is the owner's, the tokens beside it stay (plural).
    expect(reportOf({ limit: 3, nations: names(5, 4), ...area('defender') }).verdict[0]).toBe(
      'Limit 3 no longer exceeded after 6 removals: attacker 2 and defender 1 both stay. ' +
        "Attacker's 2 tokens are short of the 7 needed to attack defender's city: the city stands. " +
        "Defender keeps control of the area and the fort; attacker's 2 tokens stay beside it.",
    );
    // One token beside it stays (singular).
    expect(reportOf({ limit: 3, nations: names(4, 4), ...area('defender') }).verdict[0]).toMatch(
      /Defender keeps control of the area and the fort; attacker's 1 token stays beside it\.$/,
    );
    // The attacker's fort, in an area the defender's standing city controls: the defender captures it.
    const captured = { limit: 3, nations: names(5, 4), ...area('attacker') };
    expect(outcomeOf(captured)).toMatchObject({ holder: 1, fort: 'captured' });
    expect(reportOf(captured).verdict[0]).toMatch(
      /Defender keeps control of the area and captures the fort; attacker's 2 tokens stay beside it\.$/,
    );
  });

  it("a tie that goes to the city's owner, who captures a third nation's fort", () => {
    // B's city (Metalworking) replaced by 6 tokens against A's 7 at limit 2: 1/1 (readings.test.ts); C holds the fort.
    const raw = {
      limit: 2,
      nations: [
        { name: 'A', tokens: 7 },
        { name: 'B', tokens: 0, metalworking: true },
        { name: 'C', tokens: 0 },
      ],
      city: { owner: 'B' },
      fort: { owner: 'C' },
    };
    expect(outcomeOf(raw)).toMatchObject({ holder: 1, fort: 'captured', tokensLeft: [1, 1, 0] });
    expect(reportOf(raw).verdict[0]).toMatch(
      /Equal counts: the tie goes to B, the city's owner, who captures the fort\.$/,
    );
  });

  it('every number of the conflict is a named value: the decision, the entry or a metric', () => {
    const report = reportOf(duel(2, { tokens: 7 }, { tokens: 0 }, { city: { owner: 'B' } }));
    expect(report.decisions?.conflict).toEqual({
      total: 7,
      tokenFight: null,
      city: { attacker: 0, tokens: 7, needed: 7, replacement: 6, attacked: true },
      cityFight: { removals: 11, after: [2, 0] },
      // No level and no fort: nothing to explain.
      levels: [],
    });
    expect(report.verdictQuotes[0].map((q) => q.ref)).toEqual([
      'entry.nations.0.name',
      'entry.nations.1.name',
      'decisions.conflict.city.tokens',
      'decisions.conflict.city.needed',
      'decisions.conflict.city.replacement',
      'entry.nations.1.name',
      'entry.nations.1.name',
      'decisions.conflict.cityFight.removals',
      'entry.nations.0.name',
      'metric.left_0',
    ]);
  });

  it('a city attacked and taken', () => {
    const report = reportOf(duel(2, { tokens: 7 }, { tokens: 0 }, { city: { owner: 'B' } }));
    expect(report.verdict[0]).toBe(
      "A attacks B's city with 7 tokens (7 needed): it is replaced by 6 B tokens. " +
        'City fight: B is eliminated after 11 removals. A is alone in the area with 2 tokens.',
    );
  });

  it('the extra-removals reading is named when levels differ, and a captured fort is said', () => {
    const report = reportOf(
      duel(2, { tokens: 6 }, { tokens: 2 }, { fort: { owner: 'B' }, advantageReading: 'extra-removals' }),
    );
    // A removes 1 extra (5/2) for the fort's +1, then B (fewer) first: 5/1, 4/1, 4/0.
    expect(report.verdict[0]).toBe(
      'B is eliminated after 4 removals. A is alone in the area with 4 tokens and captures the fort.',
    );
    expect(report.verdict[1]).toContain('reading "extra-removals"');
  });

  it("the docs' worked example: B's city and fort, no tokens, 9 attackers; B's +1 listed, removing after A", () => {
    const places = { city: { owner: 'B' }, fort: { owner: 'B' } };
    const report = reportOf(duel(2, { tokens: 9 }, { tokens: 0 }, places));
    expect(report.verdict[1]).toBe(
      'Advantage Levels at the start: A 0, B 1 (fort +1: neither holds Engineering), ' +
        "in the city fight with its city's 6 tokens; " +
        'reading "order": the lower level removes first, whatever the counts.',
    );
    // As the resolver fought it: A removes first in every round of the city fight (A 8/6, B 8/5, ...).
    const rounds = rowsOf(tableOf(report, 'removals')).filter((r) => r.phase === 'city fight' && r.removing);
    expect(rounds.slice(0, 4).map((r) => r.removing)).toEqual(['A', 'B', 'A', 'B']);
    expect(rounds.every((r) => r['B level'] === 1 && r['A level'] === 0)).toBe(true);
  });

  it('a fort controller with no tokens and no city is listed but not in the fight: the fighters decide', () => {
    const report = reportOf({
      limit: 1,
      nations: [
        { name: 'A', tokens: 3 },
        { name: 'B', tokens: 0 },
        { name: 'C', tokens: 3 },
      ],
      fort: { owner: 'B' },
    });
    expect(report.verdict[1]).toBe(
      'Advantage Levels at the start: A 0, C 0, B 1 (fort +1: B lacks Engineering, no opponent holds it), ' +
        'no tokens in the area; equal levels: the counts decide.',
    );
  });

  it('no conflict', () => {
    expect(reportOf(duel(6, { tokens: 3 }, { tokens: 2 })).verdict).toEqual([
      'No conflict: 5 tokens do not exceed the limit 6. A has the majority.',
    ]);
  });
});

describe('the removal log is never empty', () => {
  it('no conflict: one row that says why', () => {
    const rows = rowsOf(tableOf(reportOf(duel(6, { tokens: 3 }, { tokens: 2 })), 'removals'));
    expect(rows).toEqual([
      {
        step: 0,
        phase: 'start',
        round: null,
        removing: null,
        note: 'no conflict: 5 <= limit 6',
        'A tokens': 3,
        'A level': 0,
        'B tokens': 2,
        'B level': 0,
      },
    ]);
  });

  it('a city that is not attacked gets a row with the threshold', () => {
    const rows = rowsOf(tableOf(reportOf(duel(2, { tokens: 6 }, { tokens: 0 }, { city: { owner: 'B' } })), 'removals'));
    expect(rows.map((r) => r.note)).toEqual([
      'no token fight: only one nation has tokens in the area',
      'no city attack: A 6 < 7 needed',
    ]);
  });

  it('under extra-removals the rounds log the real Advantage Levels, not 0', () => {
    // A 4 vs B 4 holding a fort with Engineering (+2): A removes 2 extra, then rounds by counts.
    const rows = rowsOf(
      tableOf(
        reportOf(
          duel(
            3,
            { tokens: 4 },
            { tokens: 4, engineering: true },
            { fort: { owner: 'B' }, advantageReading: 'extra-removals' },
          ),
        ),
        'removals',
      ),
    );
    const rounds = rows.filter((r) => typeof r.round === 'number' && (r.round as number) > 0);
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) expect([r['A level'], r['B level']]).toEqual([0, 2]);
  });
});

describe('the docs table: A 4 against B 4 holding a fort, limit 3, under extra-removals', () => {
  it('both hold Engineering: +1, the same as neither (1/2, both stay, B has the majority)', () => {
    const o = outcomeOf(
      duel(
        3,
        { tokens: 4, engineering: true },
        { tokens: 4, engineering: true },
        { fort: { owner: 'B' }, advantageReading: 'extra-removals' },
      ),
    );
    expect(o.tokensLeft).toEqual([1, 2]);
    expect(o.kind).toBe('stay');
    expect(o.holderName).toBe('B');
  });
  it('only the defender holds Engineering: +2, B alone in the area', () => {
    const o = outcomeOf(
      duel(
        3,
        { tokens: 4 },
        { tokens: 4, engineering: true },
        { fort: { owner: 'B' }, advantageReading: 'extra-removals' },
      ),
    );
    expect(o.kind).toBe('alone');
    expect(o.alone).toBe(1);
  });
});
