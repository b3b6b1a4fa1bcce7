/**
 * Exact answers, in the plan's layout. A conflict with known token counts has one
 * outcome: a one-hot vector, with the outcome and its removal log as `detail`. With
 * uncertain counts, every combination of counts is enumerated and weighted by its
 * probability into the same bins the Monte Carlo tally uses.
 */
import type { Solution, Unsolved } from '../../model/contract.js';
import type { ConflictPlan } from './plan.js';
import { makeScratch, resolveConflict } from './resolver.js';
import { recordOutcome } from './kernels.js';
import { resolveOutcome, type ConflictOutcome } from './outcome.js';

/** Largest product of token-distribution sizes the exact solver enumerates (sampling has no such limit). */
export const MAX_EXACT_COMBINATIONS = 1_000_000;

/** What describe() gets beside a fixed conflict's one-hot vector. */
export interface FixedDetail {
  start: number[];
  outcome: ConflictOutcome;
}

export function solveConflict(plan: ConflictPlan): Solution | Unsolved {
  const size = plan.size;
  if (!plan.sampled) {
    const start = plan.tokens.map((d) => d.values[0]);
    const tokens = Int32Array.from(start);
    const s = makeScratch(start.length);
    resolveConflict(plan.rules, tokens, Int32Array.from(plan.armies), s);
    const probabilities = new Float64Array(size);
    recordOutcome(plan.at, s, tokens, probabilities, 1);
    // The same conflict again with its removal log, for the verdict and the tables.
    const outcome = resolveOutcome(plan.rules, start, plan.armies);
    const detail: FixedDetail = { start, outcome };
    return { probabilities, detail };
  }
  const combinations = plan.tokens.reduce((p, d) => p * d.values.length, 1);
  if (combinations > MAX_EXACT_COMBINATIONS) {
    return {
      unsolved:
        `${combinations.toLocaleString('en-US')} combinations of token counts to enumerate, ` +
        `more than the ${MAX_EXACT_COMBINATIONS.toLocaleString('en-US')} the exact solver walks`,
    };
  }
  return { probabilities: enumerateConflict(plan, size) };
}

/**
 * Probability of every bin, by walking the product of the token distributions. With whole-number
 * weights (TokenDistribution.counts) whose product of totals stays below 2^53, every bin adds whole
 * numbers (exact) and is divided by the total once: a bin every combination reaches is exactly 1.
 */
export function enumerateConflict(plan: ConflictPlan, size: number): Float64Array {
  const n = plan.tokens.length;
  const out = new Float64Array(size);
  const digit = new Int32Array(n);
  const tokens = new Int32Array(n);
  const armies = new Int32Array(n);
  const s = makeScratch(n);
  const counts = plan.tokens.every((d) => d.counts) ? plan.tokens.map((d) => d.counts as number[]) : null;
  const total = counts ? counts.reduce((t, c) => t * c.reduce((a, b) => a + b, 0), 1) : 0;
  const whole = counts !== null && Number.isSafeInteger(total);
  for (;;) {
    let p = 1;
    for (let i = 0; i < n; i++) {
      tokens[i] = plan.tokens[i].values[digit[i]];
      armies[i] = plan.armies[i];
      p *= whole ? (counts as number[][])[i][digit[i]] : plan.tokens[i].probabilities[digit[i]];
    }
    if (p > 0) {
      resolveConflict(plan.rules, tokens, armies, s);
      recordOutcome(plan.at, s, tokens, out, p);
    }
    // Odometer increment.
    let i = 0;
    while (i < n && ++digit[i] === plan.tokens[i].values.length) digit[i++] = 0;
    if (i === n) break;
  }
  if (whole) for (let b = 0; b < size; b++) out[b] /= total;
  return out;
}
