/**
 * One side of a battle, compiled: its counters in loss order, and for every number of
 * hits h the side may have absorbed (0..capacity), everything the kernels and the
 * exact solver need: the exact distribution of hits it scores in each step (magic,
 * ranged, melee) as probabilities and as uint32 cumulative thresholds, its remaining
 * strength and its creatures left.
 *
 * Because hits go down a fixed loss order (lossOrder.ts), h alone says which counters
 * are dead or neutralized and how damaged the one being hit is.
 */
import { hitChance, isBuilding, type Counter } from './counters.js';

export interface SideTables {
  /** Counters in loss order (the faithful kernel walks these). */
  names: string[];
  /** 1 for forts, cities and villages (absorb up to their value), 0 for creatures and characters. */
  building: Int8Array;
  value: Int8Array;
  step: Int8Array;
  dice: Int8Array;
  /** Hits each counter takes before it is out (buildings: their value; creatures: 1 unless the knob says more). */
  hits: Int8Array;
  /** House-rule modifier to each counter's hit number. */
  hitModifier: Int8Array;
  /** Hits the side can absorb in all: creatures 1 each, buildings their value. */
  capacity: number;
  /** Row stride of the per-step tables: most hits a step can score + 1. */
  stride: number;
  /** maxHits[h * 3 + step]: most hits the side can score in that step with h absorbed. */
  maxHits: Int32Array;
  /** probs[(h * 3 + step) * stride + k] = P(k hits). */
  probs: Float64Array;
  /** thresholds[...] = floor(P(hits <= k) * 2^32); the last one is 2^32. */
  thresholds: Float64Array;
  /** Sum of current value x dice of the counters still in the fight. */
  strength: Float64Array;
  /** Creatures and characters still alive. */
  creatures: Int32Array;
  /** Their total combat value. */
  creatureValue: Int32Array;
  /** 1 while at least one counter is still in the fight. */
  fighting: Uint8Array;
  /** Hits absorbed by the side's buildings alone (for when its creatures retreat). */
  buildingHits: Int32Array;
  /** Total combat value of all creatures and characters (for tally layouts). */
  totalCreatureValue: number;
  creatureCount: number;
  /**
   * tailValue[m]: combat value of the last m creatures in loss order. Hits go down the order,
   * so the creatures alive are always such a tail; removing the weakest k of m survivors
   * (the stack limit after a retreat) leaves tailValue[m - k].
   */
  tailValue: Int32Array;
}

/** Hits a counter absorbs: buildings their value; creatures one (more with the `hits` house-rule knob). */
const capacityOf = (c: Counter) => (isBuilding(c) ? c.value : c.hits);

/** Damage on each counter after h hits down the loss order. */
export function damageAfter(order: readonly Counter[], h: number): number[] {
  let left = h;
  return order.map((c) => {
    const d = Math.min(capacityOf(c), left);
    left -= d;
    return d;
  });
}

/** Distribution of the number of hits from independent dice with hit chances p (a convolution). */
export function hitDistribution(chances: number[]): number[] {
  let dist = [1];
  for (const p of chances) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k] += dist[k] * (1 - p);
      next[k + 1] += dist[k] * p;
    }
    dist = next;
  }
  return dist;
}

export function compileSide(order: readonly Counter[]): SideTables {
  const n = order.length;
  const building = Int8Array.from(order, (c) => (isBuilding(c) ? 1 : 0));
  const capacity = order.reduce((s, c) => s + capacityOf(c), 0);
  const totalDice = order.reduce((s, c) => s + c.dice, 0);
  const stride = totalDice + 1;
  const rows = (capacity + 1) * 3;
  const maxHits = new Int32Array(rows);
  const probs = new Float64Array(rows * stride);
  const thresholds = new Float64Array(rows * stride);
  const strength = new Float64Array(capacity + 1);
  const creatures = new Int32Array(capacity + 1);
  const creatureValue = new Int32Array(capacity + 1);
  const fighting = new Uint8Array(capacity + 1);
  const buildingHits = new Int32Array(capacity + 1);
  for (let h = 0; h <= capacity; h++) {
    const damage = damageAfter(order, h);
    const chances: number[][] = [[], [], []];
    for (let i = 0; i < n; i++) {
      const c = order[i];
      // A creature fights at full value until it has taken all its hits (1 by the rules).
      const current = building[i] ? c.value - damage[i] : damage[i] < c.hits ? c.value : 0;
      if (building[i]) buildingHits[h] += damage[i];
      if (current <= 0) continue;
      fighting[h] = 1;
      strength[h] += current * c.dice;
      if (!building[i]) {
        creatures[h]++;
        creatureValue[h] += c.value;
      }
      // A hit is a die <= the current value; value 6 always hits.
      for (let d = 0; d < c.dice; d++) chances[c.step].push(hitChance(current, c.hitModifier));
    }
    for (let s = 0; s < 3; s++) {
      const row = h * 3 + s;
      const dist = hitDistribution(chances[s]);
      maxHits[row] = dist.length - 1;
      let cumulative = 0;
      for (let k = 0; k < dist.length; k++) {
        probs[row * stride + k] = dist[k];
        cumulative += dist[k];
        thresholds[row * stride + k] =
          k === dist.length - 1 ? 4294967296 : Math.floor(Math.min(1, cumulative) * 4294967296);
      }
    }
  }
  return {
    names: order.map((c) => c.name),
    building,
    value: Int8Array.from(order, (c) => c.value),
    step: Int8Array.from(order, (c) => c.step),
    dice: Int8Array.from(order, (c) => c.dice),
    hits: Int8Array.from(order, (c) => capacityOf(c)),
    hitModifier: Int8Array.from(order, (c) => c.hitModifier),
    capacity,
    stride,
    maxHits,
    probs,
    thresholds,
    strength,
    creatures,
    creatureValue,
    fighting,
    buildingHits,
    totalCreatureValue: order.reduce((s, c) => s + (isBuilding(c) ? 0 : c.value), 0),
    creatureCount: order.filter((c) => !isBuilding(c)).length,
    tailValue: tailValues(order),
  };
}

function tailValues(order: readonly Counter[]): Int32Array {
  const values = order.filter((c) => !isBuilding(c)).map((c) => c.value);
  const tail = new Int32Array(values.length + 1);
  for (let m = 1; m <= values.length; m++) tail[m] = tail[m - 1] + values[values.length - m];
  return tail;
}

/** Sample hits from a row with one uint32 (the row must have maxHits > 0). */
export function sampleHits(t: SideTables, row: number, u: number): number {
  const base = row * t.stride;
  let k = 0;
  while (u >= t.thresholds[base + k]) k++;
  return k;
}
