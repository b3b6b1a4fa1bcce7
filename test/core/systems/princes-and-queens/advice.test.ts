/**
 * "From how far can I attack?" (`--target`, `--advise`, `should-i-attack`): every answer is
 * checked the independent way (its distance works, the next one does not, and every nearer
 * one works), a few by hand, and the verdict lines word for word.
 */
import { describe, expect, it } from 'vitest';
import { princesAndQueens as system } from '../../../../src/core/systems/princes-and-queens/index.js';
import type { PqPlan } from '../../../../src/core/systems/princes-and-queens/plan.js';
import {
  farthestAttack,
  farthestHold,
  type Reach,
} from '../../../../src/core/systems/princes-and-queens/advice/reach.js';
import { resolveAttack } from '../../../../src/core/systems/princes-and-queens/values.js';
import { MAX_DISTANCE } from '../../../../src/core/systems/princes-and-queens/schema.js';
import { compileEntry, type Battle } from '../../../../src/core/engine/validate/entry.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { isUnsolved } from '../../../../src/core/model/contract.js';
import { type Question } from '../../../../src/core/model/question.js';
import { cli } from '../../../helpers/cli.js';

function compile(raw: Record<string, unknown>): Battle<PqPlan> {
  return compileEntry(system, raw, 'test', '', 'test') as Battle<PqPlan>;
}

function ask(raw: Record<string, unknown>, question: Question) {
  const battle = compile(raw);
  const exact = system.solve!(battle.plan);
  if (isUnsolved(exact)) throw new Error(exact.unsolved);
  return describeBattle(system, battle, null, 0, exact, question);
}

/** The farthest distance checked the other way round: it works, the next does not, all nearer ones do. */
function expectFarthest(r: Reach, works: (d: number) => boolean): void {
  if (r.farthest === null) {
    expect(works(1)).toBe(false);
    return;
  }
  for (let d = 1; d <= r.farthest; d++) expect(works(d), `distance ${d}`).toBe(true);
  if (r.any) expect(r.farthest).toBe(MAX_DISTANCE);
  else expect(works(r.farthest + 1), `distance ${r.farthest + 1}`).toBe(false);
}

const defenders: Array<Record<string, unknown> & { defender: string }> = [
  ...[1, 2, 3, 4, 5, 6].flatMap((d) => [
    { defender: 'prince', defenderDistance: d },
    { defender: 'prince', defenderDistance: d, withCity: true },
    { defender: 'two-princes', defenderDistance: d },
  ]),
  { defender: 'queen' },
  { defender: 'queen', withCity: true },
  { defender: 'city' },
];

describe('the farthest distances, checked the independent way', () => {
  const cases = defenders.flatMap((d) =>
    ['plain', 'mountain'].flatMap((terrain) =>
      ['attacker-wins', 'not-possible'].flatMap((ties) =>
        ['zero', 'none'].map((princeFloor) => ({ ...d, terrain, ties, princeFloor, distance: 2, princes: 1 })),
      ),
    ),
  );

  it(`attacking with one and with two Princes (${cases.length} defences and readings)`, () => {
    for (const raw of cases) {
      const plan = compile(raw).plan as PqPlan;
      for (const princes of [1, 2] as const) {
        const works = (d: number) => resolveAttack(princes, d, plan.defence, plan.ties, plan.floor).possible;
        expectFarthest(farthestAttack(plan, princes), works);
      }
    }
  });

  it('a defending Prince holding against this attack', () => {
    for (const raw of cases.filter((c) => c.defender !== 'queen' && c.defender !== 'city')) {
      const plan = compile(raw).plan as PqPlan;
      const holds = (d: number) =>
        !resolveAttack(plan.princes, plan.distance, { ...plan.defence, distance: d }, plan.ties, plan.floor).possible;
      expectFarthest(farthestHold(plan)!, holds);
    }
    expect(farthestHold(compile({ distance: 2, terrain: 'plain', defender: 'queen' }).plan as PqPlan)).toBeNull();
  });

  it('by hand: a mountain Prince 3 from his Queen defends with (5 - 3) x 2 = 4', () => {
    const plan = compile({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 }).plan as PqPlan;
    // One Prince: 5 - d >= 4 up to 1; two: 2 (5 - d) >= 4 up to 3; he holds while (5 - j) x 2 > 3, up to 3.
    expect(farthestAttack(plan, 1)).toMatchObject({ farthest: 1, value: 4, against: 4 });
    expect(farthestAttack(plan, 2)).toMatchObject({ farthest: 3, value: 4, against: 4 });
    expect(farthestHold(plan)).toMatchObject({ farthest: 3, value: 4, against: 3 });
  });
});

