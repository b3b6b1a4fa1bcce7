/**
 * One side of a battle as a small mixed-radix number (the canonical state encoding).
 *
 * Creatures and special characters with the same combat value, step and dice are
 * interchangeable in combat (they die to one hit and roll the same dice), so a side's
 * creatures are a count per such type. Forts, cities and villages are kept one by one
 * (at most three a side) with their current value: a castle with one hit fights as a
 * ranged 2. The digits are [alive count of each creature type ..., current value of each
 * building ...]; every digit vector from all zero up to the full side is a reachable
 * composition (the side chooses where its hits go), so the encoding is dense:
 * index = sum of digit x place value, 0 is "nothing left", `full` is the side at the start.
 *
 * A single hit lowers exactly one digit by one, so every loss leads to a smaller index:
 * ascending index order is a topological order of the battle.
 *
 * @example
 * const m = sideModel([giant, giant, elves, castle]); // Giant:4 x2, Elves:2R, castle
 * m.creatureTypes.length; // 2 (melee 4 x2, ranged 2 x1)
 * m.size; // 3 * 2 * 4 = 24 compositions
 * digitsOf(m, m.full); // [2, 1, 3]
 */
import { isBuilding, type Counter, type CounterKind } from '../rules/counters.js';

export interface CreatureType {
  /** Names of the side's counters of this type (interchangeable in combat). */
  names: string[];
  value: number;
  step: number;
  /** Dice rolled per step: 2 for charging creatures. */
  dice: number;
  /** How many the side has at full strength. */
  count: number;
}

export interface BuildingSlot {
  name: string;
  kind: CounterKind;
  /** Printed value: the hits it absorbs before it is neutralized. */
  value: number;
  step: number;
}

export interface SideModel {
  /** Sorted by step, then value, then dice. Digit t is the alive count of type t. */
  creatureTypes: CreatureType[];
  /** Digit creatureTypes.length + b is the current value of building b. */
  buildings: BuildingSlot[];
  /** Largest value of each digit. */
  digitMax: number[];
  /** Place value of each digit. */
  place: number[];
  /** Number of compositions: product of (digitMax + 1). */
  size: number;
  /** Index of the side at full strength. */
  full: number;
}

/** The key that makes creatures interchangeable. */
export const creatureKey = (c: Pick<Counter, 'value' | 'step' | 'dice'>) => `${c.value}/${c.step}/${c.dice}`;

/** Build a side's encoding from its counters (any order). */
export function sideModel(counters: readonly Counter[]): SideModel {
  const byKey = new Map<string, CreatureType>();
  const buildings: BuildingSlot[] = [];
  for (const c of counters) {
    if (isBuilding(c)) {
      buildings.push({ name: c.name, kind: c.kind, value: c.value, step: c.step });
      continue;
    }
    const key = creatureKey(c);
    const type = byKey.get(key) ?? { names: [], value: c.value, step: c.step, dice: c.dice, count: 0 };
    type.names.push(c.name);
    type.count++;
    byKey.set(key, type);
  }
  const creatureTypes = [...byKey.values()].sort((a, b) => a.step - b.step || a.value - b.value || a.dice - b.dice);
  const digitMax = [...creatureTypes.map((t) => t.count), ...buildings.map((b) => b.value)];
  const place: number[] = [];
  let size = 1;
  for (const m of digitMax) {
    place.push(size);
    size *= m + 1;
  }
  return { creatureTypes, buildings, digitMax, place, size, full: size - 1 };
}

export function digitsOf(m: SideModel, index: number): number[] {
  return m.digitMax.map((max) => {
    const d = index % (max + 1);
    index = (index - d) / (max + 1);
    return d;
  });
}

export function indexOf(m: SideModel, digits: readonly number[]): number {
  let index = 0;
  for (let i = 0; i < digits.length; i++) index += digits[i] * m.place[i];
  return index;
}

/** Hits the composition can still absorb: creatures alive plus buildings' current values (its digit sum). */
export function capacityOf(m: SideModel, index: number): number {
  return digitsOf(m, index).reduce((s, d) => s + d, 0);
}

/**
 * The same composition with every creature gone (what is left when the creatures retreat): the
 * creature digits are the low ones, so dropping them is dropping the remainder below the first
 * building's place value (no buildings: nothing is left).
 */
export function buildingsOnly(m: SideModel, index: number): number {
  const T = m.creatureTypes.length;
  return T < m.place.length ? index - (index % m.place[T]) : 0;
}
