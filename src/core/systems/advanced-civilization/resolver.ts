/**
 * The deterministic Advanced Civilization conflict resolver (24.2x, 24.3x, 24.41 and
 * the fortification variant). It works in place on two Int32Arrays (tokens and Army
 * tokens per nation) and a reusable scratch, so a kernel can call it once per trial
 * without allocating. An optional log receives every removal, for worked examples.
 *
 * Procedure, as implemented:
 * 1. Token fight (24.41 puts it before any city attack): while two or more nations are
 *    present and their tokens exceed the limit, play rounds. In a round every present
 *    nation removes one token, in ascending order of strength; nations of equal
 *    strength remove at the same time. The check is made after each removal (or each
 *    simultaneous group). Strength is (Advantage Level, tokens) under the `order`
 *    reading, tokens alone under `extra-removals` (after the extra removals).
 * 2. City attack: the strongest non-owner nation left attacks the city if it has at
 *    least the Engineering threshold (7, or 6 / 8); the city is replaced by 6 (5 / 7)
 *    tokens of its owner and the same procedure runs again.
 * 3. Outcome category (`classify`): one nation alone, several stay (limit met), the
 *    city stands beside other nations, or an empty area. A standing city counts as its
 *    owner being present. Control (majority, fort and city ties): see `holderOf`; the fort's fate: `fortFate`.
 */
import { cityThreshold, fortBonus, type ConflictRules } from './rules.js';
import { OUTCOME } from './categories.js';

export type Phase = 'token fight' | 'city fight';

export interface RemovalEvent {
  phase: Phase;
  /** Round within the phase (0 for extra removals under `extra-removals`). */
  round: number;
  /** Nations removing at this moment (two or more when they remove together). */
  nations: number[];
  /** Tokens of every nation after this removal. */
  tokensAfter: number[];
  levels: number[];
  note?: string;
}

export type RemovalLog = (event: RemovalEvent) => void;

export interface ConflictScratch {
  order: Int32Array;
  levels: Int32Array;
  group: Int32Array;
  /** Real Advantage Levels for the removal log (the `extra-removals` rounds order by tokens only). */
  logLevels: Int32Array;
  /** Results of the last resolve(). Index of the nation controlling the area, or -1. */
  holder: number;
  /** OUTCOME code of the last resolve(). */
  outcome: number;
  /** The nation alone in the area (OUTCOME.alone), else -1. */
  alone: number;
  cityAttacked: boolean;
  cityAttacker: number;
  /** The fort's fate (FORT codes), or -1 when there is no fort. */
  fort: number;
}

/** The fort's fate after the conflict: its bin within the layout's fort block. */
export const FORT = { kept: 0, captured: 1, removed: 2 } as const;

export function makeScratch(nations: number): ConflictScratch {
  return {
    order: new Int32Array(nations),
    levels: new Int32Array(nations),
    group: new Int32Array(nations),
    logLevels: new Int32Array(nations),
    holder: -1,
    outcome: OUTCOME.empty,
    alone: -1,
    cityAttacked: false,
    cityAttacker: -1,
    fort: -1,
  };
}

/** Resolve the conflict in place; results in `s` (holder, outcome, city attack, fort). */
export function resolveConflict(
  rules: ConflictRules,
  tokens: Int32Array,
  armies: Int32Array,
  s: ConflictScratch,
  log?: RemovalLog,
): void {
  s.cityAttacked = false;
  s.cityAttacker = -1;
  fight(rules, tokens, armies, s, 'token fight', log);
  const owner = rules.cityOwner;
  if (owner >= 0) {
    const attacker = strongestOpponent(tokens, owner);
    if (attacker >= 0) {
      const t = cityThreshold(rules.engineering[attacker], rules.engineering[owner]);
      if (tokens[attacker] >= t.attack) {
        s.cityAttacked = true;
        s.cityAttacker = attacker;
        tokens[owner] += t.replacement;
        log?.({
          phase: 'city fight',
          round: 0,
          nations: [],
          tokensAfter: Array.from(tokens),
          levels: [],
          note:
            `${rules.names[attacker]} attacks the city with ${tokens[attacker]} tokens (${t.attack} needed); ` +
            `it is replaced by ${t.replacement} tokens of ${rules.names[owner]}`,
        });
        fight(rules, tokens, armies, s, 'city fight', log);
      }
    }
  }
  s.holder = holderOf(rules, tokens, s.cityAttacked);
  classify(rules, tokens, s);
  s.fort = fortFate(rules, tokens, s);
}

