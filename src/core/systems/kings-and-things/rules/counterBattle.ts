/**
 * The slow, obviously faithful resolver: every counter is explicit, every die is
 * rolled, and each hit walks the loss order to the first counter still able to take
 * it. It fights any number of players (two is the ordinary battle), so it is the
 * reference for the duel and multi-player kernels, and both exploration kernels fight with it.
 *
 * Per round (11.81): each player still fighting names one opponent; then the magic,
 * ranged and melee steps: everyone rolls, then all hits are applied (11.5); then
 * retreats, attackers in seating order from the defender's left, then the defender.
 * Buffers are allocated once per resolver, never per battle.
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { TARGET_DEFENDER, TARGET_NEXT, TARGET_PLAYER, TARGET_STRONGEST, TARGET_WEAKEST } from './targets.js';
import type { SideTables } from './tables.js';
import { wantsRetreat, type RetreatRule } from './retreat.js';
import { die } from '../../../random/dice.js';

/** A battle the kernels cut off after this many rounds counts as a hold (it never happens in practice). */
export const MAX_ROUNDS = 1000;

export class CounterBattle {
  readonly n: Int32Array;
  readonly building: Int8Array;
  readonly value: Int8Array;
  readonly step: Int8Array;
  readonly dice: Int8Array;
  /** Hits a counter takes before it is out (creatures: 1 by the rules; buildings: their value). */
  readonly hits: Int8Array;
  /** House-rule modifier to the hit number. */
  readonly mod: Int8Array;
  readonly damage: Int32Array;
  readonly retreats: RetreatRule[];
  readonly targets: Int32Array;
  /** Player p's creatures have retreated (its buildings may fight on). */
  readonly creaturesGone: Uint8Array;
  /** Player p has left the battle entirely. */
  readonly left: Uint8Array;
  readonly retreatedCreatures: Int32Array;
  readonly retreatedValue: Int32Array;
  /** 1: player p's fort, city or village fights on after its creatures retreat; 0: they fall with the retreat. */
  readonly buildingsStay: Uint8Array;
  private readonly chosen: Int32Array;
  private readonly pending: Int32Array;
  round = 0;
  roundLimit = false;

  constructor(
    readonly players: number,
    readonly slots: number,
  ) {
    this.n = new Int32Array(players);
    this.building = new Int8Array(players * slots);
    this.value = new Int8Array(players * slots);
    this.step = new Int8Array(players * slots);
    this.dice = new Int8Array(players * slots);
    this.hits = new Int8Array(players * slots).fill(1);
    this.mod = new Int8Array(players * slots);
    this.damage = new Int32Array(players * slots);
    this.retreats = new Array<RetreatRule>(players);
    this.targets = new Int32Array(players).fill(TARGET_STRONGEST);
    this.creaturesGone = new Uint8Array(players);
    this.left = new Uint8Array(players);
    this.retreatedCreatures = new Int32Array(players);
    this.retreatedValue = new Int32Array(players);
    this.buildingsStay = new Uint8Array(players).fill(1);
    this.chosen = new Int32Array(players);
    this.pending = new Int32Array(players);
  }

  /** Put a compiled side's counters (in loss order, from position `from` on) in player slot p. */
  loadSide(
    p: number,
    side: SideTables,
    retreat: RetreatRule,
    target = TARGET_STRONGEST,
    buildingsStay = true,
    from = 0,
  ): void {
    this.n[p] = side.names.length - from;
    for (let i = from; i < side.names.length; i++) {
      const k = p * this.slots + i - from;
      this.building[k] = side.building[i];
      this.value[k] = side.value[i];
      this.step[k] = side.step[i];
      this.dice[k] = side.dice[i];
      this.hits[k] = side.hits[i];
      this.mod[k] = side.hitModifier[i];
    }
    this.retreats[p] = retreat;
    this.targets[p] = target;
    this.buildingsStay[p] = buildingsStay ? 1 : 0;
  }

  /** Current combat value of counter i of player p: 0 when dead, neutralized or retreated. */
  current(p: number, i: number): number {
    const k = p * this.slots + i;
    if (this.building[k]) return this.value[k] - this.damage[k];
    return this.damage[k] < this.hits[k] && !this.creaturesGone[p] ? this.value[k] : 0;
  }

  fighting(p: number): boolean {
    if (this.left[p]) return false;
    for (let i = 0; i < this.n[p]; i++) if (this.current(p, i) > 0) return true;
    return false;
  }

