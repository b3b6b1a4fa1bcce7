/**
 * Everything the solver needs about one side's compositions, computed once: for each
 * composition the side can reach (its "positions", in ascending index order, which is a
 * topological order), its capacity, creatures, strength, the exact distribution of the
 * hits it scores in each step (magic, ranged, melee), the composition left when its
 * creatures retreat, and its loss options: the positions it may be left in after k hits.
 *
 * A side that plays optimally ("free": its hits may go anywhere) can reach every
 * composition, so its positions are the composition indices, and its options after k hits
 * are every composition k hits below (in digit sum) and below digit by digit. The solver
 * never lists those: the best of them is the best over the positions one hit below of the
 * best after k - 1 hits (`lower`, induction.ts), so a free side's option lists are built
 * only where a decision is described (`lossOptions`). A side with a fixed loss order
 * reaches only the chain of its order (and, if its creatures may retreat while its
 * buildings fight on, the buildings' chains), one option each, so fixed policies solve in
 * a fraction of the space.
 *
 * @example
 * const space = sideSpace(model, control.losses, { retreatToBuildings: false, maxLoss: 4 });
 * space.states.length; // positions
 * space.probs[(p * 3 + MELEE) * space.stride + 2]; // P(2 hits in the melee step from position p)
 * lossOptions(space, p, 2); // the positions p may be left in after 2 hits
 */
import { hitDistribution } from '../rules/tables.js';
import { buildingsOnly, digitsOf, type SideModel } from './sideModel.js';
import { forEachLoss, orderedLoss } from './lossMoves.js';
import type { LossControl } from './controls.js';

export const STEPS = 3;

export interface SideSpace {
  model: SideModel;
  /** Composition index of each position, ascending. */
  states: Int32Array;
  capacity: Int32Array;
  creatures: Int32Array;
  /** Sum of current value x dice of the counters in the fight (retreat rules use it). */
  strength: Float64Array;
  /** Position of the same composition without its creatures (-1 when not reachable). */
  buildingsOnly: Int32Array;
  /** Row stride of probs: the most hits the side can score in one step, plus one. */
  stride: number;
  /** maxHits[p * 3 + step]. */
  maxHits: Int32Array;
  /** probs[(p * 3 + step) * stride + k] = P(the side scores k hits in that step). */
  probs: Float64Array;
  /**
   * atLeast[(p * 3 + step) * stride + k] = P(at least k hits in that step), summed from the most hits
   * down: the chance of the hits past what the other side can absorb, which all end the same way.
   */
  atLeast: Float64Array;
  /** Loss options are tabulated for 0..maxLoss hits (more is the same as maxLoss). */
  maxLoss: number;
  /** Optimal losses: every composition is a position (position = composition index), hits go anywhere. */
  free: boolean;
  /** Free sides: the positions one hit below p, one per digit above zero: lower[lowerStart[p]..lowerStart[p + 1]]. */
  lowerStart: Int32Array;
  lower: Int32Array;
  /**
   * A fixed order's options of position p after k hits: options[optionStart[i]..optionStart[i + 1]],
   * i = p * (maxLoss + 1) + k. Empty for a free side (`lossOptions`, `optionTable` list them on demand).
   */
  optionStart: Int32Array;
  options: Int32Array;
}