describe('the answer in words', () => {
  it('no question, no extra lines (the odds are as they were)', () => {
    const report = ask({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 }, {});
    expect(report.verdict).toHaveLength(2);
    expect(report.tables.map((t) => t.name)).toEqual(['values']);
  });

  it('one and two Princes, and how far the defending Prince holds', () => {
    const report = ask({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 }, { advise: true });
    expect(report.verdict.slice(2)).toEqual([
      'Farthest attack on this defender: one Prince up to 1 hex from his Queen, two Princes up to 3 hexes from ' +
        'their Queen; you attack with one Prince 2 hexes from his Queen.',
      'The defending Prince holds against this attack up to 3 hexes from his Queen; he is 3 away.',
    ]);
    const table = report.tables.find((t) => t.name === 'farthest')!;
    expect(table.rows).toEqual([
      ['one Prince can attack', 1, '1 to 1', 4, 4, 2],
      ['two Princes can attack', 3, '1 to 3', 4, 4, null],
      ['the defending Prince holds', 3, '1 to 3', 4, 3, 3],
    ]);
  });

  it('never, and from any distance', () => {
    // Queen + City in a mountain: 4 + 5 = 9; two Princes at best 4 + 4 = 8.
    const fortress = ask({ distance: 1, terrain: 'mountain', defender: 'queen', withCity: true }, { target: 0.8 });
    expect(fortress.verdict[2]).toBe(
      'Farthest attack on this defender: one Prince not even one hex from his Queen (4 against 9), two Princes not ' +
        'even one hex from their Queen (8 against 9); you attack with one Prince 1 hex from his Queen.',
    );
    // A Prince 6 from his Queen is worth 0 (not below 0): a tie at 0 lets any attacker through.
    const far = ask({ distance: 3, terrain: 'plain', defender: 'two-princes', defenderDistance: 6 }, { advise: true });
    expect(far.verdict.slice(2)).toEqual([
      'Farthest attack on this defender: one Prince from any distance (0 against 0 even 50 hexes away), two ' +
        'Princes from any distance (0 against 0 even 50 hexes away); ' +
        'you attack with one Prince 3 hexes from his Queen.',
      // They hold while 2 x (5 - j) > 2, up to 3.
      'The two defending Princes hold against this attack up to 3 hexes from their Queen; they are 6 away.',
    ]);
    // Under "not-possible" ties, a Prince 6 from his Queen (0) beats no Prince, however far (0 at best).
    const tie = ask(
      { distance: 6, terrain: 'plain', defender: 'prince', defenderDistance: 5, ties: 'not-possible' },
      { advise: true },
    );
    expect(tie.verdict[3]).toBe(
      'The defending Prince holds against this attack at any distance from his Queen; he is 5 away.',
    );
  });
});

describe('the answers as decisions of the report', () => {
  it('from how far, by name: what the lines and the table say', () => {
    const raw = { distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 };
    const report = ask(raw, { advise: true });
    const plan = compile(raw).plan as PqPlan;
    expect(report.decisions?.reach).toEqual({
      triedTo: MAX_DISTANCE,
      onePrince: farthestAttack(plan, 1),
      twoPrinces: farthestAttack(plan, 2),
      hold: farthestHold(plan),
    });
    // The line's numbers are the decision's farthest distances and the entry's distances, in order.
    expect(report.verdictQuotes[2].map((q) => [q.ref, q.text])).toEqual([
      ['decisions.reach.onePrince.farthest', '1'],
      ['decisions.reach.twoPrinces.farthest', '3'],
      ['entry.distance', '2'],
    ]);
    expect(ask(raw, {}).decisions?.reach).toBeUndefined();
  });

  it("how each value is made up: the rule's numbers are named, never literal", () => {
    const report = ask({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 }, {});
    expect(report.decisions?.battleValues).toEqual({
      princeBase: 5,
      attack: { princes: 1, each: 3, floored: false },
      defence: [
        {
          piece: 'Prince',
          value: 4,
          terrain: 'mountain',
          base: 2,
          floored: false,
          doubled: true,
          plainBesideCity: false,
        },
      ],
    });
    // "attack 3 (Prince, 5 - 2) is lower than defence 4 (Prince 5 - 3 = 2, ...)".
    expect(report.verdictQuotes[0].map((q) => q.ref)).toEqual([
      'metric.attackerValue',
      'decisions.battleValues.princeBase',
      'entry.distance',
      'metric.defenderValue',
      'decisions.battleValues.princeBase',
      'entry.defenderDistance',
      'decisions.battleValues.defence.0.base',
    ]);
  });
});

describe('battle-odds should-i-attack princes-and-queens', () => {
  it('says from how far, after the verdict', async () => {
    const r = await cli([
      'should-i-attack',
      'princes-and-queens',
      ...['--distance', '2', '--defender', 'prince', '--defender-distance', '3', '--terrain', 'mountain'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^ {2}Not possible: attack 3 \(Prince, 5 - 2\) is lower than defence 4/);
    expect(lines[3]).toBe(
      '  Farthest attack on this defender: one Prince up to 1 hex from his Queen, two Princes up to 3 hexes from ' +
        'their Queen; you attack with one Prince 2 hexes from his Queen.',
    );
    expect(lines[4]).toBe(
      '  The defending Prince holds against this attack up to 3 hexes from his Queen; he is 3 away.',
    );
  });
});
