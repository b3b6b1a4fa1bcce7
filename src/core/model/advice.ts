/**
 * How a system's advice (RuleSystem.advise) joins describe()'s answer: its decisions, lines,
 * tables and charts after describe()'s (what is asked, and when: question.ts).
 */
import type { Description } from './contract.js';
import type { ChartRequest, Decisions, Table } from './report.js';
import type { Sentence } from './sentence.js';

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
