/**
 * The state encoding and the loss moves: digits and sizes, every way to take k hits (counted
 * against binomial sums), fixed orders walking the same chain as tables.ts, and the option
 * table size computed without enumeration.
 */
import { describe, expect, it } from 'vitest';
import { damageAfter } from '../../../../../src/core/systems/kings-and-things/rules/tables.js';
import { namedLossOrder } from '../../../../../src/core/systems/kings-and-things/game/index.js';
import {
  buildingsOnly,
  digitsOf,
  indexOf,
  sideModel,
} from '../../../../../src/core/systems/kings-and-things/game/sideModel.js';
import {
  forEachLoss,
  lossOptionCount,
  orderedLoss,
} from '../../../../../src/core/systems/kings-and-things/game/lossMoves.js';
import { army } from './fixtures.js';

describe('side encoding', () => {
  it('merges interchangeable creatures and keeps buildings one by one', () => {
    const m = sideModel(army('Giant:4, Troll:4, Elves:2R, Dragon:3*C, Castle, City'));
    expect(m.creatureTypes.map((t) => [t.names, t.count])).toEqual([
      [['Dragon'], 1],
      [['Elves'], 1],
      [['Giant', 'Troll'], 2],
    ]);
    expect(m.buildings.map((b) => b.name)).toEqual(['Castle', 'City']);
    expect(m.size).toBe(2 * 2 * 3 * 4 * 3);
    expect(digitsOf(m, m.full)).toEqual([1, 1, 2, 3, 2]);
    expect(digitsOf(m, 0)).toEqual([0, 0, 0, 0, 0]);
  });

  it('buildings only: every creature digit zero, the buildings as they are', () => {
    for (const spec of ['Giant:4, Troll:4, Elves:2R, Castle, City', 'Giant:4, Elves:2R', 'Castle']) {
      const m = sideModel(army(spec));
      const T = m.creatureTypes.length;
      for (let x = 0; x < m.size; x++) {
        const digits = digitsOf(m, x).map((d, i) => (i < T ? 0 : d));
        expect(buildingsOnly(m, x)).toBe(indexOf(m, digits));
      }
    }
  });
});

describe('loss moves', () => {
  it('k hits on n distinct creatures: C(n, k) choices, each lowering the index', () => {
    const m = sideModel(army('A:1, B:2, C:3, D:4, E:5, F:6'));
    const binomial = [1, 6, 15, 20, 15, 6, 1];
    for (let k = 0; k <= 6; k++) {
      const seen: number[] = [];
      forEachLoss(m, m.full, k, (x) => seen.push(x));
      expect(seen.length).toBe(binomial[k]);
      expect(new Set(seen).size).toBe(seen.length);
      if (k > 0) expect(Math.max(...seen)).toBeLessThan(m.full);
    }
  });

  it('a building takes up to its current value; more hits than the side can take leave nothing', () => {
    const m = sideModel(army('Ogre:2, Keep'));
    const after = (k: number) => {
      const out: number[][] = [];
      forEachLoss(m, m.full, k, (x) => out.push(digitsOf(m, x)));
      return out.sort();
    };
    expect(after(1)).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(after(2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(after(5)).toEqual([[0, 0]]);
  });

  it('a fixed order walks the chain tables.ts walks (damageAfter), hit by hit', () => {
    const counters = army('Giant:4, Giant:4, Elves:2R, Dragon:3*C, Castle, City');
    for (const policy of ['weakest-first', 'buildings-first', 'protect-strongest'] as const) {
      const order = namedLossOrder(counters, policy);
      const m = sideModel(counters);
      const next = orderedLoss(m, order);
      let x = m.full;
      for (let h = 0; h <= 10; h++) {
        const damage = damageAfter(order, h);
        // Expected digits: creature types alive, buildings' current values.
        const expected = m.creatureTypes.map(
          (t) =>
            order.filter((c, i) => c.kind === 'creature' && c.value === t.value && c.step === t.step && damage[i] === 0)
              .length,
        );
        for (const b of m.buildings) expected.push(b.value - damage[order.findIndex((c) => c.name === b.name)]);
        expect(digitsOf(m, x)).toEqual(expected);
        expect(next(m.full, h)).toBe(x);
        x = next(x, 1);
      }
    }
  });

  it('an order that is not a permutation of the side is refused', () => {
    const counters = army('Giant:4, Ogre:2');
    expect(() => orderedLoss(sideModel(counters), [counters[0]])).toThrow(/every counter/);
  });

  it('the option count formula counts what enumeration finds', () => {
    const m = sideModel(army('A:1, B:2, B2:2, C:3R, Keep'));
    for (const maxLoss of [1, 3, 6]) {
      let exact = 0;
      for (let x = 0; x < m.size; x++) {
        const cap = digitsOf(m, x).reduce((s, d) => s + d, 0);
        for (let k = 0; k <= Math.min(maxLoss, cap); k++) forEachLoss(m, x, k, () => exact++);
      }
      expect(lossOptionCount(m, maxLoss)).toBe(exact);
    }
  });
});
