/** One conflict resolved with plain inputs and outputs, with its removal log. */
import { cityThreshold, type ConflictRules } from './rules.js';
import { cityDestroyed, makeScratch, resolveConflict, strongestOpponent, type RemovalEvent } from './resolver.js';
import { OUTCOME, OUTCOME_KINDS, type OutcomeKind } from './categories.js';
import { FORT_FATES, type FortFate } from './plan.js';

/** Why a city was or was not attacked: the strongest opponent, its tokens and the threshold. */
export interface CityCheck {
  /** The opponent who could attack (most tokens after the token fight), or -1 for none. */
  attacker: number;
  tokens: number;
  needed: number;
  replacement: number;
}

export interface ConflictOutcome {
  tokensLeft: number[];
  armiesLeft: number[];
  /** Index of the nation controlling the area (alone, by majority or by a standing city), or -1. */
  holder: number;
  holderName: string | null;
  /** The outcome category (categories.ts). */
  kind: OutcomeKind;
  /** The nation alone in the area (kind "alone"), else -1. */
  alone: number;
  /** Only one nation is left in the area (a standing city counts for its owner). */
  sole: boolean;
  /** Tokens of every nation when the token fight ended (before any city attack). */
  afterTokenFight: number[];
  /** Present when the area has a city. */
  city: CityCheck | null;
  cityAttacked: boolean;
  cityAttacker: number;
  /** The city was attacked and none of its owner's tokens is left (destroyed, not reduced). */
  cityDestroyed: boolean;
  /** What happens to the fort: kept by its controller, captured, removed, or none. */
  fort: FortFate;
  events: RemovalEvent[];
}

export function resolveOutcome(
  rules: ConflictRules,
  tokens: readonly number[],
  armies: readonly number[],
): ConflictOutcome {
  const t = Int32Array.from(tokens);
  const a = Int32Array.from(armies);
  const s = makeScratch(tokens.length);
  const events: RemovalEvent[] = [];
  resolveConflict(rules, t, a, s, (e) => events.push(e));
  const lastTokenFight = events.filter((e) => e.phase === 'token fight').pop();
  const afterTokenFight = lastTokenFight ? lastTokenFight.tokensAfter : Array.from(tokens);
  return {
    tokensLeft: Array.from(t),
    armiesLeft: Array.from(a),
    holder: s.holder,
    holderName: s.holder >= 0 ? rules.names[s.holder] : null,
    kind: OUTCOME_KINDS[s.outcome],
    alone: s.alone,
    sole: s.outcome === OUTCOME.alone,
    afterTokenFight,
    city: rules.cityOwner >= 0 ? cityCheck(rules, afterTokenFight) : null,
    cityAttacked: s.cityAttacked,
    cityAttacker: s.cityAttacker,
    cityDestroyed: rules.cityOwner >= 0 && cityDestroyed(rules, t, s),
    fort: s.fort < 0 ? 'none' : FORT_FATES[s.fort],
    events,
  };
}

function cityCheck(rules: ConflictRules, afterTokenFight: number[]): CityCheck {
  const attacker = strongestOpponent(Int32Array.from(afterTokenFight), rules.cityOwner);
  if (attacker < 0) return { attacker, tokens: 0, needed: 0, replacement: 0 };
  const t = cityThreshold(rules.engineering[attacker], rules.engineering[rules.cityOwner]);
  return { attacker, tokens: afterTokenFight[attacker], needed: t.attack, replacement: t.replacement };
}
