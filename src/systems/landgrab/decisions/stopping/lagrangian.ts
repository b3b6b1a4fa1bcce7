/**
 * Maximise E[armies kept] subject to P(taking the whole path) >= target, through the
 * Lagrangian family "maximise E[armies kept] + lambda * P(whole path)".
 *
 * 1. Parametric search. For each lambda >= 0 the dynamic programme gives an optimal
 *    deterministic policy; its P grows with lambda. Lambda* (the smallest lambda whose policy
 *    meets the target) is found exactly, not by bisection: the optimal Lagrangian value V(lambda)
 *    is convex and piecewise linear, one line E + lambda * P per policy, so intersecting the
 *    lines of a policy below the target (lo) and one meeting it (hi) and re-solving there either
 *    finds a new vertex (replacing lo or hi) or proves the intersection is lambda*
 *    (Eisner-Severance / Newton search over finitely many policies).
 * 2. Bound. Weak duality bounds every policy meeting the target, randomised or not:
 *    E <= V(lambda) - lambda * target for any lambda >= 0; at lambda* randomising once between lo
 *    and hi reaches it.
 * 3. Refinement. lo and hi are neighbours on the hull of achievable (P, E) points, and the hull
 *    can jump far past the target (typically lo = "do not attack": P = 0). The states tied at
 *    lambda* are where the two differ; fixing them to hi's decision and searching again over the
 *    policies that agree keeps hi available, so the new hi meets the target and keeps at least as
 *    many armies (the restricted hull still decreases past its peak). Repeated until no free
 *    tied state is left, STALL_ROUNDS rounds pass without a gain, MAX_REFINEMENTS rounds, or the
 *    bound is met.
 * The answer is deterministic; `upperBound - expectedArmiesKept` says how much any policy,
 * randomised or not, could still gain at most.
 */
import { conquestReward, lagrangianReward } from './rewards.js';
import { fightToTheEnd, solveStopping, type StoppingSolution } from './solve.js';
import type { AttackPath } from '../path.js';

/** Largest lambda tried before falling back to the "fight to the end" policy (maximal P). */
const MAX_LAMBDA = 1e12;
const MAX_ITERATIONS = 200;
/** Refinement rounds at most (each one parametric search, typically 5 or 6 solves). */
export const MAX_REFINEMENTS = 40;
/** Refinement stops after this many rounds in a row without a gain (measured: gains come within 25 rounds). */
export const STALL_ROUNDS = 8;

export interface ConstrainedSolution {
  /** False when no policy reaches the target (then `solution` is "fight to the end", the most likely to conquer). */
  feasible: boolean;
  /** The multiplier lambda* of the unrestricted family (armies per unit of P(conquest)). */
  lambda: number;
  solution: StoppingSolution;
  /** Largest E[armies kept] of any policy, even randomised, with P >= target (weak duality). */
  upperBound: number;
  /** E[armies kept] of the plain Lagrangian answer (hi) before refinement. */
  unrefinedArmiesKept: number;
  /** Refinement rounds run. */
  refinements: number;
  /** Dynamic programmes solved. */
  solves: number;
}

interface SearchResult {
  lambda: number;
  hi: StoppingSolution;
  /** The solution at lambda* (its tie flags mark the breakpoint states). */
  atLambda: StoppingSolution;
  upperBound: number;
}

/**
 * @example
 * maximiseArmiesKept(battlePath(tables, 20, 10), 0.8) // plain dice
 * // { feasible: true, lambda: 8.598, solution: { start: { pConquest: 0.8006, expectedArmiesKept: 13.111, ... } },
 * //   upperBound: 13.220, unrefinedArmiesKept: 12.496, refinements: 20, ... }
 */
