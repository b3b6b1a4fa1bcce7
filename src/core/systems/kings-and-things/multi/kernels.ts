/**
 * Multi-player battle kernels (11.8). `fast`: the same procedure as the counter resolver, but
 * each player's state is the number of hits absorbed and each step is one table draw per
 * player. `faithful`: the counter resolver itself (../rules/counterBattle.ts). Buffers are
 * allocated once per kernel call.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { CounterBattle, MAX_ROUNDS } from '../rules/counterBattle.js';
import { wantsRetreat } from '../rules/retreat.js';
import type { SideTables } from '../rules/tables.js';
import { TARGET_DEFENDER, TARGET_NEXT, TARGET_PLAYER, TARGET_STRONGEST, TARGET_WEAKEST } from '../rules/targets.js';
import type { MultiPlan } from './plan.js';
import { explorationFor, exploreAfterFight, recordMultiEnd } from './record.js';

export function runMultiFast(plan: MultiPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const P = plan.sides.length;
  const h = new Int32Array(P);
  const tables: SideTables[] = plan.sides.slice();
  const gone = new Uint8Array(P); // creatures retreated
  const left = new Uint8Array(P);
  const retreatedCreatures = new Int32Array(P);
  const chosen = new Int32Array(P);
  const pending = new Int32Array(P);
  const survivors = new Int32Array(P);
  const retreated = new Uint8Array(P);
  const exploration = explorationFor(plan);

  const fighting = (p: number) => left[p] === 0 && tables[p].fighting[h[p]] !== 0;
  const strength = (p: number) => tables[p].strength[h[p]];
  const fightingCount = () => {
    let c = 0;
    for (let p = 0; p < P; p++) if (fighting(p)) c++;
    return c;
  };
  const pickTarget = (p: number): number => {
    let policy = plan.targets[p];
    if (policy >= TARGET_PLAYER) {
      const j = policy - TARGET_PLAYER;
      if (j !== p && fighting(j)) return j;
      policy = TARGET_STRONGEST;
    }
    if (policy === TARGET_DEFENDER) {
      if (p !== 0 && fighting(0)) return 0;
      policy = TARGET_STRONGEST;
    }
    let best = -1;
    let bestStrength = 0;
    for (let o = 1; o < P; o++) {
      const q = (p + o) % P;
      if (!fighting(q)) continue;
      if (policy === TARGET_NEXT) return q;
      const s = strength(q);
      if (best < 0 || (policy === TARGET_WEAKEST ? s < bestStrength : s > bestStrength)) {
        best = q;
        bestStrength = s;
      }
    }
    return best;
  };

  for (let t = 0; t < trials; t++) {
    for (let p = 0; p < P; p++) {
      h[p] = 0;
      tables[p] = plan.sides[p];
      gone[p] = 0;
      left[p] = 0;
      retreatedCreatures[p] = -1;
    }
    let round = 0;
    let roundLimit = false;
    battle: for (;;) {
      if (fightingCount() <= 1) break;
      if (round === MAX_ROUNDS) {
        roundLimit = true;
        break;
      }
      round++;
      for (let p = 0; p < P; p++) chosen[p] = fighting(p) ? pickTarget(p) : -1;
      for (let s = 0; s < 3; s++) {
        pending.fill(0);
        for (let p = 0; p < P; p++) {
          if (chosen[p] < 0) continue;
          const T = tables[p];
          const row = h[p] * 3 + s;
          if (T.maxHits[row] === 0) continue;
          const u = rng.nextUint32();
          const base = row * T.stride;
          let k = 0;
          while (u >= T.thresholds[base + k]) k++;
          pending[chosen[p]] += k;
        }
        for (let p = 0; p < P; p++) {
          const next = h[p] + pending[p];
          h[p] = next > tables[p].capacity ? tables[p].capacity : next;
        }
      }
      for (let o = 1; o <= P; o++) {
        const p = o % P;
        if (fightingCount() <= 1) break battle;
        if (!fighting(p) || gone[p]) continue;
        let enemy = 0;
        for (let q = 0; q < P; q++) if (q !== p && fighting(q)) enemy += strength(q);
        const T = tables[p];
        if (wantsRetreat(plan.retreats[p], round, T.strength[h[p]], enemy, T.creatures[h[p]])) {
          retreatedCreatures[p] = T.creatures[h[p]];
          gone[p] = 1;
          const hb = T.buildingHits[h[p]];
          tables[p] = plan.buildings[p];
          h[p] = hb;
          if (!plan.buildingsFightOn || plan.buildings[p].fighting[hb] === 0) left[p] = 1;
        }
      }
    }
    // The one player left holds the hex; if none is, the owner keeps it (an unowned hex: nobody, bin P).
    let holder = plan.unowned ? P : 0;
    if (!roundLimit && fightingCount() === 1) {
      for (let p = 0; p < P; p++) if (fighting(p)) holder = p;
    }
    for (let p = 0; p < P; p++) {
      survivors[p] = retreatedCreatures[p] >= 0 ? retreatedCreatures[p] : tables[p].creatures[h[p]];
      retreated[p] = gone[p];
    }
    const gains = exploreAfterFight(plan, exploration, rng, holder, survivors, retreated);
    recordMultiEnd(plan, tally, rng, holder, gains, round, survivors, retreated);
  }
}

export function runMultiFaithful(plan: MultiPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const P = plan.sides.length;
  const b = new CounterBattle(P, Math.max(1, ...plan.sides.map((s) => s.names.length)));
  plan.sides.forEach((side, p) => b.loadSide(p, side, plan.retreats[p], plan.targets[p], plan.buildingsFightOn));
  const survivors = new Int32Array(P);
  const retreated = new Uint8Array(P);
  const exploration = explorationFor(plan);
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    // The one player left holds the hex; if none is, the owner keeps it (an unowned hex: nobody, bin P).
    let holder = plan.unowned ? P : 0;
    if (!b.roundLimit) {
      let fighting = 0;
      let last = 0;
      for (let p = 0; p < P; p++) {
        if (b.fighting(p)) {
          fighting++;
          last = p;
        }
      }
      if (fighting === 1) holder = last;
    }
    for (let p = 0; p < P; p++) {
      survivors[p] = b.creaturesAlive(p);
      retreated[p] = b.creaturesGone[p];
    }
    const gains = exploreAfterFight(plan, exploration, rng, holder, survivors, retreated);
    recordMultiEnd(plan, tally, rng, holder, gains, b.round, survivors, retreated);
  }
}
