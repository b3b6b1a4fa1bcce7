/**
 * Cross-field checks the schema's field types cannot express, each naming its field in the
 * user's terms: those every battle type makes of a side and of a hex. Each battle type's
 * schema folds its own checks in with superRefine (../schema.ts).
 */
import { roster } from './roster.js';
import { lossOrder, type LossPolicy } from './lossOrder.js';
import type { Counter } from './counters.js';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export function lossOrderIssues(
  path: (string | number)[],
  counters: Counter[],
  policy: LossPolicy | undefined,
): FieldIssue[] {
  if (!policy || typeof policy === 'string') return [];
  const { unmatched } = lossOrder(counters, policy, 'weakest-first');
  return unmatched.map((name) => ({
    path,
    message:
      `loss order names '${name}', which is not (or not that many times) on this side; ` +
      `the side has: ${counters.map((c) => c.name).join(', ')}`,
  }));
}

function incomeIssues(path: (string | number)[], income: string[] | undefined): FieldIssue[] {
  const known = roster().incomeCounters;
  return (income ?? [])
    .map((name, i) => ({ name, i }))
    .filter(({ name }) => !known.some((k) => k.toLowerCase() === name.trim().toLowerCase()))
    .map(({ name, i }) => ({
      path: [...path, i],
      message: `unknown special income counter '${name}' (the roster has: ${known.join(', ')})`,
    }));
}

/**
 * 12.13: "A hex may never have more than one fort in it. It can contain both a fort and a special
 * income counter, though." Read as one fort plus at most one special income counter, cities and
 * villages being special income counters (11.72: "each fort, city, village, and other special
 * income counter"). The entry holds one fort at most by its shape.
 */
export function hexIssues(
  path: (string | number)[],
  d: { city?: boolean; village?: boolean; income?: string[] },
): FieldIssue[] {
  const issues = incomeIssues([...path, 'income'], d.income);
  const specials = [...(d.city ? ['a city'] : []), ...(d.village ? ['a village'] : []), ...(d.income ?? [])];
  if (specials.length > 1) {
    const field = (d.income?.length ?? 0) > 0 ? 'income' : 'village';
    issues.push({
      path: [...path, field],
      message:
        'a hex holds one fort and at most one special income counter (a city, a village or an income ' +
        `counter such as a Gold Mine, 12.13); this one has ${specials.length}: ${specials.join(', ')}`,
    });
  }
  return issues;
}
