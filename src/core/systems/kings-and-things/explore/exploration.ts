/**
 * Exploration (10.x, 11.9): the explorer rolls a die; on 1 or 6 the hex has no
 * defenders; on 2-5 that many counters are drawn from the cup (without replacement,
 * copies as in the roster). Drawn creatures defend and never retreat; drawn counters
 * that are not creatures (with cup `all-counters`) do not fight.
 *
 * Bribery (optional): before the first round the explorer pays a drawn creature's
 * combat value in gold (x2 when `double`) to remove it, strongest first, skipping any
 * he cannot afford, while gold lasts.
 *
 * Drawn defenders take losses weakest first (for creatures alone every named policy
 * gives this order). One army explores at a time (the exploration kernel's explorer, or the
 * last army left of a fight over an unexplored hex, ../multi/record.ts), fighting with the
 * counter resolver (../rules/counterBattle.ts).
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { CounterBattle } from '../rules/counterBattle.js';
import { NEVER, type RetreatRule } from '../rules/retreat.js';
import type { SideTables } from '../rules/tables.js';
import {
  ELIMINATED,
  EXPLORED,
  MAX_DRAWN,
  NO_DEFENDERS,
  RETREATED,
  type CupClasses,
  type ExploreRules,
} from './plan.js';
import { die } from '../../../random/dice.js';

/**
 * Ordering key, higher = stronger: value x dice, then the earlier step (magic first), then
 * the higher value, then (house-rule knobs) more hits, then the better hit modifier. It differs
 * for every class, so sorting never depends on the order counters were drawn in.
 */
export const classWorth = (plan: CupClasses, c: number) =>
  ((plan.classValue[c] * plan.classDice[c] * 64 + (2 - plan.classStep[c]) * 8 + plan.classValue[c]) * 8 +
    plan.classHits[c]) *
    16 +
  plan.classMod[c] +
  8;

/**
 * Bribe drawn classes in place: returns gold spent; bribed entries become -1.
 * `drawn` holds class ids sorted strongest first.
 */
export function bribe(
  plan: CupClasses & Pick<ExploreRules, 'bribeGold' | 'bribeMultiplier'>,
  drawn: Int32Array,
  k: number,
): number {
  if (plan.bribeGold < 0) return 0;
  let gold = plan.bribeGold;
  for (let i = 0; i < k; i++) {
    const c = drawn[i];
    if (c < 0 || plan.classValue[c] === 0) continue;
    const cost = plan.classValue[c] * plan.bribeMultiplier;
    if (cost <= gold) {
      gold -= cost;
      drawn[i] = -1;
    }
  }
  return plan.bribeGold - gold;
}

/**
 * One army exploring: the cup as one class id per counter (a partial Fisher-Yates draw, undone
 * after each trial), a two-slot resolver (drawn defenders in slot 0, the army in slot 1) and the
 * last exploration's results. Made once per kernel call; nothing is allocated per trial.
 */
export class Exploration {
  readonly battle: CounterBattle;
  private readonly cup: Int32Array;
  private readonly drawn = new Int32Array(MAX_DRAWN);
  /** The positions swapped into the front by the last draw. */
  private readonly swapped = new Int32Array(MAX_DRAWN);
  /** Creatures the loaded army started with. */
  private loaded = 0;
  /** The last exploration: counters drawn, defenders that fought, gold spent, creatures alive after, rounds. */
  k = 0;
  fighting = 0;
  gold = 0;
  alive = 0;
  rounds = 0;

  constructor(
    private readonly rules: CupClasses & Pick<ExploreRules, 'bribeGold' | 'bribeMultiplier'>,
    armySlots: number,
  ) {
    let size = 0;
    for (let c = 0; c < rules.classCopies.length; c++) size += rules.classCopies[c];
    this.cup = new Int32Array(size);
    for (let c = 0, at = 0; c < rules.classCopies.length; c++)
      for (let j = 0; j < rules.classCopies[c]; j++) this.cup[at++] = c;
    this.battle = new CounterBattle(2, Math.max(MAX_DRAWN, armySlots, 1));
    this.battle.retreats[0] = NEVER;
  }

  /** The exploring army: `side`'s counters from loss-order position `from` on (the survivors of a fight). */
  loadArmy(side: SideTables, retreat: RetreatRule, from = 0): void {
    this.battle.loadSide(1, side, retreat, undefined, true, from);
    this.loaded = side.names.length - from;
  }

  /** Roll for defenders and fight them (11.9, 10.x); returns NO_DEFENDERS, EXPLORED, ELIMINATED or RETREATED. */
  explore(rng: Xoshiro128): number {
    const rules = this.rules;
    const roll = die(rng, 6);
    if (roll === 1 || roll === 6) {
      this.k = 0;
      this.fighting = 0;
      this.gold = 0;
      this.alive = this.loaded;
      this.rounds = 0;
      return NO_DEFENDERS;
    }
    const cup = this.cup;
    const drawn = this.drawn;
    const cupSize = cup.length;
    const k = roll < cupSize ? roll : cupSize;
    const swapped = this.swapped;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor((rng.nextUint32() * (cupSize - i)) / 4294967296);
      const swap = cup[i];
      cup[i] = cup[j];
      cup[j] = swap;
      drawn[i] = cup[i];
      swapped[i] = j;
    }
    // Put the cup back (the swaps undone in reverse): each trial draws from the same cup, so a
    // trial depends on the generator alone and a chunk run in slices gives the same tally.
    for (let i = k - 1; i >= 0; i--) {
      const j = swapped[i];
      const swap = cup[i];
      cup[i] = cup[j];
      cup[j] = swap;
    }
    // Strongest first (insertion sort of at most 5).
    for (let i = 1; i < k; i++) {
      const c = drawn[i];
      let j = i;
      while (j > 0 && classWorth(rules, drawn[j - 1]) < classWorth(rules, c)) {
        drawn[j] = drawn[j - 1];
        j--;
      }
      drawn[j] = c;
    }
    const gold = bribe(rules, drawn, k);
    // Defenders in loss order: weakest first, i.e. the sorted list backwards.
    const battle = this.battle;
    let n = 0;
    for (let i = k - 1; i >= 0; i--) {
      const c = drawn[i];
      if (c < 0 || rules.classValue[c] === 0) continue;
      battle.building[n] = 0;
      battle.value[n] = rules.classValue[c];
      battle.step[n] = rules.classStep[c];
      battle.dice[n] = rules.classDice[c];
      battle.hits[n] = rules.classHits[c];
      battle.mod[n] = rules.classMod[c];
      n++;
    }
    battle.n[0] = n;
    this.k = k;
    this.fighting = n;
    this.gold = gold;
    battle.fight(rng);
    this.alive = battle.creaturesAlive(1);
    this.rounds = battle.round;
    if (!battle.roundLimit && battle.fighting(1)) return EXPLORED;
    return battle.left[1] ? RETREATED : ELIMINATED;
  }
}
