/**
 * Princes & Queens verdicts: whether an attack is possible and why, with the values and
 * how they are made up, in two lines a player can read. (The farthest distance at which
 * each attack is still possible is the sweep's threshold table now.) The rule's arithmetic
 * ("Prince, 5 - 2") quotes named values: the Battle values as metrics, the distances from the
 * entry, the make-up of each value as a decision of the report (`battleValues`).
 */
import type { BattleValuesDecision } from './decisions.js';
import { join, quote, say, type Sentence } from '../../words/sentence.js';
import type { PqPlan } from './plan.js';
import { PRINCE_BASE, type AttackResult } from './values.js';

const AT = 'decisions.battleValues';

/** How each side's value is made up, as a decision of the report. */
export function battleValuesDecision(r: AttackResult, plan: PqPlan): BattleValuesDecision {
  const each = r.parts.find((p) => p.piece === 'attacking Prince')!.value;
  return {
    princeBase: PRINCE_BASE,
    attack: { princes: plan.princes, each, floored: each !== PRINCE_BASE - plan.distance },
    defence: r.parts
      .filter((p) => p.piece !== 'attacking Prince')
      .map((p) => ({
        piece: p.piece as 'Prince' | 'Queen' | 'City',
        value: p.value,
        terrain: p.terrain ?? plan.defence.terrain,
        base: p.base ?? null,
        floored: p.floored ?? false,
        doubled: p.doubled ?? false,
        plainBesideCity: p.plainBesideCity ?? false,
      })),
  };
}

/** "Prince, 5 - 2" or "two Princes 4 + 4". */
function attackText(d: BattleValuesDecision, distance: number): Sentence {
  const each = quote(`${AT}.attack.each`, d.attack.each, 'count');
  if (d.attack.princes === 2) return say`two Princes ${each} + ${each}`;
  const floored = d.attack.floored ? ', not below zero' : '';
  const base = quote(`${AT}.princeBase`, d.princeBase, 'count');
  return say`Prince, ${base} - ${quote('entry.distance', distance, 'count')}${floored}`;
}

/** "Prince 5 - 3 = 2, doubled defending in a mountain", "Queen 4, plain value, beside a City + City 5, mountain". */
function defenceText(d: BattleValuesDecision, defenderDistance: number | undefined): Sentence {
  const one = d.defence.length === 1;
  const pieces = d.defence.map((p, k) => {
    const at = `${AT}.defence.${k}`;
    if (p.piece === 'Prince') {
      const inMountain = p.terrain === 'mountain' && !p.plainBesideCity;
      const base = p.base as number;
      const terrain = inMountain
        ? base < 0
          ? ', not doubled in a mountain: doubling would lower a negative value'
          : ', doubled defending in a mountain'
        : p.plainBesideCity
          ? ' (plain value: shares the hex with a City)'
          : '';
      return say`Prince ${quote(`${AT}.princeBase`, d.princeBase, 'count')} - ${quote(
        'entry.defenderDistance',
        defenderDistance as number,
        'count',
      )} = ${quote(`${at}.base`, base, 'count')}${p.floored ? ' (not below zero)' : ''}${terrain}`;
    }
    const terrain = p.plainBesideCity ? 'plain value, beside a City' : p.terrain;
    return one ? say`${p.piece}, ${terrain}` : say`${p.piece} ${quote(`${at}.value`, p.value, 'count')}, ${terrain}`;
  });
  return join(pieces, ' + ');
}

const STRICT = 'and under the "not-possible" reading a strictly higher value is needed';
const TIES_WIN =
  'equal values, which the default "attacker-wins" reading lets through (ties: not-possible would forbid it)';

export function attackVerdict(r: AttackResult, plan: PqPlan, d: BattleValuesDecision): Sentence[] {
  const attack = say`${quote('metric.attackerValue', r.attackerValue, 'count')} (${attackText(d, plan.distance)})`;
  const defence = say`${quote('metric.defenderValue', r.defenderValue, 'count')} (${defenceText(
    d,
    plan.defence.distance,
  )})`;
  const equal = r.attackerValue === r.defenderValue;
  let first: Sentence;
  if (!r.possible && !equal) first = say`Not possible: attack ${attack} is lower than defence ${defence}.`;
  else if (!r.possible) first = say`Not possible: attack ${attack} only equals defence ${defence}, ${STRICT}.`;
  else if (equal) first = say`Possible, and the attack wins: ${attack} against ${defence}; ${TIES_WIN}.`;
  else first = say`Possible, and the attack wins: ${attack} against ${defence}.`;
  const city = r.parts.some((p) => p.piece === 'City');
  return [
    first,
    r.possible
      ? say`The hex is taken${city ? ' and the City switches to the attacker' : ''}.`
      : say`The move does not count.`,
  ];
}
