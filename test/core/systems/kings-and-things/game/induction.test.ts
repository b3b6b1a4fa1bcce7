/**
 * The backward induction's shortcut (induction.ts): a free side's best over its k-hit losses,
 * taken from the positions one hit below, gives every state's value to the last bit of the
 * plain induction that lists every loss option (`listingValues` below, the solver as it was).
 * Random battles, both loss turns, optimal and fixed sides, retreat rules, both fort readings,
 * and the listed fallback for a responder too big for the ring.
 */
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import { wantsRetreat, type RetreatRule } from '../../../../../src/core/systems/kings-and-things/rules/retreat.js';
import type { Counter } from '../../../../../src/core/systems/kings-and-things/rules/counters.js';
import {
  NAMED_LOSS_POLICIES,
  OPTIMAL,
  namedControl,
  optimalLosses,
  type GameBattle,
  type LossTurn,
  type SideControl,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { buildingsMayFightAlone } from '../../../../../src/core/systems/kings-and-things/game/battle.js';
import { solveValues } from '../../../../../src/core/systems/kings-and-things/game/induction.js';
import { closeRound, retreatMode, retreatNode } from '../../../../../src/core/systems/kings-and-things/game/round.js';
import { sideModel } from '../../../../../src/core/systems/kings-and-things/game/sideModel.js';
import {
  STEPS,
  mostHitsPerStep,
  optionTable,
  sideSpace,
  type SideSpace,
} from '../../../../../src/core/systems/kings-and-things/game/sideSpace.js';
import { army } from './fixtures.js';

/** The induction listing every option of both sides (values attacker-major, as the solution holds them). */
function listingValues(
  battle: GameBattle,
  A: SideSpace,
  D: SideSpace,
  attacker: SideControl,
  defender: SideControl,
  lossTurn: LossTurn,
): Float64Array[] {
  const nD = D.states.length;
  const values = [0, 1, 2, 3].map(() => new Float64Array(A.states.length * nD));
  const moverIsAttacker = lossTurn === 'attacker-first';
  const [M, R] = moverIsAttacker ? [A, D] : [D, A];
  const [tM, tR] = [optionTable(M), optionTable(R)];
  const [strideM, strideR] = moverIsAttacker ? [nD, 1] : [1, nD];
  const [signM, signR] = moverIsAttacker ? [1, -1] : [-1, 1];
  const option = (t: typeof tM, S: SideSpace, p: number, k: number) => {
    const i = p * (S.maxLoss + 1) + Math.min(k, S.maxLoss);
    return Array.from(t.options.subarray(t.optionStart[i], t.optionStart[i + 1]));
  };
  const c = [0, 0, 0];
  const q = [0, 0, 0];
  const round = [0, 0, 0, 0];
  for (let r = 0; r < R.states.length; r++) {
    for (let m = 0; m < M.states.length; m++) {
      const pair = m * strideM + r * strideR;
      const [a, d] = moverIsAttacker ? [m, r] : [r, m];
      if (A.capacity[a] === 0 || D.capacity[d] === 0) {
        for (const v of values) v[pair] = A.capacity[a] > 0 ? 1 : 0;
        continue;
      }
      for (let s = 0; s < STEPS; s++) {
        const next = values[s + 1];
        // The responder's best answer to the mover left in m2 after kr hits on the responder.
        const answer = (m2: number, kr: number) =>
          kr === 0
            ? next[m2 * strideM + r * strideR]
            : signR * Math.max(...option(tR, R, r, kr).map((r2) => signR * next[m2 * strideM + r2 * strideR]));
        c[s] = 0;
        q[s] = 0;
        // Hits past what a side can absorb end as its capacity does: one term with P(at least that many).
        const kmTop = Math.min(R.maxHits[r * STEPS + s], M.capacity[m]);
        const top = Math.min(M.maxHits[m * STEPS + s], R.capacity[r]);
        const rRow = (r * STEPS + s) * R.stride;
        const row = (m * STEPS + s) * M.stride;
        for (let km = 0; km <= kmTop; km++) {
          const pkm = km < kmTop ? R.probs[rRow + km] : R.atLeast[rRow + km];
          if (pkm === 0) continue;
          const moves = option(tM, M, m, km);
          const best = (kr: number) => signM * Math.max(...moves.map((m2) => signM * answer(m2, kr)));
          if (km === 0) q[s] = pkm * M.probs[row];
          const first = km === 0 ? 1 : 0;
          if (first > top) continue;
          let expected = 0;
          for (let kr = first; kr < top; kr++) expected += M.probs[row + kr] * best(kr);
          expected += M.atLeast[row + top] * best(top);
          c[s] += pkm * expected;
        }
      }
      const wants = (rule: RetreatRule, own: number, enemy: number, creatures: number) =>
        wantsRetreat(rule, 0, own, enemy, creatures);
      const aMode = retreatMode(attacker.retreat, A.creatures[a] > 0, (rule) =>
        wants(rule, A.strength[a], D.strength[d], A.creatures[a]),
      );
      const dMode = retreatMode(defender.retreat, !battle.unexplored && D.creatures[d] > 0, (rule) =>
        wants(rule, D.strength[d], A.strength[a], D.creatures[d]),
      );
      const left = D.buildingsOnly[d];
      const fightsOn = battle.fortAfterRetreat !== 'falls';
      const beta = fightsOn && left >= 0 && D.capacity[left] > 0 ? values[0][a * nD + left] : 1;
      closeRound(c, q, retreatNode(aMode, dMode, beta), round);
      for (let node = 0; node < 4; node++) values[node][pair] = round[node];
    }
  }
  return values;
}

function spaces(battle: GameBattle, attacker: SideControl, defender: SideControl): [SideSpace, SideSpace] {
  const [mA, mD] = [sideModel(battle.attacker), sideModel(battle.defender)];
  return [
    sideSpace(mA, attacker.losses, { retreatToBuildings: false, maxLoss: mostHitsPerStep(mD) }),
    sideSpace(mD, defender.losses, {
      retreatToBuildings: buildingsMayFightAlone(battle, mD, defender.retreat),
      maxLoss: mostHitsPerStep(mA),
    }),
  ];
}

const CREATURES = ['A:1', 'B:2', 'C:3', 'D:4', 'E:5', 'F:6', 'G:2R', 'H:3R', 'I:2*', 'J:4*', 'K:3C', 'L:2C'];
const BUILDINGS = ['', '', 'Tower', 'Keep', 'Castle', 'Citadel', 'Keep, City', 'Tower, Village'];

/** A random battle of up to 4 attackers and 3 defenders (some of one kind) and buildings. */
function randomBattle(rng: Xoshiro128): GameBattle {
  const pick = <T>(xs: readonly T[]) => xs[rng.nextUint32() % xs.length];
  const side = (n: number) => Array.from({ length: n }, () => pick(CREATURES));
  const attacker = side(1 + (rng.nextUint32() % 4));
  const defender = [...side(rng.nextUint32() % 4), pick(BUILDINGS)].filter((x) => x !== '');
  if (defender.length === 0) defender.push(pick(CREATURES));
  return {
    attacker: army(attacker.join(', ')),
    defender: army(defender.join(', ')) as Counter[],
    unexplored: rng.nextUint32() % 5 === 0,
    fortAfterRetreat: rng.nextUint32() % 3 === 0 ? 'falls' : 'fights-on',
  };
}

const same = (x: readonly Float64Array[], y: readonly Float64Array[]) =>
  x.every((v, node) => v.length === y[node].length && v.every((e, i) => Object.is(e, y[node][i])));

describe('the shortcut over k-hit losses equals listing every loss, to the last bit', () => {
  const rng = Xoshiro128.fromState([11, 22, 33, 44]);
  const battles = Array.from({ length: 40 }, () => randomBattle(rng));
  const downTo: RetreatRule = { afterRounds: 0, outnumbered: 0, downTo: 1 };
  const controls = (counters: readonly Counter[]): SideControl[] => [
    OPTIMAL,
    optimalLosses(),
    optimalLosses(downTo),
    namedControl(counters, NAMED_LOSS_POLICIES[battles.length % 3]),
  ];

  for (const lossTurn of ['attacker-first', 'defender-first'] as const) {
    it(`${battles.length} random battles, every pairing of optimal and fixed sides, ${lossTurn}`, () => {
      let compared = 0;
      for (const battle of battles) {
        for (const attacker of controls(battle.attacker)) {
          for (const defender of controls(battle.defender)) {
            const [A, D] = spaces(battle, attacker, defender);
            const fast = solveValues(battle, A, D, attacker, defender, lossTurn);
            const listed = listingValues(battle, A, D, attacker, defender, lossTurn);
            expect(same(fast, listed)).toBe(true);
            compared++;
          }
        }
      }
      expect(compared).toBe(battles.length * 16);
    });
  }

  it('a free responder too big for the ring is listed instead, with the same values', () => {
    for (const battle of battles.slice(0, 15)) {
      for (const lossTurn of ['attacker-first', 'defender-first'] as const) {
        const [A, D] = spaces(battle, OPTIMAL, OPTIMAL);
        const ringed = solveValues(battle, A, D, OPTIMAL, OPTIMAL, lossTurn);
        const listed = solveValues(battle, A, D, OPTIMAL, OPTIMAL, lossTurn, { ringLimit: 0 });
        expect(same(ringed, listed)).toBe(true);
      }
    }
  });

  it('a bigger battle: five kinds against four and a castle', () => {
    const battle = {
      attacker: army('Giant:4, Giant:4, Elves:2R, Dragon:3*C, Knight:3C, Ogre:2'),
      defender: army('Goblin:1, Orc:2, Archer:2R, Troll:4, Castle'),
    };
    for (const lossTurn of ['attacker-first', 'defender-first'] as const) {
      const [A, D] = spaces(battle, OPTIMAL, OPTIMAL);
      expect(
        same(
          solveValues(battle, A, D, OPTIMAL, OPTIMAL, lossTurn),
          listingValues(battle, A, D, OPTIMAL, OPTIMAL, lossTurn),
        ),
      ).toBe(true);
    }
  });
});
