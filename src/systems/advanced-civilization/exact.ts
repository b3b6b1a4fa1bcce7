/**
 * Exact answers. A conflict with known token counts has one outcome (with its removal
 * log); with uncertain counts, every combination of counts is enumerated and weighted
 * by its probability into a vector with the same layout as the Monte Carlo tally.
 */
import { conflictLayout, type AdvCivPlan, type ConflictPlan } from './plan.js';
import { makeScratch, resolveConflict } from './resolver.js';
import { recordOutcome } from './kernels.js';
import { resolveOutcome, type ConflictOutcome } from './outcome.js';
import { sweepRows, type SweepResult } from './sweep.js';

export type AdvCivSolution =
  | { kind: 'outcome'; outcome: ConflictOutcome }
  | { kind: 'distribution'; probabilities: Float64Array }
  | { kind: 'sweep'; sweep: SweepResult };

export function solveAdvCiv(plan: AdvCivPlan): AdvCivSolution {
  if (plan.kind === 'sweep') return { kind: 'sweep', sweep: sweepRows(plan) };
  if (!plan.sampled)
    return {
      kind: 'outcome',
      outcome: resolveOutcome(
        plan.rules,
        plan.tokens.map((d) => d.values[0]),
        plan.armies,
      ),
    };
  return { kind: 'distribution', probabilities: enumerateConflict(plan) };
}

/** Probability of every outcome bin, by walking the product of the token distributions. */
export function enumerateConflict(plan: ConflictPlan): Float64Array {
  const n = plan.tokens.length;
  const layout = conflictLayout(plan);
  const out = new Float64Array(layout.size);
  const digit = new Int32Array(n);
  const tokens = new Int32Array(n);
  const armies = new Int32Array(n);
  const s = makeScratch(n);
  for (;;) {
    let p = 1;
    for (let i = 0; i < n; i++) {
      tokens[i] = plan.tokens[i].values[digit[i]];
      armies[i] = plan.armies[i];
      p *= plan.tokens[i].probabilities[digit[i]];
    }
    if (p > 0) {
      resolveConflict(plan.rules, tokens, armies, s);
      recordOutcome(plan, layout, s, tokens, out, p);
    }
    // Odometer increment.
    let i = 0;
    while (i < n && ++digit[i] === plan.tokens[i].values.length) digit[i++] = 0;
    if (i === n) break;
  }
  return out;
}
