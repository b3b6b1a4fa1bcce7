/**
 * Exact odds of one allocation of defenders along a path: the chain solver's propagation of
 * the attacker's army distribution (exact.ts solveFromDistribution), step by step.
 */
import { solveFromDistribution } from '../../exact.js';
import type { BattleTables } from '../../rules/tables.js';

export interface DefenceQuestion {
  /** Armies in the attacking territory at the start of the path. */
  attackers: number;
  /** Defending armies to spread, at least one per territory. */
  armies: number;
  /** Dice tables of each territory in attack order (fortress, defending leader, house rules, attacker's stopAt). */
  territories: readonly BattleTables[];
}

export interface AllocationOutcome {
  /** Defenders of each territory in attack order. */
  allocation: number[];
  /** P(the attacker takes every territory). */
  pConquest: number;
  /** P(the attacker is stopped before taking the last territory) = 1 - pConquest. */
  pHeld: number;
}

/**
 * The attacker's army distribution after taking one more territory: next[a - 1] = P(taking it
 * with a armies in the attacking territory), a - 1 of which move in.
 *
 * @example
 * const start = new Float64Array(11); start[10] = 1;
 * advanceAttacker(tables, start, 3) // [P(0 move on), P(1 moves on), ..., P(9 move on)]; sums to P(10 take 3)
 */
export function advanceAttacker(t: BattleTables, entering: Float64Array, defenders: number): Float64Array {
  const won = solveFromDistribution(t, entering, defenders).won;
  const next = new Float64Array(entering.length);
  for (let a = 1; a < won.length; a++) next[a - 1] = won[a];
  return next;
}

/**
 * P(the attacker takes the whole path) against one allocation, exactly.
 *
 * @example
 * allocationOdds({ attackers: 10, armies: 6, territories: [t, t] }, [2, 4]) // plain dice
 * // { allocation: [2, 4], pConquest: 0.7504, pHeld: 0.2496 }
 */
export function allocationOdds(q: DefenceQuestion, allocation: readonly number[]): AllocationOutcome {
  if (allocation.length !== q.territories.length) throw new RangeError('one defender count per territory');
  let dist: Float64Array = new Float64Array(q.attackers + 1);
  dist[q.attackers] = 1;
  for (let j = 0; j < allocation.length; j++) dist = advanceAttacker(q.territories[j], dist, allocation[j]);
  let pConquest = 0;
  for (const p of dist) pConquest += p;
  return { allocation: [...allocation], pConquest, pHeld: 1 - pConquest };
}
