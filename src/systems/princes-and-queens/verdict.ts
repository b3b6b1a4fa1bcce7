/**
 * Princes & Queens verdicts: whether an attack is possible and why, with the values and
 * how they are made up; for the table, the farthest distance at which each attack is
 * still possible, in a few lines a player can read.
 */
import type { AttackResult, PrinceFloor, Terrain, TieReading, ValuePart } from './values.js';
import type { AttackTableRow } from './table.js';

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
    first = `Not possible: attack ${attack} only equals defence ${defence}, and under the "not-possible" reading a strictly higher value is needed.`;
  else if (equal)
    first = `Possible, and the attack wins: ${attack} against ${defence}; equal values, which the default "attacker-wins" reading lets through (ties: not-possible would forbid it).`;
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

const ATTACKERS: Array<[1 | 2, Terrain, string]> = [
  [1, 'plain', 'One Prince, plain hex'],
  [1, 'mountain', 'One Prince, mountain hex'],
  [2, 'plain', 'Two Princes, plain hex'],
  [2, 'mountain', 'Two Princes, mountain hex'],
];

/** "Farthest distance" lines: for each attacker and terrain, per defender, the largest distance that still attacks. */
export function tableVerdict(
  rows: AttackTableRow[],
  maxDistance: number,
  ties: TieReading,
  floor: PrinceFloor,
): string[] {
  const farthest = (princes: number, terrain: Terrain, defender: string) => {
    const ok = rows.filter(
      (r) => r.attackingPrinces === princes && r.terrain === terrain && r.defender === defender && r.possible,
    );
    return ok.length ? String(Math.max(...ok.map((r) => r.attackerDistance))) : '-';
  };
  const distances = Array.from({ length: maxDistance }, (_, i) => i + 1);
  const lines = [
    `Farthest distance from his own Queen (1-${maxDistance} hexes) at which the attack is still possible; "-": never. Equal values: ${ties === 'attacker-wins' ? 'the attacker wins' : 'not possible'}; a Prince's value ${floor === 'zero' ? 'never goes below 0' : 'may go negative'}.`,
  ];
  for (const [princes, terrain, name] of ATTACKERS) {
    const at = (defender: string) => farthest(princes, terrain, defender);
    lines.push(
      `${name}: Queen ${at('Queen')}, City ${at('City')}, Queen + City ${at('Queen + City')}; ` +
        `Prince at ${distances.join('/')}: ${distances.map((d) => at(`Prince at ${d}`)).join('/')}; ` +
        `with a City: ${distances.map((d) => at(`Prince at ${d} + City`)).join('/')}.`,
    );
  }
  return lines;
}
