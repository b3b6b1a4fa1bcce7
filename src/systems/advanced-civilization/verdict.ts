/**
 * Plain-language verdicts for Advanced Civilization reports: what happened in a fixed
 * conflict (token fight, city attack, who is left, who controls the area and the fort).
 * The first line is the answer (it is the line `run --brief` prints); a further line
 * explains the Advantage Levels and the reading.
 */
import { fortBonus, type ConflictRules } from './rules.js';
import { computeLevels, opponentHoldsEngineering } from './resolver.js';
import type { CityCheck, ConflictOutcome } from './outcome.js';

/** "A", "A and B", "A, B and C". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How a fight from `before` to `after` ended: who stays at the limit, or who is eliminated. */
function fightSentence(names: string[], limit: number, before: number[], after: number[]): string {
  const removals = sum(before) - sum(after);
  const stayers = after.map((t, i) => i).filter((i) => after[i] > 0);
  const eliminated = before.map((t, i) => i).filter((i) => before[i] > 0 && after[i] === 0);
  const gone = eliminated.length
    ? `${listWords(eliminated.map((i) => names[i]))} ${eliminated.length === 1 ? 'is' : 'are'} eliminated`
    : '';
  if (stayers.length >= 2) {
    const who = listWords(stayers.map((i) => `${names[i]} ${after[i]}`));
    const stay = `${who} ${stayers.length === 2 ? 'both' : 'all'} stay`;
    return `limit ${limit} no longer exceeded after ${plural(removals, 'removal')}: ${gone ? `${gone}; ` : ''}${stay}`;
  }
  if (stayers.length === 1) return `${gone} after ${plural(removals, 'removal')}`;
  return `every token is removed (${plural(removals, 'removal')}, equal counts removing together)`;
}

function engineeringReason(rules: ConflictRules, attacker: number, owner: number): string {
  const a = rules.engineering[attacker];
  const d = rules.engineering[owner];
  if (a && d) return ' (both hold Engineering: it cancels)';
  if (a) return ` (${rules.names[attacker]} holds Engineering)`;
  if (d) return ` (${rules.names[owner]} holds Engineering)`;
  return '';
}

/** Who controls the area, with the fort's fate, as the last sentence. */
function controlSentence(rules: ConflictRules, o: ConflictOutcome): string {
  const names = rules.names;
  const t = o.tokensLeft;
  const fortOwner = rules.fortOwner >= 0 ? names[rules.fortOwner] : '';
  const fortTail = (subject: number) => {
    if (o.fort === 'kept') return subject === rules.fortOwner ? ' and keeps the fort' : `; ${fortOwner} keeps the fort`;
    if (o.fort === 'captured') return ' and captures the fort';
    if (o.fort === 'removed') return o.cityDestroyed ? '; the fort is removed with the city' : '; the fort is removed';
    return '';
  };
  if (o.kind === 'empty') return `the area is empty${fortTail(-1)}`;
  if (o.kind === 'alone') {
    const i = o.alone;
    const what = t[i] > 0 ? `with ${plural(t[i], 'token')}` : 'with its city only';
    return `${names[i]} is alone in the area ${what}${fortTail(i)}`;
  }
  if (o.kind === 'city-stands') {
    const owner = rules.cityOwner;
    const beside = t.map((_, i) => i).filter((i) => i !== owner && t[i] > 0);
    const who = listWords(beside.map((i) => `${names[i]}'s ${plural(t[i], 'token')}`));
    const besideText = `${who} stay${beside.length === 1 && t[beside[0]] === 1 ? 's' : ''} beside it`;
    return `${names[owner]} keeps control of the area; ${besideText}${fortTail(owner)}`;
  }
  // Several nations stay: the majority controls; ties go to the fort's controller, then (by default) the city's owner.
  const best = Math.max(...t);
  const leaders = t.map((_, i) => i).filter((i) => t[i] === best);
  if (leaders.length === 1) return `${names[o.holder]} has the majority${fortTail(o.holder)}`;
  if (o.holder >= 0) {
    const why = o.holder === rules.fortOwner ? "the fort's controller" : "the city's owner";
    const keeps = o.fort === 'kept' && o.holder === rules.fortOwner ? ', who keeps the fort' : fortTail(o.holder);
    return `equal counts: the tie goes to ${names[o.holder]}, ${why}${keeps}`;
  }
  const formerOwner = rules.cityOwner >= 0 && o.cityAttacked && t[rules.cityOwner] === best;
  const why = formerOwner ? ` (the city was replaced: ${names[rules.cityOwner]} gets no tie-break)` : '';
  return `equal counts: nobody has the majority${why}${fortTail(-1)}`;
}

