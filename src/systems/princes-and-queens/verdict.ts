/**
 * Princes & Queens verdicts: whether an attack is possible and why, with the values and
 * how they are made up, in two lines a player can read. (The farthest distance at which
 * each attack is still possible is the sweep's threshold table now.)
 */
import type { AttackResult, TieReading, ValuePart } from './values.js';

function attackText(r: AttackResult, princes: 1 | 2, distance: number): string {
  const each = r.parts.find((p) => p.piece === 'attacking Prince')!.value;
  return princes === 1
    ? `Prince, 5 - ${distance}${each !== 5 - distance ? ', not below 0' : ''}`
    : `two Princes ${each} + ${each}`;
}

function defenceText(parts: ValuePart[]): string {
  const pieces = parts.filter((p) => p.piece !== 'attacking Prince');
  const one = pieces.length === 1;
  return pieces
    .map((p) => {
      if (p.piece === 'Prince') return `Prince ${p.why}`;
      const m = /^(Queen|City) in a (plain|mountain)(.*)$/.exec(p.why);
      const terrain = m ? `${m[2]}${m[3] ? ' value, beside a City' : ''}` : p.why;
      return one ? `${p.piece}, ${terrain}` : `${p.piece} ${p.value}, ${terrain}`;
    })
    .join(' + ');
}

export function attackVerdict(r: AttackResult, princes: 1 | 2, distance: number, ties: TieReading): string[] {
  const attack = `${r.attackerValue} (${attackText(r, princes, distance)})`;
  const defence = `${r.defenderValue} (${defenceText(r.parts)})`;
  const equal = r.attackerValue === r.defenderValue;
  let first: string;
  if (!r.possible && !equal) first = `Not possible: attack ${attack} is lower than defence ${defence}.`;
  else if (!r.possible)
    first =
      `Not possible: attack ${attack} only equals defence ${defence}, ` +
      'and under the "not-possible" reading a strictly higher value is needed.';
  else if (equal)
    first =
      `Possible, and the attack wins: ${attack} against ${defence}; equal values, ` +
      'which the default "attacker-wins" reading lets through (ties: not-possible would forbid it).';
  else first = `Possible, and the attack wins: ${attack} against ${defence}.`;
  void ties;
  const city = r.parts.some((p) => p.piece === 'City');
  return [
    first,
    r.possible
      ? `The hex is taken${city ? ' and the City switches to the attacker' : ''}.`
      : 'The move does not count.',
  ];
}
