/**
 * Princes & Queens Battle values (seed 002, rules-notes section 4). Everything here is
 * a pure function of the position: no dice.
 */

export type Terrain = 'plain' | 'mountain';
export type DefenderKind = 'prince' | 'two-princes' | 'queen' | 'city';

/**
 * Equal values (the reading):
 * - `attacker-wins` (default): the attack is possible and the attacker wins; only a
 *   LOWER attack value makes the attack impossible, which is what the seed says.
 * - `not-possible`: the attacker needs a strictly higher value.
 */
export type TieReading = 'attacker-wins' | 'not-possible';
export const TIE_READINGS: readonly TieReading[] = ['attacker-wins', 'not-possible'];

/**
 * A Prince far from his Queen (the reading):
 * - `zero` (default): his value never goes below 0 (rules-notes section 4);
 * - `none`: `5 - distance` may go negative (the seed states no floor).
 */
export type PrinceFloor = 'zero' | 'none';
export const PRINCE_FLOORS: readonly PrinceFloor[] = ['zero', 'none'];

export const PRINCE_BASE = 5;
export const QUEEN_VALUE = { plain: 4, mountain: 7 } as const;
export const CITY_VALUE = { plain: 3, mountain: 5 } as const;

/** `5 - distance to his own Queen` at the end of the move; not below 0 unless the floor is `none`. */
export function princeValue(distance: number, floor: PrinceFloor = 'zero'): number {
  const raw = PRINCE_BASE - distance;
  return floor === 'zero' ? Math.max(0, raw) : raw;
}

/** Attack value: one Prince, or two Princes in one hex adding their values (same hex, same Queen, same distance). */
export function attackValue(princes: 1 | 2, distance: number, floor: PrinceFloor = 'zero'): number {
  return princes * princeValue(distance, floor);
}

export interface Defence {
  kind: DefenderKind;
  terrain: Terrain;
  /** Distance from the defending Prince(s) to their own Queen (Princes only). */
  distance?: number;
  /** A City shares the hex with the defending pawn. */
  withCity: boolean;
}

export interface ValuePart {
  piece: string;
  value: number;
  why: string;
  /** The hex's terrain (defending pieces). */
  terrain?: Terrain;
  /** A Prince: 5 - distance (not below 0 with floor `zero`), before any doubling. */
  base?: number;
  /** A Prince whose 5 - distance is below 0 and counts as 0. */
  floored?: boolean;
  /** A Prince defending in a mountain, his value doubled. */
  doubled?: boolean;
  /** A pawn sharing a mountain hex with a City: it counts its plain value. */
  plainBesideCity?: boolean;
}

/**
 * A Prince's value defending in a mountain: doubled ("This value is doubled in defense while
 * standing in a mountain hexagon"). Doubling is a bonus, so it never lowers a value: a
 * negative value (only with princeFloor `none`) stays as it is instead of doubling to worse.
 */
export function mountainDefence(value: number, inMountain: boolean): number {
  return inMountain ? Math.max(value, 2 * value) : value;
}

/** The defence value and how it is made up. */
export function defenceValue(d: Defence, floor: PrinceFloor = 'zero'): { value: number; parts: ValuePart[] } {
  const parts: ValuePart[] = [];
  const mountain = d.terrain === 'mountain';
  // A pawn sharing a hex with a City adds its PLAIN value to the City's value in that terrain.
  const pawnTerrain: Terrain = d.withCity ? 'plain' : d.terrain;
  if (d.kind === 'prince' || d.kind === 'two-princes') {
    const base = princeValue(d.distance ?? 0, floor);
    const inMountain = pawnTerrain === 'mountain';
    // Doubling is a defence bonus: a negative value (princeFloor `none`) is left as it is, not lowered.
    const each = mountainDefence(base, inMountain);
    const clamped = base !== PRINCE_BASE - (d.distance ?? 0) ? ' (not below 0)' : '';
    const terrainNote = inMountain
      ? base < 0
        ? ', not doubled in a mountain: doubling would lower a negative value'
        : ', doubled defending in a mountain'
      : d.withCity && mountain
        ? ' (plain value: shares the hex with a City)'
        : '';
    const why = `5 - ${d.distance} = ${base}${clamped}${terrainNote}`;
    const count = d.kind === 'two-princes' ? 2 : 1;
    const detail = {
      terrain: d.terrain,
      base,
      floored: clamped !== '',
      doubled: inMountain && base >= 0,
      plainBesideCity: d.withCity && mountain,
    };
    for (let i = 0; i < count; i++) parts.push({ piece: 'Prince', value: each, why, ...detail });
  } else if (d.kind === 'queen') {
    parts.push({
      piece: 'Queen',
      value: QUEEN_VALUE[pawnTerrain],
      why: `Queen in a ${pawnTerrain}${d.withCity && mountain ? ' (plain value: shares the hex with a City)' : ''}`,
      terrain: d.terrain,
      plainBesideCity: d.withCity && mountain,
    });
  }
  if (d.kind === 'city' || d.withCity)
    parts.push({ piece: 'City', value: CITY_VALUE[d.terrain], why: `City in a ${d.terrain}`, terrain: d.terrain });
  return { value: parts.reduce((s, p) => s + p.value, 0), parts };
}

export interface AttackResult {
  attackerValue: number;
  defenderValue: number;
  margin: number;
  possible: boolean;
  /** What happens, in words. */
  result: string;
  parts: ValuePart[];
}

export function resolveAttack(
  princes: 1 | 2,
  distance: number,
  defence: Defence,
  ties: TieReading,
  floor: PrinceFloor = 'zero',
): AttackResult {
  const attackerValue = attackValue(princes, distance, floor);
  const { value: defenderValue, parts } = defenceValue(defence, floor);
  const possible = ties === 'attacker-wins' ? attackerValue >= defenderValue : attackerValue > defenderValue;
  const city = defence.kind === 'city' || defence.withCity;
  const result = possible
    ? `the attack succeeds: the hex is taken${city ? ' and the City switches to the attacker' : ''}`
    : 'the attack is not possible: the move does not count';
  const attackParts: ValuePart[] = [];
  const each = princeValue(distance, floor);
  const clamped = each !== PRINCE_BASE - distance ? ', not below 0' : '';
  for (let i = 0; i < princes; i++)
    attackParts.push({ piece: 'attacking Prince', value: each, why: `5 - ${distance}${clamped}` });
  return {
    attackerValue,
    defenderValue,
    margin: attackerValue - defenderValue,
    possible,
    result,
    parts: [...attackParts, ...parts],
  };
}
