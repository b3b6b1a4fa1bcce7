/**
 * What every system's advice shares (RuleSystem.advise): the default target, which parts of a
 * question apply when, and how the advice joins describe()'s answer. A question asks beyond
 * the odds when it names a target or asks for advice; then "how much is needed" is answered
 * for the target (the player's, else DEFAULT_TARGET), and with advice the decisions too (when
 * to stop, what to give up).
 *
 * @example
 * askedOf({}) // null: the odds alone
 * askedOf({ advise: true }) // { target: 0.8, targetNamed: false, advise: true }
 * askedOf({ target: 0.9 }) // { target: 0.9, targetNamed: true, advise: false }
 */
import type { Asked, Description, Question } from './contract.js';
import type { ChartRequest, Decisions, Table } from './report.js';
import type { Sentence } from './sentence.js';

/** The target of an advice (`--advise`, `should-i-attack`) when the player named none. */
export const DEFAULT_TARGET = 0.8;

/** What the question asks beyond the odds, or null when it asks the odds alone (advise() is then not called). */
export function askedOf(question: Question): Asked | null {
  const { target, advise = false } = question;
  if (target === undefined && !advise) return null;
  return { target: target ?? DEFAULT_TARGET, targetNamed: target !== undefined, advise };
}

/** An advice's parts: its decisions by name, the lines that quote them, its tables and charts. */
export interface Advice {
  decisions: Decisions;
  lines: Sentence[];
  tables?: Table[];
  charts?: ChartRequest[];
}

/**
 * describe()'s answer with the advice in it: its decisions after describe()'s, its lines after
 * the verdict (before it with `lead`: when the count needed is the answer), its tables and charts
 * after describe()'s.
 */
export function withAdvice(described: Description, advice: Advice, { lead = false } = {}): Description {
  const verdict = described.verdict ?? [];
  return {
    ...described,
    verdict: lead ? [...advice.lines, ...verdict] : [...verdict, ...advice.lines],
    decisions: { ...described.decisions, ...advice.decisions },
    tables: [...(described.tables ?? []), ...(advice.tables ?? [])],
    charts: [...(described.charts ?? []), ...(advice.charts ?? [])],
  };
}