/** The compositions a side can reach under its loss control, ascending. */
export function reachableStates(model: SideModel, losses: LossControl, retreatToBuildings: boolean): number[] {
  if (losses.kind === 'optimal') return Array.from({ length: model.size }, (_, i) => i);
  const next = orderedLoss(model, losses.order);
  const seen = new Set<number>([model.full]);
  const stack = [model.full];
  while (stack.length > 0) {
    const x = stack.pop()!;
    const moves = [next(x, 1), ...(retreatToBuildings ? [buildingsOnly(model, x)] : [])];
    for (const y of moves) {
      if (!seen.has(y)) {
        seen.add(y);
        stack.push(y);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/** Dice of each step in a composition: hit chance of each die (a die <= current value hits). */
function stepChances(model: SideModel, digits: readonly number[]): number[][] {
  const chances: number[][] = [[], [], []];
  const T = model.creatureTypes.length;
  model.creatureTypes.forEach((t, i) => {
    for (let n = 0; n < digits[i] * t.dice; n++) chances[t.step].push(Math.min(t.value, 6) / 6);
  });
  model.buildings.forEach((b, i) => {
    const current = digits[T + i];
    if (current > 0) chances[b.step].push(Math.min(current, 6) / 6);
  });
  return chances;
}

export interface SideSpaceOptions {
  /** The side's creatures may retreat while its buildings fight on (the buildings' compositions are reachable). */
  retreatToBuildings: boolean;
  /** The most hits the opponent can score in one step. */
  maxLoss: number;
}

export function sideSpace(model: SideModel, losses: LossControl, o: SideSpaceOptions): SideSpace {
  const states = Int32Array.from(reachableStates(model, losses, o.retreatToBuildings));
  const n = states.length;
  const position = new Map<number, number>();
  states.forEach((x, p) => position.set(x, p));
  const T = model.creatureTypes.length;
  const fullChances = stepChances(model, digitsOf(model, model.full));
  const stride = Math.max(...fullChances.map((c) => c.length)) + 1;
  const capacity = new Int32Array(n);
  const creatures = new Int32Array(n);
  const strength = new Float64Array(n);
  const only = new Int32Array(n);
  const maxHits = new Int32Array(n * STEPS);
  const probs = new Float64Array(n * STEPS * stride);
  const atLeast = new Float64Array(n * STEPS * stride);
  for (let p = 0; p < n; p++) {
    const digits = digitsOf(model, states[p]);
    for (let i = 0; i < digits.length; i++) {
      capacity[p] += digits[i];
      if (i < T) {
        creatures[p] += digits[i];
        strength[p] += digits[i] * model.creatureTypes[i].value * model.creatureTypes[i].dice;
      } else strength[p] += digits[i];
    }
    only[p] = position.get(buildingsOnly(model, states[p])) ?? -1;
    const chances = stepChances(model, digits);
    for (let s = 0; s < STEPS; s++) {
      const dist = hitDistribution(chances[s]);
      const row = (p * STEPS + s) * stride;
      maxHits[p * STEPS + s] = dist.length - 1;
      probs.set(dist, row);
      let tail = 0;
      for (let k = dist.length - 1; k >= 0; k--) atLeast[row + k] = tail += dist[k];
    }
  }
  const free = losses.kind === 'optimal';
  const lowerStart = new Int32Array(free ? n + 1 : 1);
  const lower: number[] = [];
  if (free) {
    for (let p = 0; p < n; p++) {
      lowerStart[p] = lower.length;
      digitsOf(model, p).forEach((d, i) => {
        if (d > 0) lower.push(p - model.place[i]);
      });
    }
    lowerStart[n] = lower.length;
  }
  const table =
    losses.kind === 'order' ? listOptions(model, states, o.maxLoss, orderedLoss(model, losses.order)) : null;
  return {
    model,
    states,
    capacity,
    creatures,
    strength,
    buildingsOnly: only,
    stride,
    maxHits,
    probs,
    atLeast,
    maxLoss: o.maxLoss,
    free,
    lowerStart,
    lower: Int32Array.from(lower),
    optionStart: table?.optionStart ?? new Int32Array(1),
    options: table?.options ?? new Int32Array(0),
  };
}

interface OptionTable {
  optionStart: Int32Array;
  options: Int32Array;
}

/** The option table: `fixed` gives a fixed order's one option; without it every loss (free sides). */
function listOptions(
  model: SideModel,
  states: Int32Array,
  maxLoss: number,
  fixed: ((index: number, hits: number) => number) | null,
): OptionTable {
  const n = states.length;
  const position = new Map<number, number>();
  states.forEach((x, p) => position.set(x, p));
  const width = maxLoss + 1;
  const optionStart = new Int32Array(n * width + 1);
  const options: number[] = [];
  const add = (x: number) => {
    const q = position.get(x);
    if (q === undefined) throw new Error(`internal: loss leads outside the reachable compositions (${x})`);
    options.push(q);
  };
  for (let p = 0; p < n; p++) {
    for (let k = 0; k <= maxLoss; k++) {
      optionStart[p * width + k] = options.length;
      if (fixed) add(fixed(states[p], k));
      else forEachLoss(model, states[p], k, add);
    }
  }
  optionStart[n * width] = options.length;
  return { optionStart, options: Int32Array.from(options) };
}

/** Free sides' option tables and lists, built on demand (the space itself never changes: one shape for the JIT). */
const tables = new WeakMap<SideSpace, OptionTable>();
const listed = new WeakMap<SideSpace, Map<number, Int32Array>>();

/** The whole option table (a free side's is built here, once: the solver's fallback for very big games). */
export function optionTable(space: SideSpace): OptionTable {
  if (!space.free) return space;
  const known = tables.get(space);
  if (known) return known;
  const table = listOptions(space.model, space.states, space.maxLoss, null);
  tables.set(space, table);
  return table;
}

/**
 * The positions `position` may be left in after `hits` hits, in the order the solver has
 * always listed them (`forEachLoss`: digit by digit), which is the order ties are broken in.
 */
export function lossOptions(space: SideSpace, position: number, hits: number): Int32Array {
  const i = position * (space.maxLoss + 1) + Math.min(hits, space.maxLoss);
  const table = space.free ? tables.get(space) : space;
  if (table) return table.options.subarray(table.optionStart[i], table.optionStart[i + 1]);
  const memo = listed.get(space) ?? new Map<number, Int32Array>();
  listed.set(space, memo);
  let options = memo.get(i);
  if (!options) {
    const found: number[] = [];
    forEachLoss(space.model, space.states[position], Math.min(hits, space.maxLoss), (x) => found.push(x));
    options = Int32Array.from(found);
    memo.set(i, options);
  }
  return options;
}

/** Dice the side rolls in each step (magic, ranged, melee) at full strength: the most hits it can score there. */
export function diceBySteps(model: SideModel): number[] {
  return stepChances(model, digitsOf(model, model.full)).map((c) => c.length);
}

/** Most hits the side can score in one step (at full strength). */
export const mostHitsPerStep = (model: SideModel) => Math.max(...diceBySteps(model));
