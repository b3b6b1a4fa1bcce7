/**
 * Plain-language verdicts for Advanced Civilization reports: what happened in a fixed
 * conflict (token fight, city attack, who is left, who controls the area and the fort).
 * The first line is the answer (it is the line `run --brief` prints); a further line
 * explains the Advantage Levels and the reading.
 *
 * The conflict's numbers are first gathered as a decision of the report (`conflictAccount`:
 * removals, the city check, the levels and what makes them up), and every number and nation
 * name in a line quotes its named value (words/sentence.ts): the decision, the entry (the limit,
 * the names) or a metric (the tokens left).
 */
import { fortBonus, type ConflictRules } from './rules.js';
import { computeLevels, opponentHoldsEngineering } from './resolver.js';
import type { CityCheck, ConflictOutcome } from './outcome.js';
import type { ConflictDecision } from './decisions.js';
import { capitalized, join, quote, say, type Sentence } from '../../words/sentence.js';
import { key } from './plan.js';

/** "A", "A and B", "A, B and C". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The same list of sentences: "A", "A and B", "A, B and C". */
function listSentences(items: Sentence[]): Sentence {
  if (items.length <= 1) return join(items);
  return say`${join(items.slice(0, -1), ', ')} and ${items[items.length - 1]}`;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const CONFLICT = 'decisions.conflict';

/** A nation's name, quoted from the entry (a name may hold digits). */
export function nationName(rules: ConflictRules, i: number): Sentence {
  return say`${quote(`entry.nations.${i}.name`, rules.names[i], 'text')}`;
}

/** "1 token", "3 tokens": a count quoted by name, with its noun. */
function counted(ref: string, n: number, word: string): Sentence {
  return say`${quote(ref, n, 'count')} ${n === 1 ? word : `${word}s`}`;
}

/** The tokens the city fight starts with: the city replaced by its owner's tokens. */
function cityFightTokens(rules: ConflictRules, o: ConflictOutcome): number[] {
  return o.afterTokenFight.map((x, i) => (i === rules.cityOwner ? x + (o.city as CityCheck).replacement : x));
}

/** The conflict's numbers as a decision: what the verdict quotes, and what a reader of the JSON reads. */
export function conflictAccount(
  rules: ConflictRules,
  start: number[],
  armies: number[],
  o: ConflictOutcome,
): ConflictDecision {
  const tokenFight = o.events.some((e) => e.phase === 'token fight')
    ? { removals: sum(start) - sum(o.afterTokenFight), after: o.afterTokenFight }
    : null;
  const c = o.city;
  const cityFought = o.events.some((e) => e.phase === 'city fight' && e.nations.length > 0);
  return {
    total: sum(start),
    tokenFight,
    city: c
      ? {
          attacker: c.attacker < 0 ? null : c.attacker,
          tokens: c.tokens,
          needed: c.needed,
          replacement: c.replacement,
          attacked: o.cityAttacked,
        }
      : null,
    cityFight:
      cityFought && c ? { removals: sum(cityFightTokens(rules, o)) - sum(o.tokensLeft), after: o.tokensLeft } : null,
    levels: startLevels(rules, start, armies, o),
  };
}

/** How a fight ended: who stays at the limit, or who is eliminated (`fight` names the decision's part). */
function fightSentence(
  rules: ConflictRules,
  fight: 'tokenFight' | 'cityFight',
  before: number[],
  after: number[],
  removals: number,
): Sentence {
  const stayers = after.map((t, i) => i).filter((i) => after[i] > 0);
  const eliminated = before.map((t, i) => i).filter((i) => before[i] > 0 && after[i] === 0);
  const removed = counted(`${CONFLICT}.${fight}.removals`, removals, 'removal');
  const names = listSentences(eliminated.map((i) => nationName(rules, i)));
  const gone = eliminated.length ? say`${names} ${eliminated.length === 1 ? 'is' : 'are'} eliminated` : null;
  if (stayers.length >= 2) {
    const who = listSentences(
      stayers.map((i) => say`${nationName(rules, i)} ${quote(`${CONFLICT}.${fight}.after.${i}`, after[i], 'count')}`),
    );
    const stay = say`${who} ${stayers.length === 2 ? 'both' : 'all'} stay`;
    return say`limit ${quote('entry.limit', rules.limit, 'count')} no longer exceeded after ${removed}: ${
      gone ? say`${gone}; ` : ''
    }${stay}`;
  }
  if (stayers.length === 1) return say`${gone ?? ''} after ${removed}`;
  return say`every token is removed (${removed}, equal counts removing together)`;
}

function engineeringReason(rules: ConflictRules, attacker: number, owner: number): Sentence {
  const a = rules.engineering[attacker];
  const d = rules.engineering[owner];
  if (a && d) return say` (both hold Engineering: it cancels)`;
  if (a) return say` (${nationName(rules, attacker)} holds Engineering)`;
  if (d) return say` (${nationName(rules, owner)} holds Engineering)`;
  return say``;
}

/**
 * The fort's fate, said of the nation controlling the area: it keeps the fort when it is the
 * fort's controller, captures it otherwise (`verb`); a fort kept while nobody controls the area
 * stays with its controller, and a removed fort is said on its own (`apart`).
 */
type FortClause = { verb: 'keeps' | 'captures' } | { apart: Sentence } | null;

function fortClause(rules: ConflictRules, o: ConflictOutcome): FortClause {
  if (o.fort === 'kept' && o.holder >= 0 && o.holder === rules.fortOwner) return { verb: 'keeps' };
  if (o.fort === 'kept') return { apart: say`${nationName(rules, rules.fortOwner)} keeps the fort` };
  if (o.fort === 'captured') return { verb: 'captures' };
  if (o.fort === 'removed')
    return { apart: o.cityDestroyed ? say`the fort is removed with the city` : say`the fort is removed` };
  return null;
}

/** Who controls the area, with the fort's fate, as the last sentence. */
function controlSentence(rules: ConflictRules, o: ConflictOutcome): Sentence {
  const t = o.tokensLeft;
  const left = (i: number) => counted(`metric.${key.left(i)}`, t[i], 'token');
  const fort = fortClause(rules, o);
  const verb = fort && 'verb' in fort ? fort.verb : null;
  // The controller's own clause ("and keeps the fort"), and one said apart ("; the fort is removed").
  const and = verb ? ` and ${verb} the fort` : '';
  const apart = fort && 'apart' in fort ? say`; ${fort.apart}` : say``;
  if (o.kind === 'empty') return say`the area is empty${apart}`;
  if (o.kind === 'alone') {
    const i = o.alone;
    const what = t[i] > 0 ? say`with ${left(i)}` : say`with its city only`;
    return say`${nationName(rules, i)} is alone in the area ${what}${and}${apart}`;
  }
  if (o.kind === 'city-stands') {
    const owner = rules.cityOwner;
    const beside = t.map((_, i) => i).filter((i) => i !== owner && t[i] > 0);
    const who = listSentences(beside.map((i) => say`${nationName(rules, i)}'s ${left(i)}`));
    const stay = beside.length === 1 && t[beside[0]] === 1 ? 'stays' : 'stay';
    // The fort goes with the area's control (the city's owner), never with the tokens beside it.
    const fortToo = verb === 'keeps' ? ' and the fort' : and;
    return say`${nationName(rules, owner)} keeps control of the area${fortToo}; ${who} ${stay} beside it${apart}`;
  }
  // Several nations stay: the majority controls; ties go to the fort's controller, then (by default) the city's owner.
  const best = Math.max(...t);
  const leaders = t.map((_, i) => i).filter((i) => t[i] === best);
  if (leaders.length === 1) return say`${nationName(rules, o.holder)} has the majority${and}${apart}`;
  if (o.holder >= 0) {
    const why = o.holder === rules.fortOwner ? "the fort's controller" : "the city's owner";
    const who = verb ? `, who ${verb} the fort` : '';
    return say`equal counts: the tie goes to ${nationName(rules, o.holder)}, ${why}${who}${apart}`;
  }
  const formerOwner = rules.cityOwner >= 0 && o.cityAttacked && t[rules.cityOwner] === best;
  const why = formerOwner
    ? say` (the city was replaced: ${nationName(rules, rules.cityOwner)} gets no tie-break)`
    : say``;
  return say`equal counts: nobody has the majority${why}${and}${apart}`;
}

/** The city: nobody to attack it, too few to attack it, or the attack and its fight. */
function citySentences(rules: ConflictRules, d: ConflictDecision, o: ConflictOutcome): Sentence[] {
  const c = o.city as CityCheck;
  const owner = nationName(rules, rules.cityOwner);
  if (c.attacker < 0) return [say`nobody is left to attack ${owner}'s city: it stands`];
  const attacker = nationName(rules, c.attacker);
  const tokens = counted(`${CONFLICT}.city.tokens`, c.tokens, 'token');
  const needed = quote(`${CONFLICT}.city.needed`, c.needed, 'count');
  const why = engineeringReason(rules, c.attacker, rules.cityOwner);
  const city = say`${owner}'s city`;
  if (!o.cityAttacked) {
    const are = c.tokens === 1 ? 'is' : 'are';
    return [say`${attacker}'s ${tokens} ${are} short of the ${needed} needed to attack ${city}${why}: the city stands`];
  }
  const replacement = quote(`${CONFLICT}.city.replacement`, c.replacement, 'count');
  const replaced = say`it is replaced by ${replacement} ${owner} tokens`;
  const out = [say`${attacker} attacks ${city} with ${tokens} (${needed} needed${why}): ${replaced}`];
  if (d.cityFight) {
    const fight = fightSentence(rules, 'cityFight', cityFightTokens(rules, o), o.tokensLeft, d.cityFight.removals);
    out.push(say`city fight: ${fight}`);
  }
  return out;
}

/** The answer line (and a line on Advantage Levels when they or the fort mattered). */
export function conflictVerdict(
  rules: ConflictRules,
  start: number[],
  d: ConflictDecision,
  o: ConflictOutcome,
): Sentence[] {
  const sentences: Sentence[] = [];
  const presentAtStart = start.filter((x) => x > 0).length;
  const limit = quote('entry.limit', rules.limit, 'count');
  if (d.tokenFight) sentences.push(fightSentence(rules, 'tokenFight', start, o.afterTokenFight, d.tokenFight.removals));
  else if (presentAtStart >= 2) {
    const total = quote(`${CONFLICT}.total`, d.total, 'count');
    const none = rules.cityOwner >= 0 ? 'token fight' : 'conflict';
    sentences.push(say`no ${none}: ${total} tokens do not exceed the limit ${limit}`);
  } else if (rules.cityOwner < 0)
    sentences.push(
      presentAtStart === 1
        ? say`no conflict: only one nation has tokens in the area`
        : say`no conflict: the area has no tokens`,
    );
  if (o.city) sentences.push(...citySentences(rules, d, o));
  sentences.push(controlSentence(rules, o));
  const lines = [
    join(
      sentences.map((s) => say`${capitalized(s)}.`),
      ' ',
    ),
  ];
  const levels = levelsLine(rules, start, d, o);
  if (levels) lines.push(levels);
  return lines;
}

/**
 * Advantage Levels at the start of the conflict, when a fort or a level could matter. Every
 * nation with tokens is listed, and so are the city's owner and the fort's controller when they
 * have none: an owner whose city is attacked fights the city fight with its replacement tokens
 * at the level it has then (as the resolver computes it), else it is not in the fight.
 */
function startLevels(
  rules: ConflictRules,
  start: number[],
  armies: number[],
  o: ConflictOutcome,
): ConflictDecision['levels'] {
  const fought = o.events.some((e) => e.nations.length > 0);
  if (!fought) return [];
  const levels = new Int32Array(start.length);
  computeLevels(rules, Int32Array.from(start), Int32Array.from(armies), levels);
  const owner = rules.cityOwner;
  const atCityFight = o.cityAttacked && o.city ? cityFightTokens(rules, o) : null;
  const entrant = atCityFight && start[owner] === 0 ? owner : -1;
  if (entrant >= 0) {
    // With no tokens at the start it has no Army tokens: Military and Mathematics do not count.
    const cityLevels = new Int32Array(start.length);
    computeLevels(rules, Int32Array.from(atCityFight as number[]), new Int32Array(start.length), cityLevels);
    levels[entrant] = cityLevels[entrant];
  }
  const present = start.map((_, i) => i).filter((i) => start[i] > 0);
  const absent = [owner, rules.fortOwner].filter((i, k, all) => i >= 0 && start[i] === 0 && all.indexOf(i) === k);
  const listed = [...present, ...absent];
  if (!listed.some((i) => levels[i] > 0) && rules.fortOwner < 0) return [];
  return listed.map((i) => {
    const here = start[i] > 0;
    const parts: ConflictDecision['levels'][number]['parts'] = [];
    if (rules.metalworking[i]) parts.push({ source: 'Metalworking', bonus: 1 });
    if (here && armies[i] > 0 && rules.military[i]) parts.push({ source: 'Military', bonus: 1 });
    if (here && armies[i] > 0 && rules.mathematics[i]) parts.push({ source: 'Mathematics', bonus: 1 });
    if (i === rules.fortOwner) {
      const tokens = i === entrant ? (atCityFight as number[]) : start;
      parts.push({ source: 'fort', bonus: fortBonus(rules.engineering[i], fortOpponent(rules, tokens)) });
    }
    const presence = here ? 'tokens' : i === entrant ? 'city fight' : 'none';
    return { nation: i, level: levels[i], presence, parts };
  });
}

function fortOpponent(rules: ConflictRules, tokens: number[]): boolean {
  return opponentHoldsEngineering(rules, Int32Array.from(tokens));
}

function levelsLine(rules: ConflictRules, start: number[], d: ConflictDecision, o: ConflictOutcome): Sentence | null {
  if (d.levels.length === 0) return null;
  const parts = d.levels.map((l, k) => {
    const at = `${CONFLICT}.levels.${k}`;
    const why = l.parts.map((p, j) => {
      const bonus = quote(`${at}.parts.${j}.bonus`, p.bonus, 'count');
      if (p.source !== 'fort') return say`${p.source} +${bonus}`;
      const tokens = l.presence === 'city fight' ? cityFightTokens(rules, o) : start;
      return say`fort +${bonus}: ${fortWhy(rules, tokens)}`;
    });
    const reasons = why.length ? say` (${join(why, ', ')})` : say``;
    const replacement = () => quote(`${CONFLICT}.city.replacement`, (o.city as CityCheck).replacement, 'count');
    const presence =
      l.presence === 'tokens'
        ? say``
        : l.presence === 'city fight'
          ? say`, in the city fight with its city's ${replacement()} tokens`
          : say`, no tokens in the area`;
    return say`${nationName(rules, l.nation)} ${quote(`${at}.level`, l.level, 'count')}${reasons}${presence}`;
  });
  const fighters = d.levels.filter((l) => l.presence !== 'none');
  const differ = fighters.some((l) => l.level !== fighters[0].level);
  const reading = !differ
    ? 'equal levels: the counts decide'
    : rules.reading === 'order'
      ? 'reading "order": the lower level removes first, whatever the counts'
      : 'reading "extra-removals": each level behind costs one extra token first, then the counts decide';
  return say`Advantage Levels at the start: ${join(parts, ', ')}; ${reading}.`;
}

/** Why the fort adds what it adds: "only Egypt holds Engineering". */
function fortWhy(rules: ConflictRules, tokens: number[]): Sentence {
  const controller = rules.engineering[rules.fortOwner];
  const opponent = fortOpponent(rules, tokens);
  const owner = nationName(rules, rules.fortOwner);
  const opponents = tokens.filter((t, i) => i !== rules.fortOwner && t > 0).length;
  if (opponents >= 2) {
    const every = rules.fortEngineeringOpponents === 'all';
    const theirs = every
      ? `${opponent ? 'every' : 'not every'} opponent holds it`
      : `${opponent ? 'an' : 'no'} opponent holds it`;
    return say`${owner} ${controller ? 'holds' : 'lacks'} Engineering, ${theirs}`;
  }
  if (controller && !opponent) return say`only ${owner} holds Engineering`;
  if (opponent && !controller) return say`only the opponent holds Engineering`;
  return say`${controller ? 'both hold' : 'neither holds'} Engineering`;
}
