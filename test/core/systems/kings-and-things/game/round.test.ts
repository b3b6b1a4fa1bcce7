/**
 * The no-hit loop in closed form (round.ts) against plain value iteration of the same
 * round: x <- V_magic(x) until it stops changing in floating point (it contracts by Q < 1
 * each pass, so near Q = 1 that takes tens of thousands of passes; the closed form takes none).
 */
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import {
  CHOOSE,
  RETREAT,
  STAY,
  closeRound,
  retreatNode,
  type RetreatMode,
  type RetreatNode,
} from '../../../../../src/core/systems/kings-and-things/game/round.js';

function iterate(c: number[], q: number[], node: RetreatNode): number {
  const g = (x: number) => node.constant ?? Math.min(node.hi, Math.max(node.lo, x));
  let x = 0.5;
  for (let pass = 0; pass < 1_000_000; pass++) {
    const next = c[0] + q[0] * (c[1] + q[1] * (c[2] + q[2] * g(x)));
    if (next === x) return next;
    x = next;
  }
  throw new Error('no convergence');
}

describe('closed-form round value = value iteration', () => {
  const rng = Xoshiro128.fromState([5, 6, 7, 8]);
  const u = () => rng.nextUint32() / 2 ** 32;
  const modes: RetreatMode[] = [STAY, CHOOSE, RETREAT];
  for (const a of modes) {
    for (const d of modes) {
      it(`attacker ${['stays', 'chooses', 'retreats'][a]}, defender ${['stays', 'chooses', 'retreats'][d]}`, () => {
        for (let trial = 0; trial < 50; trial++) {
          // A step's no-hit chance q and the rest of its mass (values in [0, 1]): c <= 1 - q.
          const q = [u(), u(), 0.2 + 0.79 * u()];
          const c = q.map((qs) => (1 - qs) * u());
          const node = retreatNode(a, d, u());
          const out = [0, 0, 0, 0];
          closeRound(c, q, node, out);
          expect(out[0]).toBeCloseTo(iterate(c, q, node), 12);
          expect(out[2]).toBeCloseTo(c[2] + q[2] * out[3], 14);
        }
      });
    }
  }

  it('a round that almost never scores (Q = 0.999) still closes exactly', () => {
    const out = [0, 0, 0, 0];
    const node = retreatNode(CHOOSE, CHOOSE, 0.9);
    closeRound([0.0003, 0.0002, 0.0001], [0.9998, 0.9997, 0.9995], node, out);
    expect(out[0]).toBeCloseTo(iterate([0.0003, 0.0002, 0.0001], [0.9998, 0.9997, 0.9995], node), 12);
  });
});
