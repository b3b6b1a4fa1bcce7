/**
 * Sampling kernels for conflicts with uncertain token counts. Each trial draws every
 * uncertain count from its distribution, resolves the (deterministic) conflict and
 * counts the outcome. No allocation per trial: tokens, armies and the resolver's
 * scratch are typed arrays reused across the chunk.
 */
import type { Kernel } from '../../engine/system.js';
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { conflictLayout, type AdvCivPlan, type ConflictPlan } from './plan.js';
import { makeScratch, resolveConflict, type ConflictScratch } from './resolver.js';
import { OUTCOME } from './categories.js';
import { die } from '../../kit/dice.js';

/** Adds one resolved conflict to the tally. */
export function recordOutcome(
  plan: ConflictPlan,
  layout: ReturnType<typeof conflictLayout>,
  s: ConflictScratch,
  tokens: Int32Array,
  tally: Float64Array,
  weight: number,
): void {
  tally[s.holder >= 0 ? layout.holder + s.holder : layout.noHolder] += weight;
  tally[outcomeBin(layout, s)] += weight;
  if (s.cityAttacked) tally[layout.cityAttacked] += weight;
  for (let i = 0; i < tokens.length; i++) tally[layout.left[i] + tokens[i]] += weight;
}

function outcomeBin(layout: ReturnType<typeof conflictLayout>, s: ConflictScratch): number {
  if (s.outcome === OUTCOME.alone) return layout.alone + s.alone;
  if (s.outcome === OUTCOME.stay) return layout.stay;
  if (s.outcome === OUTCOME.cityStands) return layout.cityStands;
  return layout.empty;
}

type Draw = (rng: Xoshiro128, values: Int32Array, cumulative: Float64Array) => number;

/** Inverse CDF on one uniform float (the supports are small). */
const drawByScan: Draw = (rng, values, cumulative) => {
  const u = rng.nextFloat();
  let k = 0;
  while (k < values.length - 1 && u >= cumulative[k]) k++;
  return values[k];
};

function makeKernel(draw: Draw): Kernel<AdvCivPlan> {
  return (plan, rng, trials, tally) => {
    if (plan.kind !== 'conflict') return; // sweeps are never sampled
    const n = plan.tokens.length;
    const layout = conflictLayout(plan);
    const values = plan.tokens.map((d) => Int32Array.from(d.values));
    const cumulative = plan.tokens.map((d) => {
      let acc = 0;
      return Float64Array.from(d.probabilities, (p) => (acc += p));
    });
    const tokens = new Int32Array(n);
    const armies = new Int32Array(n);
    const s = makeScratch(n);
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < n; i++) {
        tokens[i] = values[i].length === 1 ? values[i][0] : draw(rng, values[i], cumulative[i]);
        armies[i] = plan.armies[i];
      }
      resolveConflict(plan.rules, tokens, armies, s);
      recordOutcome(plan, layout, s, tokens, tally, 1);
    }
  };
}

/** `faithful` draws a uniform range with the die (rejection-free multiply-shift) and lists by scan. */
const drawFaithful: Draw = (rng, values, cumulative) => {
  const equal =
    Math.abs(cumulative[0] * values.length - 1) < 1e-12 && values[values.length - 1] - values[0] === values.length - 1;
  return equal ? values[0] + die(rng, values.length) - 1 : drawByScan(rng, values, cumulative);
};

export const advCivKernels = {
  fast: makeKernel(drawByScan),
  faithful: makeKernel(drawFaithful),
};
