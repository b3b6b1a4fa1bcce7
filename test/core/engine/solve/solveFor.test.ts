/**
 * --solve-for through the engine (odds(), runScenario()): exact answers against brute force
 * over every value, one knob of each system against a sweep of the same knob, what is refused.
 */
import { describe, expect, it } from 'vitest';
import { odds as typedOdds, runScenario as typedRunScenario } from '../../../../src/index.js';
import { InputError } from '../../../../src/core/model/inputError.js';
import { NotMonotone } from '../../../../src/core/engine/solve/solveFor.js';
import { checkClaims } from '../../../claims/checkClaims.js';
import type { SolvedForDecision } from '../../../../src/core/model/report.js';

// The cases below are built from data (a system id in a variable, an entry per case, a bad
// scenario on purpose): the untyped signatures, so each case is checked by the run, not tsc.
const odds = typedOdds as unknown as (
  system: string,
  entry: Record<string, unknown>,
  options?: Parameters<typeof typedOdds>[2],
) => ReturnType<typeof typedOdds>;
const runScenario = typedRunScenario as unknown as (scenario: unknown) => ReturnType<typeof typedRunScenario>;

const headline = async (system: string, entry: Record<string, unknown>) => {
  const r = await odds(system, entry);
  return r.metrics[0].exact ?? r.metrics[0].estimate;
};

async function solved(system: string, entry: Record<string, unknown>, solveFor: string, target: number) {
  const r = await odds(system, entry, { question: { solveFor: solveFor as never, target } });
  expect(checkClaims(r)).toEqual([]);
  return { report: r, decision: r.decisions?.solvedFor as SolvedForDecision };
}

/** The answer from every value: the largest reaching the target on a falling curve, the smallest on a rising one. */
async function bruteForce(
  system: string,
  entry: Record<string, unknown>,
  field: string,
  values: number[],
  target: number,
) {
  const curve: Array<[number, number]> = [];
  for (const v of values) curve.push([v, await headline(system, { ...entry, [field]: v })]);
  const rising = curve[curve.length - 1][1] > curve[0][1];
  const hits = curve.filter(([, p]) => p >= target).map(([v]) => v);
  return { curve, answer: hits.length === 0 ? null : rising ? Math.min(...hits) : Math.max(...hits) };
}

describe('solving LandGrab exactly, against brute force over every value', () => {
  const fortress = { attackers: 12, defenders: 8, fortress: true };

  it('the fortress bonus that keeps 12 against 8 a coin flip (or better)', async () => {
    const { report, decision } = await solved('landgrab', fortress, 'fortressBonus', 0.5);
    const brute = await bruteForce('landgrab', fortress, 'fortressBonus', [0, 1, 2, 3, 4, 5, 6], 0.5);
    expect(decision.value?.value).toBe(brute.answer);
    expect(decision).toMatchObject({ direction: 'decreasing', from: 0, to: 6, everyValue: true });
    expect(decision.neighbour?.value).toBe((brute.answer as number) + 1);
    for (const p of decision.curve) expect(p.probability).toBe(brute.curve.find(([v]) => v === p.value)?.[1]);
    // The battle answered is the one at the answer.
    expect((report.entry as { fortressBonus: number }).fortressBonus).toBe(brute.answer);
    expect(report.verdict[0]).toMatch(/^Solved for fortressBonus: \d is the largest value/);
    expect(report.tables[0].name).toBe('solved-for');
    expect(report.charts[0]).toMatchObject({ kind: 'lines', name: 'solved-for', guide: { y: 0.5 } });
  });

  it('the stop level and the defenders, each against every value', async () => {
    const entry = { attackers: 18, defenders: 8 };
    const stop = await solved('landgrab', entry, 'stopAt', 0.6);
    const stopBrute = await bruteForce(
      'landgrab',
      entry,
      'stopAt',
      Array.from({ length: 17 }, (_, i) => i + 1),
      0.6,
    );
    expect(stop.decision.value?.value).toBe(stopBrute.answer);
    const held = await solved('landgrab', { attackers: 12, defenders: 3 }, 'defenders', 0.5);
    const heldBrute = await bruteForce(
      'landgrab',
      { attackers: 12 },
      'defenders',
      Array.from({ length: 30 }, (_, i) => i + 1),
      0.5,
    );
    expect(held.decision.value?.value).toBe(heldBrute.answer);
    expect(held.decision.everyValue).toBe(false);
  });

  it('the armies needed, by the flag name too, agree with the force question (armies needed)', async () => {
    const { decision } = await solved('landgrab', { attackers: 10, defenders: 9, fortress: true }, '--attackers', 0.8);
    const needed = await odds('landgrab', { defenders: 9, fortress: true }, { question: { target: 0.8 } });
    expect(decision.field).toBe('attackers');
    expect(decision.value?.value).toBe(needed.decisions?.needed?.count);
  });

  it('says when no value reaches the target, with the closest value', async () => {
    const { report, decision } = await solved(
      'landgrab',
      { attackers: 4, defenders: 9, fortress: true },
      'fortressBonus',
      0.5,
    );
    expect(decision).toMatchObject({ answer: 'unreachable', value: null, best: { value: 0 } });
    expect(report.verdict[0]).toContain('no value from 0 to 6');
    // Without a fortress the bonus changes nothing: said so, not solved.
    const flat = await solved('landgrab', { attackers: 4, defenders: 9 }, 'fortressBonus', 0.5);
    expect(flat.decision.direction).toBe('flat');
    expect(flat.report.verdict[0]).toContain('does not move with it from 0 to 6');
  });

  it('sampled, the answer comes with its interval', async () => {
    const r = await odds(
      'landgrab',
      { attackers: 12, defenders: 8, fortress: true },
      {
        method: 'sample',
        trials: 20_000,
        question: { solveFor: 'fortressBonus', target: 0.5 },
      },
    );
    expect(checkClaims(r)).toEqual([]);
    expect(r.decisions?.solvedFor?.sampled).toBe(true);
    expect(r.decisions?.solvedFor?.value?.ci95).toHaveLength(2);
    expect(r.verdict[0]).toContain('95% interval');
  });
});

