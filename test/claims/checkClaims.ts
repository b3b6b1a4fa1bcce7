/**
 * Checks that a report's sentences say what its values are: every quote of every verdict line
 * names a value of the report (src/core/words/sentence.ts), the line writes that value as the quote's
 * format writes it (rounded as printed), in order, and no other number appears in the line.
 * The recommendation word that opens the verdict is checked against the decision it states:
 * from the headline's chance (Attack from 60%, A gamble from 40%), or from the advice's
 * objective (attack exactly when its best rule attacks).
 *
 * @example
 * checkClaims(report) // [] when every sentence is true to its values, else one problem per line
 */
import type { BattleReport, Metric } from '../../src/core/model/report.js';
import { CONSTANTS, writeValue, type QuoteFormat, type QuotedValue } from '../../src/core/words/sentence.js';
import { sampledOnly } from '../../src/core/words/format.js';
import { recommendation } from '../../src/core/words/verdict.js';
import { shownValue } from '../../src/core/engine/answer/battle.js';

interface Resolved {
  value: QuotedValue;
  sampled: boolean;
}

/** The value a ref names in the report, or a reason it names none. */
export function resolveRef(report: BattleReport, ref: string): Resolved | string {
  const [space, ...path] = ref.split('.');
  if (space === 'metric') {
    const [key, end] = path;
    const m: Metric | undefined = report.metrics.find((x) => x.key === key);
    if (!m) return `no metric '${key}'`;
    if (end === 'low' || end === 'high') {
      if (!m.ci95) return `metric '${key}' has no interval`;
      return { value: m.ci95[end === 'low' ? 0 : 1], sampled: false };
    }
    if (end !== undefined) return `metric '${key}' has no part '${end}'`;
    const value = shownValue(m, report.method);
    return { value, sampled: sampledOnly(m, value) };
  }
  if (space === 'const') {
    const value = (CONSTANTS as Record<string, number>)[path[0]];
    return value === undefined ? `no constant '${path[0]}'` : { value, sampled: false };
  }
  let at: unknown;
  if (space === 'decisions') at = report.decisions;
  else if (space === 'entry') at = report.entry;
  else if (space === 'tables') {
    at = report.tables.find((t) => t.name === path[0]);
    path.shift();
  } else return `unknown ref space '${space}'`;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return `'${ref}' leads nowhere at '${part}'`;
    at = (at as Record<string, unknown>)[part];
  }
  const isList = Array.isArray(at) && at.every((x) => typeof x === 'number');
  if (typeof at !== 'number' && typeof at !== 'string' && !isList) return `'${ref}' is not a value (${typeof at})`;
  return { value: at as QuotedValue, sampled: false };
}

/** Problems with one line: quotes that do not match their values, or numbers that are not quoted. */
function lineProblems(report: BattleReport, line: string, quotes: BattleReport['verdictQuotes'][number]): string[] {
  const problems: string[] = [];
  let rest = '';
  let from = 0;
  for (const q of quotes) {
    const resolved = resolveRef(report, q.ref);
    if (typeof resolved === 'string') {
      problems.push(`${q.ref}: ${resolved}`);
      continue;
    }
    let expected: string;
    try {
      expected = writeValue(resolved.value, q.format as QuoteFormat, resolved.sampled);
    } catch (error) {
      problems.push(`${q.ref}: ${(error as Error).message}`);
      continue;
    }
    if (expected !== q.text) problems.push(`${q.ref} is ${expected} (${q.format}), the line says ${q.text}`);
    if (Boolean(q.sampled) !== resolved.sampled) problems.push(`${q.ref}: written as sampled=${Boolean(q.sampled)}`);
    const at = line.indexOf(q.text, from);
    if (at < 0) {
      problems.push(`${q.ref}: '${q.text}' is not in the line after position ${from}`);
      continue;
    }
    rest += line.slice(from, at) + ' ';
    from = at + q.text.length;
  }
  rest += line.slice(from);
  const loose = /\d+(?:[.,]\d+)*/.exec(rest);
  if (loose) problems.push(`the number ${loose[0]} names no value`);
  return problems;
}

/** The recommendation word against the decision it states. */
function recommendationProblems(report: BattleReport): string[] {
  const r = report.decisions?.recommendation;
  if (!r) return [];
  const problems: string[] = [];
  // A solve's sentence and a sensitivity's lead the verdict (one line each); the recommendation opens the rest.
  const leading = (report.decisions?.solvedFor ? 1 : 0) + (report.decisions?.sensitivity ? 1 : 0);
  const opening = report.verdict[leading];
  if (!opening?.startsWith(`${r.word}:`)) problems.push(`the verdict does not open with '${r.word}:'`);
  const of = report.metrics.find((m) => m.key === r.of);
  if (!of) problems.push(`the recommendation reads a metric '${r.of}' the report does not have`);
  else if (shownValue(of, report.method) !== r.chance)
    problems.push(`the recommendation reads ${r.chance}, ${r.of} shows ${shownValue(of, report.method)}`);
  if (r.basis === 'chance') {
    if (recommendation(r.chance) !== r.word) problems.push(`${r.chance} reads '${recommendation(r.chance)}'`);
  } else {
    const rule = report.decisions?.stopRule;
    if (!rule) problems.push('an objective recommendation without the stop rule it follows');
    else if ((rule.attacks ? 'Attack' : 'Hold back') !== r.word)
      problems.push(
        `the ${rule.objective} rule ${rule.attacks ? 'attacks' : 'stays home'}, the verdict says '${r.word}'`,
      );
  }
  return problems;
}

/**
 * Every problem of a report's verdict, each prefixed with its line number (1-based).
 *
 * @example
 * checkClaims(report) // ['line 3: the number 5000 names no value']
 */
export function checkClaims(report: BattleReport): string[] {
  const problems: string[] = [];
  if (report.verdictQuotes.length !== report.verdict.length)
    problems.push(`${report.verdict.length} lines but ${report.verdictQuotes.length} quote lists`);
  report.verdict.forEach((line, i) => {
    for (const p of lineProblems(report, line, report.verdictQuotes[i] ?? [])) problems.push(`line ${i + 1}: ${p}`);
  });
  problems.push(...recommendationProblems(report));
  return problems;
}
