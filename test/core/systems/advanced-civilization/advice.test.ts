/**
 * "How many tokens do I need?" (`--target`, `--advise`, `should-i-attack`): the answers are
 * checked against a brute force written here (every attacker count and every defender count
 * resolved one conflict at a time, weighted by hand), the verdict lines word for word.
 */
import { describe, expect, it } from 'vitest';
import { compileRaw, duel, exactOf, outcomeOf, rowsOf, system, tableOf } from './helpers.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import type { Question } from '../../../../src/core/model/question.js';
import {
  attackerOdds,
  tokensNeeded,
  isNotSearched,
  type TokensNeeded,
} from '../../../../src/core/systems/advanced-civilization/tokensNeeded.js';
import { neededLines } from '../../../../src/core/systems/advanced-civilization/advice/neededText.js';
import { cli } from '../../../helpers/cli.js';
import { odds, type EntryOf, type QuestionOf } from '../../../../src/index.js';

/** The report of a battle asked with a question (exact: every battle here is solvable). */
function ask(raw: unknown, question: Question) {
  const battle = compileRaw(raw);
  return describeBattle(system, battle, null, 0, exactOf(battle), question);
}

/**
 * The brute force: P(A controls) and P(A alone) with `t` tokens against B's equally likely
 * counts `ds`, one fixed conflict at a time.
 */
function bruteForce(limit: number, a: Record<string, unknown>, ds: number[], b = {}, extra = {}) {
  return (t: number) => {
    let controls = 0;
    let alone = 0;
    for (const d of ds) {
      const armies = Math.min(Number(a.armies ?? 0), t);
      const o = outcomeOf(duel(limit, { ...a, tokens: t, armies }, { ...b, tokens: d }, extra));
      if (o.holder === 0) controls += 1 / ds.length;
      if (o.kind === 'alone' && o.alone === 0) alone += 1 / ds.length;
    }
    return { controls, alone };
  };
}

