/**
 * The reverse question, "how many tokens do I need?": the attacker's (first nation's) token
 * count is searched upward with the exact solver, every other nation as given (known counts:
 * one deterministic conflict per count; uncertain counts: the exact enumeration). The answers
 * are the fewest tokens with P(the attacker controls the area) >= target and the fewest with
 * P(the attacker is alone in it, the area cleared) >= target, with the curve of both.
 */
import { isUnsolved } from '../../model/contract.js';
import type { AdvCivEntry } from './schema.js';
import { MAX_TOKENS } from './schema.js';
import { compileAdvCiv, tokenDistribution } from './compile.js';
import { solveConflict } from './exact.js';

/** The search never goes below this many tokens above the limit plus everyone else's largest counts. */
export const SEARCH_MARGIN = 12;
/** ... nor below this many tokens (and never above the schema's MAX_TOKENS). */
export const SEARCH_FLOOR = 40;
/** Most conflicts the search resolves in all (attacker counts x combinations of the other counts). */
export const MAX_SEARCH_CONFLICTS = 1_000_000;

/** Sums of probabilities carry rounding (7 x 1/7 is 0.9999999999999998): a target is met within this. */
export const TARGET_SLACK = 1e-12;

/** P reaches the target (within rounding). */
export function reaches(p: number, target: number): boolean {
  return p >= target - TARGET_SLACK;
}

export interface TokensPoint {
  /** The attacker's tokens. */
  tokens: number;
  pControls: number;
  pAlone: number;
}

export interface TokensAnswer {
  /** Fewest attacker tokens reaching the target, or null when no count up to `searchedTo` does. */
  tokens: number | null;
  /** The probability with that many tokens (null when not reached). */
  p: number | null;
  /** A larger count within the curve that falls below the target again (more is not always better), or null. */
  dropsAt: TokensPoint | null;
}

export interface TokensNeeded {
  target: number;
  controls: TokensAnswer;
  alone: TokensAnswer;
  /** Both probabilities by attacker tokens, around the answers and the tokens the attacker has. */
  curve: TokensPoint[];
  /** The smallest count tried (and the combinations of the other nations' counts at each). */
  from: number;
  combinations: number;
  /** The largest count tried. */
  searchedTo: number;
  /** Nothing random besides the attacker's count: every probability is 0 or 1. */
  certain: boolean;
}

/** Why the search was not made (too many combinations of the other nations' counts). */
export interface TokensNotSearched {
  notSearched: string;
  combinations: number;
  /** The attacker counts it would have tried, `from` to `upTo`. */
  from: number;
  upTo: number;
}

/** Largest count the search tries: the limit plus everyone else's largest counts plus a margin, at least 40. */
export function searchBound(entry: AdvCivEntry): number {
  const others = entry.nations.slice(1).reduce((s, n) => s + Math.max(...tokenDistribution(n.tokens).values), 0);
  return Math.min(MAX_TOKENS, Math.max(SEARCH_FLOOR, entry.limit + others + SEARCH_MARGIN));
}

/** The same conflict with the attacker bringing exactly `tokens` (his Army tokens capped at that). */
export function withAttackerTokens(entry: AdvCivEntry, tokens: number): AdvCivEntry {
  const [attacker, ...others] = entry.nations;
  return { ...entry, nations: [{ ...attacker, tokens, armies: Math.min(attacker.armies, tokens) }, ...others] };
}

/** P(controls) and P(alone) for the attacker with exactly `tokens`, from the exact solver. */
export function attackerOdds(entry: AdvCivEntry, tokens: number): TokensPoint {
  const { plan } = compileAdvCiv(withAttackerTokens(entry, tokens));
  const answer = solveConflict(plan);
  if (isUnsolved(answer)) throw new RangeError(answer.unsolved);
  const v = answer.probabilities;
  return { tokens, pControls: snap(v[plan.at.holder]), pAlone: snap(v[plan.at.alone]) };
}

/** A sum of probabilities within rounding of 0 or 1 is that certainty (never printed as "over 99.9%"). */
function snap(p: number): number {
  if (Math.abs(1 - p) < TARGET_SLACK) return 1;
  return Math.abs(p) < TARGET_SLACK ? 0 : p;
}

/**
 * The fewest attacker tokens reaching `target` for control and for clearing the area. The search
 * runs from 1 (0 when the attacker owns the city: it may control the area with no token; never
 * below `least`) up to `searchBound`, and stops two counts past both answers and the attacker's
 * own largest count. `least`: when the count itself is asked (the force question), the Army
 * tokens the player named are among the tokens, so fewer tokens than that are not an answer.
 */
export function tokensNeeded(entry: AdvCivEntry, target: number, least = 0): TokensNeeded | TokensNotSearched {
  const others = entry.nations.slice(1).map((n) => tokenDistribution(n.tokens));
  const combinations = others.reduce((p, d) => p * d.values.length, 1);
  const upper = searchBound(entry);
  const cityOwner = entry.city && typeof entry.city === 'object' ? entry.city.owner : undefined;
  const from = Math.min(upper, Math.max(least, cityOwner === entry.nations[0].name ? 0 : 1));
  const conflicts = combinations * (upper - from + 1);
  if (conflicts > MAX_SEARCH_CONFLICTS) {
    return {
      combinations,
      from,
      upTo: upper,
      notSearched:
        `${combinations.toLocaleString('en-US')} combinations of the other nations' token counts at each of ` +
        `${upper - from + 1} attacker counts is more than the ${MAX_SEARCH_CONFLICTS.toLocaleString('en-US')} ` +
        'conflicts the search resolves',
    };
  }
  const have = tokenDistribution(entry.nations[0].tokens).values;
  const haveMin = have[0];
  const haveMax = have[have.length - 1];
  const points: TokensPoint[] = [];
  let controls: number | null = null;
  let alone: number | null = null;
  let searchedTo = from;
  for (let t = from; t <= upper; t++) {
    const point = attackerOdds(entry, t);
    points.push(point);
    searchedTo = t;
    if (controls === null && reaches(point.pControls, target)) controls = t;
    if (alone === null && reaches(point.pAlone, target)) alone = t;
    if (controls !== null && alone !== null && t >= Math.max(controls, alone, haveMax) + 2) break;
  }
  // The curve: from a little below the first count with any chance (or the attacker's own) to the end.
  const firstChance = points.find((p) => p.pControls > 0 || p.pAlone > 0)?.tokens ?? searchedTo;
  const start = Math.max(from, Math.min(haveMin, firstChance) - 2);
  const curve = points.filter((p) => p.tokens >= start);
  const answer = (t: number | null, pick: (p: TokensPoint) => number): TokensAnswer => {
    if (t === null) return { tokens: null, p: null, dropsAt: null };
    const at = points[t - from];
    const drop = points.find((p) => p.tokens > t && !reaches(pick(p), target)) ?? null;
    return { tokens: t, p: pick(at), dropsAt: drop };
  };
  return {
    target,
    controls: answer(controls, (p) => p.pControls),
    alone: answer(alone, (p) => p.pAlone),
    curve,
    from,
    combinations,
    searchedTo,
    certain: others.every((d) => d.values.length === 1),
  };
}

export function isNotSearched(x: TokensNeeded | TokensNotSearched): x is TokensNotSearched {
  return 'notSearched' in x;
}
