/**
 * Positions of a solved battle and what they hold: the state where given counters are
 * still fighting (a table snapshot, buildings with the hits they have taken), the
 * counters of a side's position, and what a loss takes from a side.
 *
 * @example
 * const at = positionOf(solution, { attacker: [giant, elves], defender: [{ ...castle, damage: 1 }, ogre] });
 * if (!('problem' in at)) describeSide(solution.sides[1], at.defender); // the castle at 2, the ogre
 */
import type { Counter } from '../rules/counters.js';
import type { GameSolution } from './solve.js';
import type { SideSpace } from './sideSpace.js';
import { isBuilding } from '../rules/counters.js';
import { creatureKey, digitsOf, indexOf } from './sideModel.js';

export const STEP_NAMES = ['magic', 'ranged', 'melee'] as const;
export type StepName = (typeof STEP_NAMES)[number];
export type SideName = 'attacker' | 'defender';

/** A state of the solved battle: each side's position (an index into solution.sides[i].states). */
export interface Position {
  attacker: number;
  defender: number;
}

/** Counters of one type (or one building) in a composition. */
export interface CounterView {
  names: string[];
  value: number;
  step: StepName;
  dice: number;
  building: boolean;
  /** Creatures: how many are alive. Buildings: 1. */
  count: number;
  /** Buildings: current value (printed value minus hits taken). Creatures: their value. */
  current: number;
}

/** What an assignment takes from one counter type or building. */
export interface LossPart {
  names: string[];
  value: number;
  step: StepName;
  building: boolean;
  /** Creatures killed, or hits the building absorbs. */
  hits: number;
}

export function startPosition(s: GameSolution): Position {
  return { attacker: s.sides[0].states.length - 1, defender: s.sides[1].states.length - 1 };
}

/** A counter on the table: for a fort, city or village, `damage` is the hits it has taken this battle. */
export type FieldCounter = Pick<Counter, 'name' | 'kind' | 'value' | 'step' | 'dice'> & { damage?: number };

/** The position of a side whose counters still in the fight are `field`, or why there is none. */
export function sidePosition(space: SideSpace, field: readonly FieldCounter[]): number | string {
  const m = space.model;
  const T = m.creatureTypes.length;
  const digits = new Array<number>(m.digitMax.length).fill(0);
  const types = new Map(m.creatureTypes.map((t, i) => [creatureKey(t), i]));
  for (const c of field) {
    if (isBuilding(c)) {
      const b = m.buildings.findIndex((x, i) => x.name === c.name && digits[T + i] === 0);
      if (b < 0) return `'${c.name}' is not one of the side's buildings`;
      digits[T + b] = Math.max(0, m.buildings[b].value - (c.damage ?? 0));
      continue;
    }
    const t = types.get(creatureKey(c));
    if (t === undefined || digits[t] === m.creatureTypes[t].count)
      return `'${c.name}' is not one of the side's counters`;
    digits[t]++;
  }
  const index = indexOf(m, digits);
  let lo = 0;
  let hi = space.states.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (space.states[mid] === index) return mid;
    if (space.states[mid] < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return 'the side cannot reach that composition under its fixed loss order';
}

/** The state of the solved battle where these counters are still in the fight, or why there is none. */
export function positionOf(
  s: GameSolution,
  field: { attacker: readonly FieldCounter[]; defender: readonly FieldCounter[] },
): Position | { problem: string } {
  const attacker = sidePosition(s.sides[0], field.attacker);
  if (typeof attacker === 'string') return { problem: `attacker: ${attacker}` };
  const defender = sidePosition(s.sides[1], field.defender);
  if (typeof defender === 'string') return { problem: `defender: ${defender}` };
  return { attacker, defender };
}

export function describeSide(space: SideSpace, position: number): CounterView[] {
  const m = space.model;
  const digits = digitsOf(m, space.states[position]);
  const T = m.creatureTypes.length;
  const creatures = m.creatureTypes
    .map((t, i) => ({ ...t, count: digits[i] }))
    .filter((t) => t.count > 0)
    .map((t) => ({
      names: t.names,
      value: t.value,
      step: STEP_NAMES[t.step],
      dice: t.dice,
      building: false,
      count: t.count,
      current: t.value,
    }));
  const buildings = m.buildings
    .map((b, i) => ({ b, current: digits[T + i] }))
    .filter((x) => x.current > 0)
    .map(({ b, current }) => ({
      names: [b.name],
      value: b.value,
      step: STEP_NAMES[b.step],
      dice: 1,
      building: true,
      count: 1,
      current,
    }));
  return [...creatures, ...buildings];
}

/** What going from one position to another takes from the side. */
export function lossBetween(space: SideSpace, from: number, to: number): LossPart[] {
  const m = space.model;
  const before = digitsOf(m, space.states[from]);
  const after = digitsOf(m, space.states[to]);
  const T = m.creatureTypes.length;
  const parts: LossPart[] = [];
  before.forEach((d, i) => {
    if (d === after[i]) return;
    const c = i < T ? m.creatureTypes[i] : { ...m.buildings[i - T], names: [m.buildings[i - T].name] };
    parts.push({ names: c.names, value: c.value, step: STEP_NAMES[c.step], building: i >= T, hits: d - after[i] });
  });
  return parts;
}
