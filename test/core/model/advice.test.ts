/**
 * The advice hook: which questions ask beyond the odds (src/core/model/question.ts), how an advice joins
 * describe()'s answer, and that the engine calls advise() only for those questions.
 */
import { describe, expect, it } from 'vitest';
import { withAdvice } from '../../../src/core/model/advice.js';
import { askedOf, DEFAULT_TARGET, type Question } from '../../../src/core/model/question.js';
import { plain } from '../../../src/core/words/sentence.js';
import { describeBattle } from '../../../src/core/engine/answer/battle.js';
import { LayoutBuilder } from '../../../src/core/model/tallyLayout.js';
import type { AdviceView, RuleSystem } from '../../../src/core/model/contract.js';
import type { Battle } from '../../../src/core/engine/validate/entry.js';

describe('askedOf', () => {
  it('holds its @example values', () => {
    expect(askedOf({})).toBeNull();
    expect(askedOf({ advise: true })).toEqual({ target: DEFAULT_TARGET, targetNamed: false, advise: true });
    expect(askedOf({ target: 0.9 })).toEqual({ target: 0.9, targetNamed: true, advise: false });
    expect(askedOf({ target: 0.5, advise: true })).toEqual({ target: 0.5, targetNamed: true, advise: true });
  });

  it('an objective alone, or a force found, asks nothing more by itself', () => {
    expect(askedOf({ objective: 'armies' })).toBeNull();
    expect(askedOf({ advise: false })).toBeNull();
  });
});

describe('withAdvice', () => {
  const described = {
    verdict: [plain('Odds.')],
    decisions: { recommendation: { word: 'Attack' as const, basis: 'chance' as const, chance: 0.7, of: 'p' } },
    tables: [{ name: 'a', title: 'A', columns: ['x'], rows: [] }],
    charts: [],
  };
  const advice = {
    decisions: { target: 0.8 },
    lines: [plain('Advice.')],
    tables: [{ name: 'b', title: 'B', columns: ['y'], rows: [] }],
  };

  it("adds the advice after describe()'s answer: decisions, lines, tables, charts", () => {
    const joined = withAdvice(described, advice);
    expect(joined.verdict!.map((s) => s.text)).toEqual(['Odds.', 'Advice.']);
    expect(Object.keys(joined.decisions!)).toEqual(['recommendation', 'target']);
    expect(joined.tables!.map((t) => t.name)).toEqual(['a', 'b']);
    expect(joined.charts).toEqual([]);
  });

  it('puts the lines first when they are the answer (lead)', () => {
    expect(withAdvice(described, advice, { lead: true }).verdict!.map((s) => s.text)).toEqual(['Advice.', 'Odds.']);
  });
});

describe('the engine calls advise() only when the question asks beyond the odds', () => {
  const b = new LayoutBuilder();
  const won = b.block('won#bins', 1);
  b.event('pWin', 'P(win)', [[won, 1]]);
  const battle: Battle = { type: 'battle', label: 'coin', entry: {}, plan: {}, layout: b.build(), headline: 'pWin' };
  const seen: AdviceView[] = [];
  const system: RuleSystem = {
    id: 'coin',
    title: 'A coin',
    entry: undefined as never,
    compile: () => battle,
    describe: () => ({ verdict: [plain('Heads or tails.')] }),
    advise: (view) => {
      seen.push(view);
      return withAdvice(view.described, { decisions: { target: view.asked.target }, lines: [plain('Call it.')] });
    },
  };
  const exact = { probabilities: Float64Array.of(0.5) };
  const answer = (question: Question) => describeBattle(system, battle, null, 0, exact, question);

  it('the odds alone: describe() only', () => {
    expect(answer({}).verdict).toEqual(['Heads or tails.']);
    expect(seen).toEqual([]);
  });

  it('a target or advice: advise() after describe(), with what was asked and what describe() said', () => {
    expect(answer({ advise: true }).verdict).toEqual(['Heads or tails.', 'Call it.']);
    expect(answer({ target: 0.6 }).decisions).toEqual({ target: 0.6 });
    expect(seen.map((v) => v.asked)).toEqual([
      { target: DEFAULT_TARGET, targetNamed: false, advise: true },
      { target: 0.6, targetNamed: true, advise: false },
    ]);
    expect(seen[0].described.verdict!.map((s) => s.text)).toEqual(['Heads or tails.']);
    // The view is the result's: its metrics by name read as describe() reads them.
    expect(seen[0].shown('pWin')).toEqual({ value: 0.5, sampled: false });
  });
});
