/** Shared helpers for the Kings & Things tests: validate + compile, run a kernel, solve, compare. */
import { expect } from 'vitest';
import { kingsAndThings } from '../../../../src/core/systems/kings-and-things/index.js';
import { Xoshiro128 } from '../../../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../../../src/core/random/seed.js';
import { compileEntry as compileBattle, type Battle } from '../../../../src/core/engine/validate/entry.js';
import { isUnsolved } from '../../../../src/core/model/contract.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';
import { chiSquareTest } from '../../../../src/core/stats/chiSquare.js';
import { chiSquareTwoSample } from '../../../helpers/stats/chiSquareTwoSample.js';
import { proportionZTest } from '../../../helpers/stats/zTest.js';
import type { KtPlan } from '../../../../src/core/systems/kings-and-things/plan.js';
import type { DuelPlan } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import type { MultiPlan } from '../../../../src/core/systems/kings-and-things/multi/plan.js';
import type { ExplorePlan } from '../../../../src/core/systems/kings-and-things/explore/plan.js';

/** Fixed a priori: reject only below these. */
export const P_REJECT = 1e-4;
export const Z_MAX = 4.5;

/** An entry validated (schema with its cross-field checks) and compiled, as a scenario would. */
export function compileEntry(entry: unknown, label = 'test'): Battle<KtPlan> {
  return compileBattle(kingsAndThings, entry, 'test', '', label) as Battle<KtPlan>;
}
export const duelOf = (entry: unknown) => compileEntry(entry) as Battle<DuelPlan>;
export const multiOf = (entry: unknown) => compileEntry(entry) as Battle<MultiPlan>;
export const exploreOf = (entry: unknown) => compileEntry(entry) as Battle<ExplorePlan>;

/** Problems reported for an entry by the schema (its cross-field checks included), as messages. */
export function problems(entry: unknown): string[] {
  const parsed = kingsAndThings.entry.safeParse(entry);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

export function run(
  battle: Battle<KtPlan>,
  trials: number,
  seed: string,
  kernel: 'fast' | 'faithful' = 'fast',
): Float64Array {
  const tally = new Float64Array(battle.layout.size);
  kingsAndThings.sampler![kernel](battle.plan, Xoshiro128.fromState(stateFromSeed(seed)), trials, tally);
  return tally;
}

/** The exact probabilities in the battle's layout (the test fails when it is not solved). */
export function exactOf(battle: Battle<KtPlan>): Float64Array {
  const answer = kingsAndThings.solve!(battle.plan);
  if (isUnsolved(answer)) throw new Error(`not solved: ${answer.unsolved}`);
  return answer.probabilities;
}

/** Why the battle is not solved, or null when it is. */
export function unsolvedReason(battle: Battle<KtPlan>): string | null {
  const answer = kingsAndThings.solve!(battle.plan);
  return isUnsolved(answer) ? answer.unsolved : null;
}

/** A layout event (by name) summed over a tally or an exact vector. */
export function eventOf(battle: Battle<KtPlan>, vector: Float64Array, name: string): number {
  return binSum(vector, findEvent(battle.layout, name).bins);
}

/**
 * Tally bins [from, from + n) against the exact bins: nothing observed where the exact
 * probability is exactly 0 (the chi-square merges small bins, so it would not notice),
 * then a chi-square against the exact bins renormalized over the segment.
 */
export function expectSegmentMatches(tally: Float64Array, exact: Float64Array, from: number, n: number): void {
  const observed = tally.subarray(from, from + n);
  const e = exact.subarray(from, from + n);
  const impossibleButSeen = Array.from(e, (p, i) =>
    p === 0 && observed[i] !== 0 ? `bin ${from + i}: ${observed[i]}` : '',
  ).filter((s) => s);
  expect(impossibleButSeen, 'counts in bins the exact solution says are impossible').toEqual([]);
  let mass = 0;
  for (const p of e) mass += p;
  if (mass === 0) return;
  const { pValue } = chiSquareTest(
    observed,
    Array.from(e, (p) => p / mass),
  );
  expect(pValue).toBeGreaterThan(P_REJECT);
}

export function expectProportion(successes: number, trials: number, p0: number): void {
  const { z } = proportionZTest(successes, trials, p0);
  expect(Math.abs(z)).toBeLessThan(Z_MAX);
}

/** Two-sample chi-square (equal trials): do two tallies' bins [from, from + n) share a distribution? */
export function expectSameDistribution(a: Float64Array, b: Float64Array, from: number, n: number): void {
  expect(chiSquareTwoSample(a.subarray(from, from + n), b.subarray(from, from + n)).pValue).toBeGreaterThan(P_REJECT);
}

export { kingsAndThings };
