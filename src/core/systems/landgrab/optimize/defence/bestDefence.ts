/**
 * "How should I spread N defending armies along a path of k territories?" Minimise
 * P(the attacker, attacking along the path to the end, takes every territory), exactly.
 *
 * Every allocation is a composition of N into k parts >= 1: C(N - 1, k - 1) of them. Both
 * searches walk the tree of prefixes depth first, carrying the attacker's army distribution
 * after each prefix (so prefixes share their work) and finishing each leaf with one dot product
 * against the exact table of the last two territories (adaptiveBound.ts). 'exhaustive' visits
 * every leaf and ranks them; 'branch-and-bound' visits children in order of the adaptive lower
 * bound (adaptiveBound.ts) and skips every subtree whose bound is no better than the best leaf
 * found: still exact, since the bound never exceeds any allocation's true value.
 */
import { advanceAttacker, allocationOdds, type AllocationOutcome, type DefenceQuestion } from './allocationOdds.js';
import { adaptiveBound } from './adaptiveBound.js';
import { wholeNumber } from '../path.js';

/** 'auto' searches exhaustively up to this many allocations, by branch and bound above. */
export const EXHAUSTIVE_LIMIT = 20_000;
/** Largest bound table, territories * (attackers + 1) * (armies + 1) cells. */
export const MAX_BOUND_CELLS = 20_000_000;
/** Largest exact table of the last two territories, (attackers + 1) * (armies + 1)^2 cells (160 MB). */
export const MAX_LAST_TWO_CELLS = 20_000_000;

export interface DefenceOptions {
  method?: 'auto' | 'exhaustive' | 'branch-and-bound';
  /** Allocations ranked in the answer (exhaustive search only; default 5). */
  top?: number;
}

export interface NamedAllocation extends AllocationOutcome {
  name: string;
}

export interface DefenceAnswer {
  attackers: number;
  armies: number;
  territories: number;
  /** The allocation that minimises P(conquest) (the first found among exact ties). */
  best: AllocationOutcome;
  /** Best allocations first (exhaustive search: `top` of them; branch and bound: the best two). */
  ranking: AllocationOutcome[];
  /** The allocation the attacker would like most (exhaustive search only). */
  worst?: AllocationOutcome;
  /** Simple spreads for comparison: even, all extra armies first, all extra armies last. */
  baselines: NamedAllocation[];
  method: 'exhaustive' | 'branch-and-bound';
  /** Compositions of armies into territories: C(armies - 1, territories - 1). */
  allocations: number;
  /** Allocations whose exact P was computed (leaves visited). */
  evaluated: number;
  /** No allocation holds the attacker below this P(conquest) (the adaptive bound at the root). */
  adaptiveBound: number;
}

/**
 * @example
 * bestDefence({ attackers: 20, armies: 12, territories: [t, t, t] }) // plain dice
 * // { best: { allocation: [2, 2, 8], pConquest: 0.8863, pHeld: 0.1137 }, method: 'exhaustive', allocations: 55,
 * //   baselines: [even 0.8900, all extra first 0.9117, all extra last 0.9007], ranking: [...], ... }
 */