/** The answer line (and a line on Advantage Levels when they or the fort mattered). */
export function conflictVerdict(rules: ConflictRules, start: number[], armies: number[], o: ConflictOutcome): string[] {
  const names = rules.names;
  const sentences: string[] = [];
  const tokenFight = o.events.filter((e) => e.phase === 'token fight');
  const presentAtStart = start.filter((x) => x > 0).length;
  if (tokenFight.length > 0) sentences.push(fightSentence(names, rules.limit, start, o.afterTokenFight));
  else if (presentAtStart >= 2)
    sentences.push(
      `no ${rules.cityOwner >= 0 ? 'token fight' : 'conflict'}: ` +
        `${sum(start)} tokens do not exceed the limit ${rules.limit}`,
    );
  else if (rules.cityOwner < 0)
    sentences.push(
      presentAtStart === 1
        ? 'no conflict: only one nation has tokens in the area'
        : 'no conflict: the area has no tokens',
    );
  const c = o.city;
  if (c) {
    const owner = names[rules.cityOwner];
    if (c.attacker < 0) sentences.push(`nobody is left to attack ${owner}'s city: it stands`);
    else if (!o.cityAttacked) {
      sentences.push(
        `${names[c.attacker]}'s ${plural(c.tokens, 'token')} ${c.tokens === 1 ? 'is' : 'are'} short of the ` +
          `${c.needed} needed to attack ${owner}'s city${engineeringReason(rules, c.attacker, rules.cityOwner)}: ` +
          'the city stands',
      );
    } else {
      sentences.push(
        `${names[c.attacker]} attacks ${owner}'s city with ${c.tokens} tokens ` +
          `(${c.needed} needed${engineeringReason(rules, c.attacker, rules.cityOwner)}): ` +
          `it is replaced by ${c.replacement} ${owner} tokens`,
      );
      const beforeCityFight = o.afterTokenFight.map((x, i) => (i === rules.cityOwner ? x + c.replacement : x));
      if (o.events.some((e) => e.phase === 'city fight' && e.nations.length > 0)) {
        sentences.push(`city fight: ${fightSentence(names, rules.limit, beforeCityFight, o.tokensLeft)}`);
      }
    }
  }
  sentences.push(controlSentence(rules, o));
  const lines = [sentences.map((s) => `${capitalize(s)}.`).join(' ')];
  const levels = levelsLine(rules, start, armies, o);
  if (levels) lines.push(levels);
  return lines;
}

/**
 * Advantage Levels at the start of the conflict, when a fort or a level could matter. Every
 * nation with tokens is listed, and so are the city's owner and the fort's controller when they
 * have none: an owner whose city is attacked fights the city fight with its replacement tokens
 * at the level it has then (as the resolver computes it), else it is not in the fight.
 */
function levelsLine(rules: ConflictRules, start: number[], armies: number[], o: ConflictOutcome): string | null {
  const fought = o.events.some((e) => e.nations.length > 0);
  if (!fought) return null;
  const levels = new Int32Array(start.length);
  computeLevels(rules, Int32Array.from(start), Int32Array.from(armies), levels);
  const owner = rules.cityOwner;
  // The tokens the city fight starts with, the city replaced by its owner's tokens.
  const atCityFight =
    o.cityAttacked && o.city
      ? o.afterTokenFight.map((x, i) => (i === owner ? x + (o.city as CityCheck).replacement : x))
      : null;
  const entrant = atCityFight && start[owner] === 0 ? owner : -1;
  if (entrant >= 0) {
    // With no tokens at the start it has no Army tokens: Military and Mathematics do not count.
    const cityLevels = new Int32Array(start.length);
    computeLevels(rules, Int32Array.from(atCityFight as number[]), new Int32Array(start.length), cityLevels);
    levels[entrant] = cityLevels[entrant];
  }
  const present = start.map((_, i) => i).filter((i) => start[i] > 0);
  const fighters = entrant >= 0 ? [...present, entrant] : present;
  const absent = [owner, rules.fortOwner].filter((i, k, all) => i >= 0 && start[i] === 0 && all.indexOf(i) === k);
  const listed = [...present, ...absent];
  const anyLevel = listed.some((i) => levels[i] > 0);
  if (!anyLevel && rules.fortOwner < 0) return null;
  const parts = listed.map((i) => {
    const why: string[] = [];
    const here = start[i] > 0;
    if (rules.metalworking[i]) why.push('Metalworking +1');
    if (here && armies[i] > 0 && rules.military[i]) why.push('Military +1');
    if (here && armies[i] > 0 && rules.mathematics[i]) why.push('Mathematics +1');
    if (i === rules.fortOwner) why.push(fortPart(rules, i === entrant ? (atCityFight as number[]) : start));
    const reasons = why.length ? ` (${why.join(', ')})` : '';
    const presence = here
      ? ''
      : i === entrant
        ? `, in the city fight with its city's ${(o.city as CityCheck).replacement} tokens`
        : ', no tokens in the area';
    return `${rules.names[i]} ${levels[i]}${reasons}${presence}`;
  });
  const differ = fighters.some((i) => levels[i] !== levels[fighters[0]]);
  const reading = !differ
    ? 'equal levels: the counts decide'
    : rules.reading === 'order'
      ? 'reading "order": the lower level removes first, whatever the counts'
      : 'reading "extra-removals": each level behind costs one extra token first, then the counts decide';
  return `Advantage Levels at the start: ${parts.join(', ')}; ${reading}.`;
}

/** "fort +2: only Egypt holds Engineering". */
function fortPart(rules: ConflictRules, start: number[]): string {
  const controller = rules.engineering[rules.fortOwner];
  const opponent = opponentHoldsEngineering(rules, Int32Array.from(start));
  const bonus = fortBonus(controller, opponent);
  const opponents = start.filter((t, i) => i !== rules.fortOwner && t > 0).length;
  if (opponents >= 2) {
    const every = rules.fortEngineeringOpponents === 'all';
    const theirs = every
      ? `${opponent ? 'every' : 'not every'} opponent holds it`
      : `${opponent ? 'an' : 'no'} opponent holds it`;
    return `fort +${bonus}: ${rules.names[rules.fortOwner]} ${controller ? 'holds' : 'lacks'} Engineering, ${theirs}`;
  }
  if (bonus === 2) return `fort +2: only ${rules.names[rules.fortOwner]} holds Engineering`;
  if (bonus === 0) return 'fort +0: only the opponent holds Engineering';
  return `fort +1: ${controller ? 'both hold' : 'neither holds'} Engineering`;
}
