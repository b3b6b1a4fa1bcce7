/**
 * Advanced Civilization plans (what workers receive) and the tally layout of a
 * sampled conflict.
 */
import type { ConflictRules } from './rules.js';
import type { Matchup } from './schema.js';

/** A nation's token count as a finite distribution (a point mass when known). */
export interface TokenDistribution {
  values: number[];
  probabilities: number[];
}

export interface ConflictPlan {
  kind: 'conflict';
  rules: ConflictRules;
  tokens: TokenDistribution[];
  armies: number[];
  /** True when some nation's tokens are uncertain: the battle is then sampled. */
  sampled: boolean;
}

export interface SweepPlan {
  kind: 'sweep';
  limit: number;
  attackerTokens: [number, number];
  defenderTokens: [number, number];
  engineering: Matchup[];
  metalworking: Matchup[];
  fort: boolean[];
  city: boolean;
  attacker: { armies: number; military: boolean; mathematics: boolean };
  defender: { armies: number; military: boolean; mathematics: boolean };
  reading: ConflictRules['reading'];
}

export type AdvCivPlan = ConflictPlan | SweepPlan;

/** Largest number of tokens a nation can have after the conflict (a city adds up to 7). */
export function maxTokensLeft(plan: ConflictPlan, nation: number): number {
  const top = Math.max(...plan.tokens[nation].values);
  return top + (plan.rules.cityOwner === nation ? 7 : 0);
}

/**
 * Conflict tally:
 *   [controls the area: one bin per nation, then one for "nobody"]
 *   [alone in the area: one bin per nation]
 *   [several stay (limit met), city stands, area empty: 1 bin each]
 *   [city attacked: 1 bin]
 *   [tokens left, per nation: maxTokensLeft + 1 bins each]
 * The alone bins, stay, city stands and empty partition the trials (OUTCOME).
 */
export function conflictLayout(plan: ConflictPlan) {
  const n = plan.rules.names.length;
  const holder = 0;
  const alone = n + 1;
  const stay = 2 * n + 1;
  const cityStands = stay + 1;
  const empty = stay + 2;
  const cityAttacked = stay + 3;
  const left: number[] = [];
  let offset = stay + 4;
  for (let i = 0; i < n; i++) {
    left.push(offset);
    offset += maxTokensLeft(plan, i) + 1;
  }
  return { holder, noHolder: n, alone, stay, cityStands, empty, cityAttacked, left, size: offset };
}

export function pointMass(value: number): TokenDistribution {
  return { values: [value], probabilities: [1] };
}