/** The knob's values swept, and the answer read off the sweep, against the solve. */
async function sweepAnswer(
  system: string,
  base: Record<string, unknown>,
  field: string,
  values: number[],
  target: number,
) {
  const report = await runScenario({ name: 'check', system, sweep: { base, axes: { [field]: values } } });
  const curve = report.sweep!.cells.map((c) => [c.at[0] as number, c.variants[0].metrics[0].exact as number] as const);
  const rising = curve[curve.length - 1][1] > curve[0][1];
  const hits = curve.filter(([, p]) => p >= target).map(([v]) => v);
  return rising ? Math.min(...hits) : Math.max(...hits);
}

describe('one knob of each system, against a sweep of the same knob', () => {
  it("Kings & Things: the defender's fort level", async () => {
    const entry = {
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Goblins'] },
      defender: { creatures: ['Nomads', 'Goblins'], fort: 'tower' },
    };
    const { decision } = await solved('kings-and-things', entry, '--fort', 0.6);
    expect(decision.field).toBe('defender.fort');
    expect(decision.value?.value).toBe(
      await sweepAnswer('kings-and-things', entry, 'defender.fort', [0, 1, 2, 3, 4], 0.6),
    );
  });

  it("Advanced Civilization: the attacker's tokens", async () => {
    const entry = {
      limit: 3,
      nations: [
        { name: 'A', tokens: 6 },
        { name: 'B', tokens: 5 },
      ],
      fort: { owner: 'B' },
    };
    const { decision } = await solved('advanced-civilization', entry, 'nations.0.tokens', 0.9);
    const values = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(decision.value?.value).toBe(
      await sweepAnswer('advanced-civilization', entry, 'nations.0.tokens', values, 0.9),
    );
  });

  it("Princes & Queens: the attacker's distance", async () => {
    const entry = { distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 };
    const { decision } = await solved('princes-and-queens', entry, 'distance', 1);
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(decision.value?.value).toBe(await sweepAnswer('princes-and-queens', entry, 'distance', values, 1));
  });

  it('a sweep solved per cell agrees with each cell solved on its own', async () => {
    const report = await runScenario({
      name: 'fair',
      system: 'landgrab',
      sweep: {
        base: { attackers: 2, defenders: 1, fortress: true },
        axes: { attackers: [8, 12], defenders: [4, 8] },
        solveFor: { field: 'fortressBonus', target: 0.5 },
      },
    });
    const rows = report.sweep!.solved!.cells;
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const [attackers, defenders] = row.at as number[];
      const alone = await odds(
        'landgrab',
        { attackers, defenders, fortress: true },
        {
          question: { solveFor: 'fortressBonus', target: 0.5 },
        },
      );
      expect(row.value).toBe(alone.decisions?.solvedFor?.value?.value ?? null);
    }
  });
});

