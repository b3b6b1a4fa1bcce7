/**
 * Test armies without the roster: `army('Giant:4, Elves:2R, Dragon:3*C, Castle')` gives
 * Counter objects (value, step from `*` magic / `R` ranged / melee, `C` two dice);
 * Tower, Keep, Castle, Citadel, City and Village are the buildings.
 */
import type { Counter, CounterKind } from '../../../../../src/core/systems/kings-and-things/rules/counters.js';

const BUILDINGS: Record<string, { value: number; step: number; kind: CounterKind }> = {
  Tower: { value: 1, step: 2, kind: 'fort' },
  Keep: { value: 2, step: 2, kind: 'fort' },
  Castle: { value: 3, step: 1, kind: 'fort' },
  Citadel: { value: 4, step: 0, kind: 'fort' },
  City: { value: 2, step: 2, kind: 'city' },
  Village: { value: 1, step: 2, kind: 'village' },
};

export function army(spec: string): Counter[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((entry) => {
    const text = entry.trim();
    const building = BUILDINGS[text];
    if (building) return { name: text, dice: 1, flying: false, hits: 1, hitModifier: 0, ...building };
    const m = /^(.+):([1-6])([*R]?)(C?)$/.exec(text);
    if (!m) throw new Error(`bad test counter '${text}'`);
    return {
      name: m[1],
      kind: 'creature',
      value: Number(m[2]),
      step: m[3] === '*' ? 0 : m[3] === 'R' ? 1 : 2,
      dice: m[4] ? 2 : 1,
      flying: false,
      hits: 1,
      hitModifier: 0,
    };
  });
}

export const battleOf = (attacker: string, defender: string) => ({
  attacker: army(attacker),
  defender: army(defender),
});