export function maximiseArmiesKept(path: AttackPath, target: number): ConstrainedSolution {
  const n = path.steps.length;
  let solves = 1;
  const mostLikely = solveStopping(path, conquestReward(n), fightToTheEnd);
  if (mostLikely.start.pConquest < target) {
    return {
      feasible: false,
      lambda: Infinity,
      solution: mostLikely,
      upperBound: -Infinity,
      unrefinedArmiesKept: mostLikely.start.expectedArmiesKept,
      refinements: 0,
      solves,
    };
  }
  const fixed: Uint8Array[] = path.steps.map((s) => new Uint8Array((path.attackers + 1) * (s.defenders + 1)));
  const solveAt = (lambda: number) => {
    solves++;
    return solveStopping(path, lagrangianReward(n, lambda), undefined, fixed);
  };
  const first = search(solveAt, target, mostLikely);
  let best = first.hi;
  let current = first;
  let refinements = 0;
  let stalled = 0;
  while (
    refinements < MAX_REFINEMENTS &&
    stalled < STALL_ROUNDS &&
    best.start.expectedArmiesKept < first.upperBound - 1e-12
  ) {
    let freed = 0;
    current.atLambda.steps.forEach((s, k) => {
      for (let i = 0; i < s.tie.length; i++) {
        if (s.tie[i] && fixed[k][i] === 0) {
          fixed[k][i] = current.hi.steps[k].stop[i] ? 1 : 2;
          freed++;
        }
      }
    });
    if (freed === 0) break;
    refinements++;
    current = search(solveAt, target, mostLikely, best);
    if (current.hi.start.pConquest >= target && current.hi.start.expectedArmiesKept > best.start.expectedArmiesKept) {
      best = current.hi;
      stalled = 0;
    } else stalled++;
  }
  return {
    feasible: true,
    lambda: first.lambda,
    solution: best,
    upperBound: first.upperBound,
    unrefinedArmiesKept: first.hi.start.expectedArmiesKept,
    refinements,
    solves,
  };
}

/**
 * The parametric search over the family `solveAt` spans (see the module comment, step 1).
 * `warmHi`, a policy of the family meeting the target, replaces the search for a first hi:
 * the intersection step needs only achievable lo and hi, and it ends with both optimal.
 */
function search(
  solveAt: (lambda: number) => StoppingSolution,
  target: number,
  mostLikely: StoppingSolution,
  warmHi?: StoppingSolution,
): SearchResult {
  let lo = solveAt(0);
  if (lo.start.pConquest >= target) {
    return { lambda: 0, hi: lo, atLambda: lo, upperBound: lo.start.expectedArmiesKept };
  }
  let hi: StoppingSolution | null = warmHi ?? null;
  for (let lambda = 1; hi === null && lambda <= MAX_LAMBDA; lambda *= 4) {
    const s = solveAt(lambda);
    if (s.start.pConquest >= target) {
      hi = s;
      break;
    }
    lo = s;
  }
  if (hi === null) {
    // Only a target within ~1e-12 of the largest P gets here: the most likely policy meets it.
    const bound = lo.start.expectedArmiesKept + MAX_LAMBDA * (lo.start.pConquest - target);
    return { lambda: MAX_LAMBDA, hi: mostLikely, atLambda: mostLikely, upperBound: bound };
  }
  let lambda = 0;
  let atLambda = hi;
  let vertexValue = 0;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const l = lo.start;
    const h = hi.start;
    lambda = (l.expectedArmiesKept - h.expectedArmiesKept) / (h.pConquest - l.pConquest);
    const lineValue = l.expectedArmiesKept + lambda * l.pConquest;
    atLambda = solveAt(lambda);
    vertexValue = atLambda.start.expectedArmiesKept + lambda * atLambda.start.pConquest;
    if (vertexValue <= lineValue + 1e-12 * (1 + Math.abs(lineValue))) break;
    if (atLambda.start.pConquest >= target) hi = atLambda;
    else lo = atLambda;
  }
  return { lambda, hi, atLambda, upperBound: vertexValue - lambda * target };
}
