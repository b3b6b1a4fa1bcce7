/** Shared helpers for the Kings & Things tests: parse + check + compile, run a kernel, compare. */
import { expect } from 'vitest';
import { kingsAndThings } from '../../src/systems/kings-and-things/index.js';
import { Xoshiro128 } from '../../src/engine/random/xoshiro128.js';
import { stateFromSeed } from '../../src/engine/random/seed.js';
import { chiSquareSurvival, chiSquareTest } from '../../src/stats/chiSquare.js';
import { proportionZTest } from '../../src/stats/zTest.js';
import type { KtPlan } from '../../src/systems/kings-and-things/plan.js';

/** Fixed a priori: reject only below these. */
export const P_REJECT = 1e-4;
export const Z_MAX = 4.5;

export function compileEntry(entry: unknown, label = 'test') {
  const parsed = kingsAndThings.battleSchema.safeParse(entry);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const issues = kingsAndThings.check!(parsed.data);
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  return kingsAndThings.compile(parsed.data, label);
}

/** Problems reported for an entry by the schema and check(), as messages. */
export function problems(entry: unknown): string[] {
  const parsed = kingsAndThings.battleSchema.safeParse(entry);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return kingsAndThings.check!(parsed.data).map((i) => `${i.path.join('.')}: ${i.message}`);
}

export function run(
  plan: KtPlan,
  size: number,
  trials: number,
  seed: string,
  kernel: 'fast' | 'faithful' = 'fast',
): Float64Array {
  const tally = new Float64Array(size);
  kingsAndThings.kernels[kernel](plan, Xoshiro128.fromState(stateFromSeed(seed)), trials, tally);
  return tally;
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
  const pooledA: number[] = [];
  const pooledB: number[] = [];
  let accA = 0;
  let accB = 0;
  for (let i = from; i < from + n; i++) {
    accA += a[i];
    accB += b[i];
    if (accA + accB >= 20) {
      pooledA.push(accA);
      pooledB.push(accB);
      accA = 0;
      accB = 0;
    }
  }
  if (pooledA.length > 0) {
    pooledA[pooledA.length - 1] += accA;
    pooledB[pooledB.length - 1] += accB;
  }
  let statistic = 0;
  for (let i = 0; i < pooledA.length; i++) statistic += (pooledA[i] - pooledB[i]) ** 2 / (pooledA[i] + pooledB[i]);
  const df = Math.max(1, pooledA.length - 1);
  expect(chiSquareSurvival(statistic, df)).toBeGreaterThan(P_REJECT);
}

export { kingsAndThings };