export function bestDefence(q: DefenceQuestion, options: DefenceOptions = {}): DefenceAnswer {
  const n = q.territories.length;
  if (n === 0) throw new RangeError('a path needs at least one territory');
  wholeNumber(q.attackers, 'attackers', 1);
  wholeNumber(q.armies, 'armies', n);
  const cells = (q.attackers + 1) * (q.armies + 1);
  if (n * cells > MAX_BOUND_CELLS || (n >= 2 && cells * (q.armies + 1) > MAX_LAST_TWO_CELLS)) {
    throw new RangeError('too many attackers or defenders for the defence search (see MAX_LAST_TWO_CELLS)');
  }
  const allocations = binomial(q.armies - 1, n - 1);
  const method =
    options.method === 'auto' || options.method === undefined
      ? allocations <= EXHAUSTIVE_LIMIT
        ? 'exhaustive'
        : 'branch-and-bound'
      : options.method;
  const prune = method === 'branch-and-bound';
  // Branch and bound proves the best two (the runner-up is part of the answer): it prunes
  // against the second best found, which no pruned subtree can beat.
  const top = prune ? 2 : Math.max(1, options.top ?? 5);
  const { width, bound, lastTwo } = adaptiveBound(q.territories, q.attackers, q.armies);
  const expected = (dist: Float64Array, j: number, m: number) => {
    let s = 0;
    for (let a = 0; a < dist.length; a++) if (dist[a] !== 0) s += dist[a] * bound[j][a * width + m];
    return s;
  };
  const ranking: AllocationOutcome[] = [];
  let worst: AllocationOutcome | undefined;
  let evaluated = 0;
  const prefix: number[] = [];
  const leaf = (p: number) => {
    evaluated++;
    if (ranking.length === top && p >= ranking[top - 1].pConquest) {
      if (!prune && (!worst || p > worst.pConquest)) worst = outcome([...prefix], p);
      return;
    }
    const entry = outcome([...prefix], p);
    let i = ranking.length;
    while (i > 0 && ranking[i - 1].pConquest > p) i--;
    ranking.splice(i, 0, entry);
    if (ranking.length > top) ranking.pop();
    if (!prune && (!worst || p > worst.pConquest)) worst = entry;
  };
  const visit = (j: number, dist: Float64Array, m: number): void => {
    if (j === n - 1) {
      prefix.push(m);
      leaf(expected(dist, j, m));
      prefix.pop();
      return;
    }
    if (j === n - 2 && lastTwo) {
      // The children are leaves: one dot product each with the exact last-two table.
      for (let d = 1; d < m; d++) {
        let p = 0;
        for (let a = 0; a < dist.length; a++)
          if (dist[a] !== 0) p += dist[a] * lastTwo[(a * width + d) * width + m - d];
        prefix.push(d, m - d);
        leaf(p);
        prefix.length -= 2;
      }
      return;
    }
    const children: { d: number; next: Float64Array; lowerBound: number }[] = [];
    for (let d = 1; d <= m - (n - 1 - j); d++) {
      const next = advanceAttacker(q.territories[j], dist, d);
      children.push({ d, next, lowerBound: prune ? expected(next, j + 1, m - d) : 0 });
    }
    if (prune) children.sort((x, y) => x.lowerBound - y.lowerBound);
    for (const child of children) {
      if (prune && ranking.length === top && child.lowerBound >= ranking[top - 1].pConquest) break;
      prefix.push(child.d);
      visit(j + 1, child.next, m - child.d);
      prefix.pop();
    }
  };
  const start = new Float64Array(q.attackers + 1);
  start[q.attackers] = 1;
  visit(0, start, q.armies);
  const answer: DefenceAnswer = {
    attackers: q.attackers,
    armies: q.armies,
    territories: n,
    best: ranking[0],
    ranking,
    baselines: baselineAllocations(n, q.armies).map(({ name, allocation }) => ({
      name,
      ...allocationOdds(q, allocation),
    })),
    method,
    allocations,
    evaluated,
    adaptiveBound: expected(start, 0, q.armies),
  };
  if (worst) answer.worst = worst;
  return answer;
}

function outcome(allocation: number[], pConquest: number): AllocationOutcome {
  return { allocation, pConquest, pHeld: 1 - pConquest };
}

/**
 * The simple spreads every answer compares with.
 *
 * @example
 * baselineAllocations(3, 10)
 * // [{ name: 'even', allocation: [3, 3, 4] }, { name: 'all extra armies on the first', allocation: [8, 1, 1] },
 * //  { name: 'all extra armies on the last', allocation: [1, 1, 8] }]
 */
export function baselineAllocations(territories: number, armies: number): { name: string; allocation: number[] }[] {
  const base = Math.floor(armies / territories);
  const extra = armies - base * territories;
  const even = Array.from({ length: territories }, (_, j) => base + (j >= territories - extra ? 1 : 0));
  const first = Array.from({ length: territories }, (_, j) => (j === 0 ? armies - territories + 1 : 1));
  const last = Array.from({ length: territories }, (_, j) => (j === territories - 1 ? armies - territories + 1 : 1));
  return [
    { name: 'even', allocation: even },
    { name: 'all extra armies on the first', allocation: first },
    { name: 'all extra armies on the last', allocation: last },
  ];
}

/**
 * C(n, k) as a float (exact below 2^53).
 *
 * @example
 * binomial(29, 3) // 3654
 */
export function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}