/** The first count from 1 up to `upTo` whose chance reaches the target, by the brute force. */
function firstReaching(odds: (t: number) => number, target: number, upTo = 60): number | null {
  for (let t = 1; t <= upTo; t++) if (odds(t) >= target - 1e-12) return t;
  return null;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function searched(raw: Parameters<typeof compileRaw>[0], target: number): TokensNeeded {
  const answer = tokensNeeded(compileRaw(raw).entry as never, target);
  if (isNotSearched(answer)) throw new Error(answer.notSearched);
  return answer;
}

describe('known counts: the fewest tokens to control and to clear the area', () => {
  // The docs' table: A against B 4 with a fort, only B holding Engineering (fort +2), limit 3.
  const fortB = duel(3, { tokens: 6 }, { tokens: 4, engineering: true }, { fort: { owner: 'B' } });

  it('agrees with the brute force and the docs (outnumber 5, clear 7)', () => {
    const brute = bruteForce(3, {}, [4], { engineering: true }, { fort: { owner: 'B' } });
    expect(firstReaching((t) => brute(t).controls, 0.8)).toBe(5);
    expect(firstReaching((t) => brute(t).alone, 0.8)).toBe(7);
    const answer = searched(fortB, 0.8);
    expect(answer.certain).toBe(true);
    expect([answer.controls.tokens, answer.alone.tokens]).toEqual([5, 7]);
    for (const q of answer.curve) expect([q.pControls, q.pAlone]).toEqual(Object.values(brute(q.tokens)));
  });

  it('keeps the verdict as it was (a certain outcome is its own answer) and adds the tokens needed', () => {
    const plain = ask(fortB, {});
    const asked = ask(fortB, { advise: true });
    expect(asked.verdict.slice(0, plain.verdict.length)).toEqual(plain.verdict);
    expect(asked.verdict[0]).toMatch(/^Limit 3 no longer exceeded after 7 removals/);
    expect(asked.verdict.at(-1)).toBe(
      'Tokens needed (no chance involved): 5 to control the area, 7 to clear it (alone in the area); you have 6.',
    );
    expect(plain.verdict.join('\n')).not.toContain('Tokens needed');
    expect(plain.tables.map((t) => t.name)).toEqual(['removals']);
  });

  it('a table and a lines chart of the curve, covering what you have and both answers', () => {
    const report = ask(fortB, { target: 0.8 });
    const rows = rowsOf(tableOf(report, 'tokens-needed'));
    expect(rows.map((r) => r['A tokens'])).toEqual(range(3, 9));
    expect(rows.find((r) => r['A tokens'] === 5)).toMatchObject({
      'P(controls the area)': 1,
      'P(alone in the area)': 0,
      'controls at least 80%': true,
      'alone at least 80%': false,
    });
    const chart = report.charts.find((c) => c.name === 'tokens-needed')!;
    expect(chart.kind).toBe('lines');
    if (chart.kind !== 'lines') return;
    expect(chart.series).toEqual(['P(controls the area)', 'P(alone in the area)']);
    expect(chart.points).toHaveLength(2 * rows.length);
    expect(chart.guide).toEqual({ y: 0.8, label: 'target 80%' });
  });

  it('Army tokens are capped at the count tried, and Military counts while they are there', () => {
    const raw = duel(3, { tokens: 6, armies: 4, military: true }, { tokens: 5 });
    const brute = bruteForce(3, { armies: 4, military: true }, [5]);
    const answer = searched(raw, 0.8);
    expect(answer.controls.tokens).toBe(firstReaching((t) => brute(t).controls, 0.8));
    expect(answer.alone.tokens).toBe(firstReaching((t) => brute(t).alone, 0.8));
    const entry = compileRaw(raw).entry as never;
    for (const t of [1, 2, 3, 4, 5]) {
      const odds = attackerOdds(entry, t);
      expect([odds.pControls, odds.pAlone]).toEqual(Object.values(brute(t)));
    }
  });

  it('says when no count within the search does it (limit 0: 200 against 200 remove together)', () => {
    const raw = duel(0, { tokens: 150 }, { tokens: 200 });
    const answer = searched(raw, 0.8);
    expect(answer.searchedTo).toBe(200);
    expect(answer.controls.tokens).toBeNull();
    expect(ask(raw, { advise: true }).verdict.at(-1)).toBe(
      'No count up to 200 tokens controls the area; you have 150.',
    );
  });

  it('starts at 0 tokens when the attacker owns the city (a standing city controls the area)', () => {
    const raw = duel(2, { tokens: 4 }, { tokens: 3 }, { city: { owner: 'A' } });
    const answer = searched(raw, 0.8);
    expect(answer.controls).toMatchObject({ tokens: 0, p: 1 });
    expect(answer.curve[0].tokens).toBe(0);
  });
});

describe('more tokens never hurt a two-nation conflict (so the first count reaching a target is the answer)', () => {
  it('P(controls) and P(alone) never fall as the attacker adds tokens, over forts, cities, techs and readings', () => {
    let checked = 0;
    const falls: string[] = [];
    for (const limit of [1, 3, 5])
      for (const d of range(0, 8))
        for (const place of [{}, { fort: { owner: 'B' } }, { city: { owner: 'B' } }])
          for (const [ae, de, am] of [
            [false, false, false],
            [true, false, false],
            [false, true, false],
            [true, true, false],
            [false, false, true],
            [false, true, true],
          ])
            for (const advantageReading of ['order', 'extra-removals']) {
              const raw = duel(
                limit,
                { tokens: 1, engineering: ae, metalworking: am },
                { tokens: d, engineering: de },
                {
                  ...place,
                  advantageReading,
                },
              );
              const entry = compileRaw(raw).entry as never;
              let last = { pControls: 0, pAlone: 0 };
              for (const t of range(1, 20)) {
                const q = attackerOdds(entry, t);
                if (q.pControls < last.pControls || q.pAlone < last.pAlone) falls.push(JSON.stringify({ raw, t }));
                last = q;
              }
              checked++;
            }
    expect(falls).toEqual([]);
    expect(checked).toBe(3 * 9 * 3 * 6 * 2);
  });

  it('should a larger count fall below the target again, a line says so', () => {
    const lines = neededLines({
      target: 0.8,
      searched: true,
      combinations: 7,
      maxConflicts: 1_000_000,
      from: 1,
      searchedTo: 9,
      certain: false,
      have: [6],
      controls: { tokens: 5, probability: 0.9, moreIsNotBetter: { tokens: 6, probability: 0.7 } },
      alone: { tokens: 7, probability: 0.85, moreIsNotBetter: null },
    });
    expect(lines.map((l) => l.text)).toEqual([
      'For at least 80% you need 5 tokens to control the area (90.0%) and 7 to clear it, alone in the area (85.0%); ' +
        'you have 6.',
      'More is not always better: 6 tokens control the area only 70.0% of the time.',
    ]);
    // Every number is a value of the decision, by name.
    expect(lines[1].quotes.map((q) => q.ref)).toEqual([
      'decisions.tokensNeeded.controls.moreIsNotBetter.tokens',
      'decisions.tokensNeeded.controls.moreIsNotBetter.probability',
    ]);
  });
});

describe('uncertain counts: the exact enumeration at every attacker count', () => {
  // Limit 3, A 6 against B uniform 2..8 with B's fort: A controls 4 of 7 (57.1%).
  const unknown = duel(3, { tokens: 6 }, { tokens: { min: 2, max: 8 } }, { fort: { owner: 'B' } });
  const brute = bruteForce(3, {}, range(2, 8), {}, { fort: { owner: 'B' } });

  it.each([0.5, 0.8, 0.95, 1])('target %s: the first count reaching it, by the brute force', (target) => {
    const answer = searched(unknown, target);
    expect(answer.certain).toBe(false);
    expect(answer.controls.tokens).toBe(firstReaching((t) => brute(t).controls, target));
    expect(answer.alone.tokens).toBe(firstReaching((t) => brute(t).alone, target));
    for (const q of answer.curve) {
      expect(q.pControls).toBeCloseTo(brute(q.tokens).controls, 12);
      expect(q.pAlone).toBeCloseTo(brute(q.tokens).alone, 12);
    }
  });

  it('a target of 100% is met by sums within rounding of 1, and printed as 100.0%', () => {
    // 9 tokens control against every count 2..8: seven sevenths, 0.9999999999999998 in floating point.
    expect(ask(unknown, { target: 1 }).verdict[1]).toBe(
      'For at least 100% you need 9 tokens to control the area (100.0%) and 11 to clear it, ' +
        'alone in the area (100.0%); you have 6.',
    );
  });

  it('the verdict starts with the recommendation word, then the tokens needed', () => {
    const report = ask(unknown, { advise: true });
    expect(report.verdict[0]).toMatch(/^A gamble: A controls the area with probability 57\.1%; most likely/);
    // By hand: 8 tokens control against 2..7 (6 of 7), 10 clear 2..7 (6 of 7).
    expect(report.verdict[1]).toBe(
      'For at least 80% you need 8 tokens to control the area (85.7%) and 10 to clear it, ' +
        'alone in the area (85.7%); you have 6.',
    );
    expect(ask(unknown, {}).verdict[0]).toMatch(/^A controls the area/);
  });

  it('the recommendation follows the chance of control (>= 60% Attack, >= 40% A gamble, else Hold back)', () => {
    const strong = duel(3, { tokens: 9 }, { tokens: { min: 2, max: 8 } }, { fort: { owner: 'B' } });
    expect(ask(strong, { target: 0.8 }).verdict[0]).toMatch(/^Attack: A controls/);
    const weak = duel(3, { tokens: 3 }, { tokens: { min: 2, max: 8 } }, { fort: { owner: 'B' } });
    expect(ask(weak, { target: 0.8 }).verdict[0]).toMatch(/^Hold back: A controls/);
  });

  it('an uncertain attacker count is named as a range, and a target never reached says so', () => {
    const raw = duel(0, { tokens: { min: 150, max: 160 } }, { tokens: { min: 190, max: 200 } });
    expect(ask(raw, { target: 1 }).verdict.at(-1)).toBe(
      'No count up to 200 tokens controls the area at least 100% of the time; you have 150 to 160.',
    );
  });

  it('declines a search over too many combinations, saying how many', () => {
    const raw = {
      limit: 3,
      nations: [
        { name: 'A', tokens: 6 },
        { name: 'B', tokens: { min: 0, max: 100 } },
        { name: 'C', tokens: { min: 0, max: 100 } },
      ],
    };
    const report = ask(raw, { advise: true });
    expect(report.verdict.at(-1)).toBe(
      "No token search: 10,201 combinations of the other nations' token counts at each attacker count from 1 to 200 " +
        'make more than the 1,000,000 conflicts the search resolves.',
    );
    expect(report.decisions?.tokensNeeded).toMatchObject({ searched: false, combinations: 101 * 101, searchedTo: 200 });
  });
});

describe('"how many tokens?" asked directly: the attacker\'s count left out', () => {
  /** The conflict with the attacker's tokens left out, asked through the library as a player would. */
  const withoutTokens = (a: Record<string, unknown>, b: Record<string, unknown>, extra = {}) =>
    duel(3, { armies: 0, ...a }, b, extra);
  const askForce = (raw: unknown, question: Question) =>
    odds('advanced-civilization', raw as EntryOf<'advanced-civilization'>, {
      question: question as QuestionOf<'advanced-civilization'>,
      trials: 2_000,
    });

  it('known counts: the fewest that control the area, fought with that many, never "you have"', async () => {
    const raw = withoutTokens({}, { tokens: 4, engineering: true }, { fort: { owner: 'B' } });
    const report = await askForce(raw, { target: 0.8 });
    // The docs' table and the brute force above: 5 to outnumber, 7 to clear.
    expect((report.entry as { nations: Array<{ tokens: number }> }).nations[0].tokens).toBe(5);
    expect(report.verdict[0]).toBe(
      'You need 5 tokens to control the area (no chance involved), 7 to clear it (alone in the area).',
    );
    expect(report.verdict.join('\n')).not.toMatch(/you have/i);
    expect(report.decisions).toMatchObject({ target: 0.8, tokensNeeded: { have: null, controls: { tokens: 5 } } });
    // The count is the answer: no recommendation to weigh a force the player does not have.
    expect(report.decisions?.recommendation).toBeUndefined();
  });

  it('uncertain counts: the chance with that many, then the conflict it fights', async () => {
    const report = await askForce(withoutTokens({}, { tokens: { min: 2, max: 8 } }, { fort: { owner: 'B' } }), {
      advise: true,
    });
    expect(report.verdict.slice(0, 2)).toEqual([
      'For at least 80% you need 8 tokens to control the area (85.7%) and 10 to clear it, alone in the area (85.7%).',
      expect.stringMatching(/^A controls the area with probability 85\.7%; most likely outcome/),
    ]);
    const brute = bruteForce(3, {}, range(2, 8), {}, { fort: { owner: 'B' } });
    expect(firstReaching((t) => brute(t).controls, 0.8)).toBe(8);
  });

  it('the Army tokens named are among the tokens: the answer is never fewer', async () => {
    // With 3 Army tokens (Military): the fewest from 3 up, by the brute force, however few would do with fewer.
    const b = { tokens: 2 };
    const brute = bruteForce(3, { armies: 3, military: true }, [2]);
    let expected = 3;
    while (brute(expected).controls < 0.8) expected++;
    const report = await askForce(withoutTokens({ armies: 3, military: true }, b), { target: 0.8 });
    expect((report.entry as { nations: Array<{ tokens: number }> }).nations[0].tokens).toBe(expected);
    expect(firstReaching((t) => brute(t).controls, 0.8)).toBeLessThan(3);
  });

  it('says why when no count up to the end of the search is enough', async () => {
    const raw = { limit: 0, nations: [{ name: 'A' }, { name: 'B', tokens: 200 }] };
    await expect(askForce(raw, { target: 0.8 })).rejects.toThrow('no count up to 200 tokens controls the area');
  });
});

describe('battle-odds should-i-attack advanced-civilization', () => {
  it('answers with the recommendation and the tokens needed, in one screen', async () => {
    const r = await cli([
      'should-i-attack',
      'advanced-civilization',
      ...['--limit', '3', '--attacker', '6', '--defender', '2-8', '--fort', '--exact-only'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^ {2}A gamble: attacker controls the area with probability 57\.1%/);
    expect(lines[2]).toBe(
      '  For at least 80% you need 8 tokens to control the area (85.7%) and 10 to clear it, ' +
        'alone in the area (85.7%); you have 6.',
    );
  });

  it('--json carries the curve as a table and a chart; a known conflict keeps its sentence first', async () => {
    const r = await cli([
      'should-i-attack',
      'advanced-civilization',
      ...['--limit', '3', '--attacker', '6', '--defender', '4', '--fort', '--defender-tech', 'engineering', '--json'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [battle] = JSON.parse(r.stdout).battles;
    expect(battle.verdict[0]).toMatch(/^Limit 3 no longer exceeded/);
    expect(battle.verdict.at(-1)).toContain('Tokens needed (no chance involved): 5 to control the area');
    expect(battle.tables.map((t: { name: string }) => t.name)).toEqual(['removals', 'tokens-needed']);
    expect(battle.charts.map((c: { name: string }) => c.name)).toEqual(['tokens', 'tokens-needed']);
  });
});