/**
 * The seed: after conflict, a nation other than the builder in control of the space
 * captures the fort; a fort on a space with no tokens left (and no standing city) is
 * removed, and so is a fort in a space whose city is destroyed (under the default
 * `fortWhereCityDestroyed: removed`). A city is destroyed when it was attacked and none
 * of its owner's tokens is left after the city fight; when some are left, it was reduced
 * to them. When nobody controls the area (a tie), the controller keeps the fort.
 */
function fortFate(rules: ConflictRules, tokens: Int32Array, s: ConflictScratch): number {
  if (rules.fortOwner < 0) return -1;
  if (s.outcome === OUTCOME.empty) return FORT.removed;
  if (rules.fortWhereCityDestroyed === 'removed' && cityDestroyed(rules, tokens, s)) return FORT.removed;
  if (s.holder >= 0 && s.holder !== rules.fortOwner) return FORT.captured;
  return FORT.kept;
}

/**
 * The outcome category. A city that was not attacked is its owner's presence in the
 * area, so its owner is never "gone" while the city stands.
 */
function classify(rules: ConflictRules, tokens: Int32Array, s: ConflictScratch): void {
  const standingCity = rules.cityOwner >= 0 && !s.cityAttacked ? rules.cityOwner : -1;
  let present = 0;
  let last = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] > 0 || i === standingCity) {
      present++;
      last = i;
    }
  }
  s.alone = present === 1 ? last : -1;
  if (present === 0) s.outcome = OUTCOME.empty;
  else if (present === 1) s.outcome = OUTCOME.alone;
  else if (standingCity >= 0) s.outcome = OUTCOME.cityStands;
  else s.outcome = OUTCOME.stay;
}

/**
 * Who holds the area after the conflict. A city that was not attacked holds its area
 * for its owner. Otherwise the nation with the most tokens holds it; a tie goes to the
 * fort's controller if tied (the seed's fort-ownership tie rule), then (after the city was
 * attacked and replaced, under `replacedCityTieBreak: owner`) to the city's former owner
 * if tied; any other tie, or an empty area, leaves no holder (-1).
 */
export function holderOf(rules: ConflictRules, tokens: Int32Array, cityAttacked: boolean): number {
  if (rules.cityOwner >= 0 && !cityAttacked) return rules.cityOwner;
  let best = 0;
  for (let i = 0; i < tokens.length; i++) if (tokens[i] > best) best = tokens[i];
  if (best === 0) return -1;
  let leader = -1;
  let ties = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === best) {
      ties++;
      leader = i;
    }
  }
  if (ties === 1) return leader;
  if (rules.fortOwner >= 0 && tokens[rules.fortOwner] === best) return rules.fortOwner;
  // Only reached after a city attack (a standing city returned above): the former owner, by default.
  if (rules.replacedCityTieBreak === 'owner' && rules.cityOwner >= 0 && tokens[rules.cityOwner] === best) {
    return rules.cityOwner;
  }
  return -1;
}

/** The city was attacked and none of its owner's tokens survived the city fight. */
export function cityDestroyed(rules: ConflictRules, tokens: Int32Array, s: ConflictScratch): boolean {
  return s.cityAttacked && tokens[rules.cityOwner] === 0;
}

export function strongestOpponent(tokens: Int32Array, owner: number): number {
  let best = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (i !== owner && tokens[i] > 0 && (best < 0 || tokens[i] > tokens[best])) best = i;
  }
  return best;
}

function finished(rules: ConflictRules, tokens: Int32Array): boolean {
  let present = 0;
  let total = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] > 0) present++;
    total += tokens[i];
  }
  return present <= 1 || total <= rules.limit;
}

/** Army tokens are removed last: the nation keeps Military and Mathematics as long as it can. */
function removeOne(tokens: Int32Array, armies: Int32Array, i: number): void {
  if (tokens[i] === armies[i]) armies[i]--;
  tokens[i]--;
}

/**
 * Whether "the opponent" of the fort's controller holds Engineering: any other nation
 * present (`fortEngineeringOpponents: any`), or every other nation present (`all`).
 */
