/**
 * Sampling kernels for conflicts with uncertain token counts. Each trial draws every
 * uncertain count from its distribution, resolves the (deterministic) conflict and
 * counts the outcome at the plan's offsets (`plan.at`). No allocation per trial (nor
 * per call: paired sweeps call a kernel once per trial): tokens, armies and the
 * resolver's scratch are typed arrays kept per nation count and reused.
 */
import type { Kernel, Sampler } from '../../model/contract.js';
import type { Xoshiro128 } from '../../random/xoshiro128.js';
import type { ConflictOffsets, ConflictPlan } from './plan.js';
import { makeScratch, resolveConflict, type ConflictScratch } from './resolver.js';
import { OUTCOME } from './categories.js';
import { die } from '../../random/dice.js';

/** Adds one resolved conflict to the tally (the exact solver adds probabilities the same way). */
export function recordOutcome(
  at: ConflictOffsets,
  s: ConflictScratch,
  tokens: Int32Array,
  tally: Float64Array,
  weight: number,
): void {
  tally[s.holder >= 0 ? at.holder + s.holder : at.noHolder] += weight;
  tally[outcomeBin(at, s)] += weight;
  if (s.cityAttacked) tally[at.cityAttacked] += weight;
  if (s.fort >= 0) tally[at.fort + s.fort] += weight;
  for (let i = 0; i < tokens.length; i++) tally[at.left[i] + tokens[i]] += weight;
}

function outcomeBin(at: ConflictOffsets, s: ConflictScratch): number {
  if (s.outcome === OUTCOME.alone) return at.alone + s.alone;
  if (s.outcome === OUTCOME.stay) return at.stay;
  if (s.outcome === OUTCOME.cityStands) return at.cityStands;
  return at.empty;
}

/** Working arrays for a conflict of n nations (2..8), made once per thread. */
interface Work {
  tokens: Int32Array;
  armies: Int32Array;
  scratch: ConflictScratch;
}
const works: Work[] = [];
function workFor(n: number): Work {
  return (works[n] ??= { tokens: new Int32Array(n), armies: new Int32Array(n), scratch: makeScratch(n) });
}

type Draw = (rng: Xoshiro128, values: readonly number[], cumulative: readonly number[]) => number;

/** Inverse CDF on one uniform float (the supports are small). */
const drawByScan: Draw = (rng, values, cumulative) => {
  const u = rng.nextFloat();
  let k = 0;
  while (k < values.length - 1 && u >= cumulative[k]) k++;
  return values[k];
};

/** `faithful` draws a uniform range with the die (multiply-shift) and a weighted list by scan. */
const drawFaithful: Draw = (rng, values, cumulative) => {
  const equal =
    Math.abs(cumulative[0] * values.length - 1) < 1e-12 && values[values.length - 1] - values[0] === values.length - 1;
  return equal ? values[0] + die(rng, values.length) - 1 : drawByScan(rng, values, cumulative);
};

function makeKernel(draw: Draw): Kernel<ConflictPlan> {
  return (plan, rng, trials, tally) => {
    const n = plan.tokens.length;
    const at = plan.at;
    const { tokens, armies, scratch: s } = workFor(n);
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < n; i++) {
        const d = plan.tokens[i];
        tokens[i] = d.values.length === 1 ? d.values[0] : draw(rng, d.values, d.cumulative);
        armies[i] = plan.armies[i];
      }
      resolveConflict(plan.rules, tokens, armies, s);
      recordOutcome(at, s, tokens, tally, 1);
    }
  };
}

export const advCivSampler: Sampler<ConflictPlan> = {
  fast: makeKernel(drawByScan),
  faithful: makeKernel(drawFaithful),
};
