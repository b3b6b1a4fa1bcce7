/** A cup as an entry names it (the 1986 cup, its creatures, or a custom list) compiled into counter classes. */
import { MAGIC, RANGED, countersOf, type Counter } from '../rules/counters.js';
import { roster } from '../rules/roster.js';
import type { CupClasses } from './plan.js';
import type { ExploreEntry } from './schema.js';

/**
 * The cup as counter classes (value, step, dice) with their copies. `onBoard` counters of the
 * roster are taken out of the 1986 cup (they are in play, not in the cup).
 */
export function cupClasses(cup: ExploreEntry['cup'], onBoard: readonly Counter[]): CupClasses {
  type Class = Pick<Counter, 'value' | 'step' | 'dice' | 'hits' | 'hitModifier'>;
  const classes = new Map<string, Class & { copies: number }>();
  const addCopies = (c: Class, copies: number) => {
    const key = `${c.value}/${c.step}/${c.dice}/${c.hits}/${c.hitModifier}`;
    const { value, step, dice, hits, hitModifier } = c;
    const entryFor = classes.get(key) ?? { value, step, dice, hits, hitModifier, copies: 0 };
    entryFor.copies += copies;
    classes.set(key, entryFor);
  };
  if (Array.isArray(cup)) {
    for (const c of countersOf(cup)) addCopies(c, 1);
  } else {
    const r = roster();
    const keyOf = (name: string, value: number, step: number, dice: number) =>
      `${name.toLowerCase()}|${value}|${step}|${dice}`;
    const used = new Map<string, number>();
    for (const c of onBoard) {
      const key = keyOf(c.name, c.value, c.step, c.dice);
      used.set(key, (used.get(key) ?? 0) + 1);
    }
    for (const c of r.creatures) {
      const step = c.magic ? MAGIC : c.ranged ? RANGED : 2;
      const dice = c.charge ? 2 : 1;
      const key = keyOf(c.name, c.value, step, dice);
      let copies = c.copies;
      const taken = used.get(key) ?? 0;
      if (taken > 0) {
        const removed = Math.min(taken, copies);
        copies -= removed;
        used.set(key, taken - removed);
      }
      addCopies({ value: c.value, step, dice, hits: 1, hitModifier: 0 }, copies);
    }
    if (cup === 'all-counters') addCopies({ value: 0, step: 2, dice: 1, hits: 1, hitModifier: 0 }, r.otherCupCounters);
  }
  const list = [...classes.values()].filter((c) => c.copies > 0);
  return {
    classValue: Int8Array.from(list, (c) => c.value),
    classStep: Int8Array.from(list, (c) => c.step),
    classDice: Int8Array.from(list, (c) => c.dice),
    classHits: Int8Array.from(list, (c) => c.hits),
    classMod: Int8Array.from(list, (c) => c.hitModifier),
    classCopies: Int32Array.from(list, (c) => c.copies),
  };
}