export function opponentHoldsEngineering(rules: ConflictRules, tokens: Int32Array): boolean {
  const every = rules.fortEngineeringOpponents === 'all';
  let present = 0;
  let holders = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (i === rules.fortOwner || tokens[i] === 0) continue;
    present++;
    if (rules.engineering[i]) holders++;
  }
  return every ? present > 0 && holders === present : holders > 0;
}

/** Advantage Levels of the present nations, written into s.levels. */
export function computeLevels(rules: ConflictRules, tokens: Int32Array, armies: Int32Array, levels: Int32Array): void {
  const fort = rules.fortOwner;
  const opponentEngineering = fort >= 0 && opponentHoldsEngineering(rules, tokens);
  for (let i = 0; i < tokens.length; i++) {
    let level = rules.metalworking[i] ? 1 : 0;
    if (armies[i] > 0) level += (rules.military[i] ? 1 : 0) + (rules.mathematics[i] ? 1 : 0);
    if (i === fort) level += fortBonus(rules.engineering[i], opponentEngineering);
    levels[i] = level;
  }
}

function fight(
  rules: ConflictRules,
  tokens: Int32Array,
  armies: Int32Array,
  s: ConflictScratch,
  phase: Phase,
  log?: RemovalLog,
): void {
  const useLevels = rules.reading === 'order';
  if (!useLevels && !finished(rules, tokens)) extraRemovals(rules, tokens, armies, s, phase, log);
  const n = tokens.length;
  let round = 0;
  while (!finished(rules, tokens)) {
    round++;
    if (useLevels) computeLevels(rules, tokens, armies, s.levels);
    else s.levels.fill(0); // extra-removals: the rounds go by counts only
    // The log shows the real levels under either reading.
    const shown = useLevels ? s.levels : s.logLevels;
    if (log && !useLevels) computeLevels(rules, tokens, armies, shown);
    // Present nations in ascending (level, tokens), by insertion sort (n is tiny).
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (tokens[i] === 0) continue;
      let j = m++;
      while (j > 0 && weaker(s.levels, tokens, i, s.order[j - 1])) {
        s.order[j] = s.order[j - 1];
        j--;
      }
      s.order[j] = i;
    }
    // Strengths are fixed at the start of the round: a group is a run of equal strength.
    for (let k = 0; k < m; k++) s.group[k] = s.levels[s.order[k]] * 65536 + tokens[s.order[k]];
    let k = 0;
    while (k < m) {
      let end = k + 1;
      while (end < m && s.group[end] === s.group[k]) end++;
      for (let g = k; g < end; g++) removeOne(tokens, armies, s.order[g]);
      if (log) log(event(phase, round, s.order.subarray(k, end), tokens, shown));
      if (finished(rules, tokens)) return;
      k = end;
    }
  }
}

function weaker(levels: Int32Array, tokens: Int32Array, a: number, b: number): boolean {
  return levels[a] < levels[b] || (levels[a] === levels[b] && tokens[a] < tokens[b]);
}

/** `extra-removals`: each nation removes (highest level - its level) tokens first, lowest level first. */
function extraRemovals(
  rules: ConflictRules,
  tokens: Int32Array,
  armies: Int32Array,
  s: ConflictScratch,
  phase: Phase,
  log?: RemovalLog,
): void {
  computeLevels(rules, tokens, armies, s.levels);
  const n = tokens.length;
  let top = 0;
  for (let i = 0; i < n; i++) if (tokens[i] > 0 && s.levels[i] > top) top = s.levels[i];
  for (let level = 0; level < top; level++) {
    for (let i = 0; i < n; i++) {
      if (tokens[i] === 0 || s.levels[i] !== level) continue;
      for (let extra = top - level; extra > 0 && tokens[i] > 0; extra--) {
        if (finished(rules, tokens)) return;
        removeOne(tokens, armies, i);
        if (log)
          log({
            ...event(phase, 0, Int32Array.of(i), tokens, s.levels),
            note: 'extra removal for a lower Advantage Level',
          });
      }
    }
  }
}

function event(phase: Phase, round: number, nations: Int32Array, tokens: Int32Array, levels: Int32Array): RemovalEvent {
  return { phase, round, nations: Array.from(nations), tokensAfter: Array.from(tokens), levels: Array.from(levels) };
}