  strength(p: number): number {
    let s = 0;
    for (let i = 0; i < this.n[p]; i++) s += this.current(p, i) * this.dice[p * this.slots + i];
    return s;
  }

  /** Creatures and characters alive (retreated ones included) and their combat value. */
  creaturesAlive(p: number): number {
    let c = 0;
    for (let i = 0; i < this.n[p]; i++) {
      const k = p * this.slots + i;
      if (!this.building[k] && this.damage[k] < this.hits[k]) c++;
    }
    return c;
  }

  creatureValueAlive(p: number): number {
    let v = 0;
    for (let i = 0; i < this.n[p]; i++) {
      const k = p * this.slots + i;
      if (!this.building[k] && this.damage[k] < this.hits[k]) v += this.value[k];
    }
    return v;
  }

  private fightingCount(): number {
    let c = 0;
    for (let p = 0; p < this.players; p++) if (this.fighting(p)) c++;
    return c;
  }

  /** One hit to player p: the first counter in its loss order that can still take one. */
  private takeHit(p: number): void {
    for (let i = 0; i < this.n[p]; i++) {
      if (this.current(p, i) > 0) {
        this.damage[p * this.slots + i]++;
        return;
      }
    }
  }

  private pickTarget(p: number): number {
    let policy = this.targets[p];
    if (policy >= TARGET_PLAYER) {
      const j = policy - TARGET_PLAYER;
      if (j !== p && this.fighting(j)) return j;
      policy = TARGET_STRONGEST;
    }
    if (policy === TARGET_DEFENDER) {
      if (p !== 0 && this.fighting(0)) return 0;
      policy = TARGET_STRONGEST;
    }
    let best = -1;
    let bestStrength = 0;
    // Candidates in seating order from p's left; ties go to the first.
    for (let o = 1; o < this.players; o++) {
      const q = (p + o) % this.players;
      if (!this.fighting(q)) continue;
      if (policy === TARGET_NEXT) return q;
      const s = this.strength(q);
      if (best < 0 || (policy === TARGET_WEAKEST ? s < bestStrength : s > bestStrength)) {
        best = q;
        bestStrength = s;
      }
    }
    return best;
  }

  private retreat(p: number): void {
    this.retreatedCreatures[p] = this.creaturesAlive(p);
    this.retreatedValue[p] = this.creatureValueAlive(p);
    this.creaturesGone[p] = 1;
    if (!this.buildingsStay[p] || !this.fighting(p)) this.left[p] = 1;
  }

  /** Fight from fresh counters to the end. */
  fight(rng: Xoshiro128): void {
    const P = this.players;
    this.damage.fill(0);
    this.creaturesGone.fill(0);
    this.left.fill(0);
    this.retreatedCreatures.fill(-1);
    this.round = 0;
    this.roundLimit = false;
    for (;;) {
      if (this.fightingCount() <= 1) return;
      if (this.round === MAX_ROUNDS) {
        this.roundLimit = true;
        return;
      }
      this.round++;
      for (let p = 0; p < P; p++) this.chosen[p] = this.fighting(p) ? this.pickTarget(p) : -1;
      for (let s = 0; s < 3; s++) {
        this.pending.fill(0);
        for (let p = 0; p < P; p++) {
          const target = this.chosen[p];
          if (target < 0) continue;
          for (let i = 0; i < this.n[p]; i++) {
            if (this.step[p * this.slots + i] !== s) continue;
            const value = this.current(p, i);
            if (value <= 0) continue;
            const dice = this.dice[p * this.slots + i];
            // A hit is a die <= the current value (a 6-value counter hits on any roll, but still rolls),
            // moved by the house-rule modifier.
            const hitOn = value + this.mod[p * this.slots + i];
            for (let d = 0; d < dice; d++) if (die(rng, 6) <= hitOn) this.pending[target]++;
          }
        }
        // Everyone has rolled: now the losses.
        for (let p = 0; p < P; p++) for (let h = 0; h < this.pending[p]; h++) this.takeHit(p);
      }
      // Retreats: attackers from the defender's left in seating order, then the defender.
      for (let o = 1; o <= P; o++) {
        const p = o % P;
        if (this.fightingCount() <= 1) return;
        if (!this.fighting(p) || this.creaturesGone[p]) continue;
        let enemy = 0;
        for (let q = 0; q < P; q++) if (q !== p && this.fighting(q)) enemy += this.strength(q);
        if (wantsRetreat(this.retreats[p], this.round, this.strength(p), enemy, this.creaturesAlive(p)))
          this.retreat(p);
      }
    }
  }
}
