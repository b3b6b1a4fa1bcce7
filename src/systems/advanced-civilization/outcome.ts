/** One conflict resolved with plain inputs and outputs, with its removal log. */
import type { ConflictRules } from './rules.js';
import { makeScratch, resolveConflict, type RemovalEvent } from './resolver.js';

export interface ConflictOutcome {
  tokensLeft: number[];
  armiesLeft: number[];
  /** Index of the nation holding the area, or -1 for none. */
  holder: number;
  holderName: string | null;
  /** Only one nation is left in the area. */
  sole: boolean;
  cityAttacked: boolean;
  cityAttacker: number;
  /** What happens to the fort: kept by its controller, captured, removed, or none. */
  fort: 'none' | 'kept' | 'captured' | 'removed';
  events: RemovalEvent[];
}

export function resolveOutcome(rules: ConflictRules, tokens: readonly number[], armies: readonly number[]): ConflictOutcome {
  const t = Int32Array.from(tokens);
  const a = Int32Array.from(armies);
  const s = makeScratch(tokens.length);
  const events: RemovalEvent[] = [];
  resolveConflict(rules, t, a, s, (e) => events.push(e));
  return {
    tokensLeft: Array.from(t),
    armiesLeft: Array.from(a),
    holder: s.holder,
    holderName: s.holder >= 0 ? rules.names[s.holder] : null,
    sole: s.sole,
    cityAttacked: s.cityAttacked,
    cityAttacker: s.cityAttacker,
    fort: fortFate(rules, t, s.holder, s.cityAttacked),
    events,
  };
}

/**
 * The seed: after conflict, a nation other than the builder in control of the space
 * captures the fort; a fort on a space with no tokens left is removed. When nobody holds
 * the area (a tie), the controller keeps it.
 */
function fortFate(rules: ConflictRules, tokens: Int32Array, holder: number, cityAttacked: boolean): ConflictOutcome['fort'] {
  if (rules.fortOwner < 0) return 'none';
  let total = 0;
  for (let i = 0; i < tokens.length; i++) total += tokens[i];
  const cityStands = rules.cityOwner >= 0 && !cityAttacked;
  if (total === 0 && !cityStands) return 'removed';
  if (holder >= 0 && holder !== rules.fortOwner) return 'captured';
  return 'kept';
}