describe('what a solve refuses', () => {
  const entry = { attackers: 12, defenders: 8, fortress: true };
  const refusal = async (solveFor: string, more: Record<string, unknown> = {}, target = 0.5) => {
    try {
      await odds('landgrab', { ...entry, ...more }, { question: { solveFor: solveFor as never, target } });
    } catch (error) {
      return error as InputError;
    }
    throw new Error('not refused');
  };

  it('a field the battle does not have, or that is not a number, with the list of fields', async () => {
    const missing = await refusal('fortres');
    expect(missing).toBeInstanceOf(InputError);
    expect(missing.field).toBe('question.solveFor');
    expect(missing.detail).toMatch(
      /^'fortres' is not a field of this battle; this battle's numeric fields: attackers, /,
    );
    expect(missing.detail).toContain('fortressBonus');
    expect((await refusal('ties')).detail).toMatch(/^'ties' is not a numeric field/);
  });

  it('a knob along which the headline turns, some value reaching the target: named, its curve kept', async () => {
    // 17.7% with one defender die, 26.9% with two, 11.9% with three: 20% is reached at 2 alone.
    const turned = await refusal('defenderDice', { defendingLeader: true }, 0.2);
    expect(turned).toBeInstanceOf(NotMonotone);
    expect(turned.detail).toContain("does not move one way along 'defenderDice'");
    expect((turned as NotMonotone).curve.length).toBeGreaterThan(1);
  });

  it('a turning curve no value of which reaches the target is answered unreachable, its best named', async () => {
    const { report, decision } = await solved('landgrab', { ...entry, defendingLeader: true }, 'defenderDice', 0.5);
    expect(decision).toMatchObject({ answer: 'unreachable', turns: true, everyValue: true, best: { value: 2 } });
    expect(report.label).toMatch(/; closest: defenderDice = 2 \(unreachable\)$/);
    expect(report.verdict[0]).toMatch(/^Solved for defenderDice: no value from 1 to 5 brings .* to 50%; unreachable: /);
    expect(report.verdict[0]).toContain('the curve turns along it');
  });

  it('a scenario battle asking for a field it does not have, before anything runs', async () => {
    const scenario = {
      name: 'bad',
      system: 'landgrab',
      battles: [{ attackers: 5, defenders: 3, solveFor: { field: 'nations.0.tokens', target: 0.5 } }],
    };
    await expect(runScenario(scenario)).rejects.toThrow(
      /battles\[0\]\.solveFor\.field: 'nations\.0\.tokens' is not a field/,
    );
    const badTarget = {
      ...scenario,
      battles: [{ attackers: 5, defenders: 3, solveFor: { field: 'stopAt', target: 2 } }],
    };
    await expect(runScenario(badTarget)).rejects.toThrow(/battles\[0\]\.solveFor\.target: must be at most 1/);
  });
});

describe('what a solve says of itself (the review of its first version)', () => {
  it('answers a target of 100% exactly: unreachable where dice keep a chance, found where a rule ends it', async () => {
    const { decision } = await solved('landgrab', { attackers: 12, defenders: 8, fortress: true }, 'attackers', 1);
    expect(decision.answer).toBe('unreachable');
    expect(decision.best.probability).toBeLessThan(1);
    // An attacking leader's bonus of 6 wins every comparison of his highest die: 2 armies take 3 for certain.
    const leader = { attackers: 2, defenders: 3, attackingLeader: true };
    const certain = await solved('landgrab', leader, 'leaderBonus', 1);
    expect(certain.decision).toMatchObject({ answer: 'found', value: { value: 6, probability: 1 } });
    const sampled = odds(
      'landgrab',
      { attackers: 12, defenders: 8, fortress: true },
      { method: 'sample', trials: 2000, question: { solveFor: 'attackers', target: 1 } },
    );
    await expect(sampled).rejects.toThrow(/no sampled value of 'attackers' can show a certainty/);
    await expect(sampled).rejects.toBeInstanceOf(InputError);
  });

  it('answers a flat curve at the value asked, not at the lowest of its range', async () => {
    const entry = { type: 'capitol', attackers: 12, defenders: 6, territories: [10, 4, 1] };
    const plain = await odds('landgrab', entry);
    const { report, decision } = await solved('landgrab', entry, 'territories.0', 0.5);
    expect(decision.direction).toBe('flat');
    expect(report.label).toMatch(/; solved: territories\.0 = 10$/);
    // Every figure of the answer is the battle as asked (the armies converted depend on the 10).
    expect(report.metrics.map((m) => m.exact)).toEqual(plain.metrics.map((m) => m.exact));
  });

  it('states its gap where it searched a long range instead of looking at every value', async () => {
    const { report, decision } = await solved('landgrab', { attackers: 200, defenders: 150 }, 'defenders', 0.5);
    expect(decision.everyValue).toBe(false);
    const sentence = report.verdict.find((line) => line.startsWith('Solved for defenders'));
    expect(sentence).toContain(`a search of ${decision.evaluated} of the values from 1 to 5000`);
    const short = await solved('landgrab', { attackers: 12, defenders: 8, fortress: true }, 'fortressBonus', 0.5);
    expect(short.decision.everyValue).toBe(true);
    expect(short.report.verdict.join(' ')).not.toContain('a search of');
  });
});
