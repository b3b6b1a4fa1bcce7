/**
 * The backward induction of solve.ts: every state's value, composition pairs in ascending
 * order. `mover` assigns its step's losses first, `responder` answers knowing the choice.
 *
 * For a pair (m, r) and a step, with km hits on the mover and kr on the responder, the value
 * is G = best over the mover's options m2 of H(m2, kr), where H(m2, kr) = the responder's best
 * over its options r2 of the next node's value at (m2, r2) (kr = 0: that value at (m2, r)).
 * Listing the options is what used to cost: k hits on a side of 8 kinds of counters leave it
 * dozens of ways. A side that plays optimally ("free") may put k hits anywhere, so its options
 * after k hits are exactly the options after k - 1 hits of the positions one hit below
 * (`SideSpace.lower`), and the best over them is the best, over those positions, of the best
 * after k - 1 hits:
 *
 *   H_k(m2, r) = best over r' one hit below r of H_{k-1}(m2, r')     (H_0 = the next node's value)
 *   G_k(m, r)[kr] = best over m' one hit below m of G_{k-1}(m', r)[kr]  (G_0(m) = H(m, r, kr))
 *
 * A best over a set is one of its members, so both are exactly today's numbers, not merely
 * equal in exact arithmetic: the max of the same doubles in any grouping is the same double.
 * The chance-weighted sums keep their order (km, then kr, ascending), so every value is the
 * same to the last bit as listing every option (the only values that could break this, -0
 * and NaN, never occur: every value is a sum of products of probabilities). A side with a
 * fixed loss order has one option per hit count, read directly.
 *
 * Memory: the responder's H rows of the last `ring` responder positions are kept (the ring
 * is the largest place value of its digits, how far back "one hit below" reaches), per
 * step: ring x |mover| x (hits on the responder + 1) numbers, about 13 MB for 10 creatures
 * against 10 and a castle. Above RING_LIMIT the free responder's options are listed instead.
 *
 * @example
 * const values = solveValues(battle, A, D, OPTIMAL, OPTIMAL, 'attacker-first');
 * values[0][a * D.states.length + d]; // P(capture) at the magic step of (a, d)
 */
import { wantsRetreat, type RetreatRule } from '../rules/retreat.js';
import type { GameBattle, LossTurn } from './battle.js';
import type { SideControl } from './controls.js';
import { CHOOSE, RETREAT, STAY, closeRoundWith, type RetreatMode } from './round.js';
import { STEPS, optionTable, type SideSpace } from './sideSpace.js';

/** Numbers (8 bytes each) the free responder's ring may hold before its options are listed instead. */
export const RING_LIMIT = 16_000_000;

/** The responder's positions whose H rows must be kept (1 when its options are listed instead). */
export function ringSize(R: SideSpace, moverPositions: number, hitsOnR: readonly number[], limit = RING_LIMIT): number {
  if (!R.free) return 1;
  const reach = Math.max(0, ...R.model.place) + 1;
  const numbers = reach * moverPositions * hitsOnR.reduce((s, h) => s + h + 1, 0);
  return numbers <= limit ? reach : 1;
}

/**
 * Everything the loops share, built once per solve. The hot loops are small functions of
 * it, each with one job, so the JIT compiles each once (a big function with every path in
 * it was compiled again at every path it had not seen yet, and compiling is process time).
 */
interface Induction {
  /** Every state's value, attacker-major as the solution holds it: values[node][m * strideM + r * strideR]. */
  values: Float64Array[];
  strideM: number;
  strideR: number;
  A: SideSpace;
  D: SideSpace;
  M: SideSpace;
  R: SideSpace;
  nM: number;
  moverIsAttacker: boolean;
  moverMax: boolean;
  responderMax: boolean;
  /** The defender's buildings fight on after its creatures retreat; an unexplored hex's defenders never retreat. */
  fightsOn: boolean;
  unexplored: boolean;
  aRetreat: Retreat;
  dRetreat: Retreat;
  /** The most hits on the responder in each step (the mover's dice at full strength). */
  hitsOnR: number[];
  /** Row width of slots[s]: the most hits on the responder in the step (the mover's dice at full strength) + 1. */
  width: number[];
  ring: number;
  /**
   * Per kept responder position, column by column: the next node's value, then H_1 ... H_K, each a
   * column over every mover position: slots[s][((r % ring) * width[s] + k) * |mover| + m]. A column is
   * one run of memory, so the columns a position can use (k <= its capacity) are one pass.
   */
  slots: Float64Array[];
  /**
   * A free mover's G_k at the current responder position, k = 0..depth[s] (G_0: its H row, copied
   * from the slot): rows[s][(m * (depth[s] + 1) + k) * cols[s] + kr], so rows 1..K of a position are
   * one pass over the rows 0..K-1 of each position below it.
   */
  rows: Float64Array[];
  /** The most hits on the mover in each step (the responder's dice at full strength). */
  depth: number[];
  /** Offsets of the sources of one best (`bestOf`): a position's neighbours one hit below. */
  from: Int32Array;
  /** Row width of rows[s] at the current responder position: min(hits on it, its capacity) + 1. */
  cols: number[];
  /** The responder's options, listed (a fixed order's, or a free side's when the ring would be too big). */
  rStart: Int32Array;
  rOptions: Int32Array;
  /** Chance-weighted value and no-hit chance of the step just computed (stepValue). */
  c: number[];
  q: number[];
  /** The pair's four values (closeRoundWith's output). */
  round: number[];
}

export function solveValues(
  battle: GameBattle,
  A: SideSpace,
  D: SideSpace,
  attacker: SideControl,
  defender: SideControl,
  lossTurn: LossTurn,
  o: { ringLimit?: number } = {},
): Float64Array[] {
  const nA = A.states.length;
  const nD = D.states.length;
  const values = [0, 1, 2, 3].map(() => new Float64Array(nA * nD));
  const moverIsAttacker = lossTurn === 'attacker-first';
  // Attacker-major (a * |defender| + d) whichever side moves: the solution's layout, written in place.
  const M = moverIsAttacker ? A : D;
  const R = moverIsAttacker ? D : A;
  const nM = M.states.length;
  const nR = R.states.length;
  const hitsOnR = [0, 1, 2].map((s) => M.maxHits[(nM - 1) * STEPS + s]);
  const hitsOnM = [0, 1, 2].map((s) => R.maxHits[(nR - 1) * STEPS + s]);
  const width = hitsOnR.map((h) => h + 1);
  const ring = ringSize(R, nM, hitsOnR, o.ringLimit);
  const listed = ring > 1 ? null : optionTable(R);
  const w: Induction = {
    values,
    strideM: moverIsAttacker ? nD : 1,
    strideR: moverIsAttacker ? 1 : nD,
    A,
    D,
    M,
    R,
    nM,
    moverIsAttacker,
    moverMax: moverIsAttacker,
    responderMax: !moverIsAttacker,
    fightsOn: battle.fortAfterRetreat !== 'falls',
    unexplored: Boolean(battle.unexplored),
    aRetreat: retreatOf(attacker),
    dRetreat: retreatOf(defender),
    hitsOnR,
    width,
    ring,
    slots: width.map((x) => new Float64Array(ring * nM * x)),
    rows: width.map((x, s) => new Float64Array(M.free ? (hitsOnM[s] + 1) * nM * x : 0)),
    depth: hitsOnM,
    from: new Int32Array(Math.max(M.model.place.length, R.model.place.length, 1)),
    cols: [0, 0, 0],
    rStart: listed?.optionStart ?? new Int32Array(1),
    rOptions: listed?.options ?? new Int32Array(0),
    c: [0, 0, 0],
    q: [0, 0, 0],
    round: [0, 0, 0, 0],
  };
  for (let r = 0; r < nR; r++) solveRow(w, r);
  return values;
}

/**
 * Every mover position against the responder's position r. A function per row (not one loop
 * in solveValues) so that the JIT optimizes it after a few rows instead of waiting for an
 * on-stack replacement of one long call, which ran the first rows' work in its slower tier.
 */
function solveRow(w: Induction, r: number): void {
  const { R, nM, ring, hitsOnR } = w;
  const capR = R.capacity[r];
  const slotAt = (r % ring) * nM;
  for (let s = 0; s < STEPS; s++) w.cols[s] = Math.min(hitsOnR[s], capR) + 1;
  for (let s = 0; s < STEPS && capR > 0; s++) {
    if (hitsOnR[s] === 0) continue;
    if (ring > 1) answerFromBelow(w, r, s, slotAt);
    else answerFromList(w, r, s, slotAt, Math.min(hitsOnR[s], capR));
  }
  for (let m = 0; m < nM; m++) solvePair(w, m, r, slotAt);
}

/** The four nodes' values of the pair (m, r), and its H rows for the positions above it. */
function solvePair(w: Induction, m: number, r: number, slotAt: number): void {
  const { A, D, M, R, moverIsAttacker, width, round } = w;
  const values = w.values;
  const v0 = values[0];
  const v1 = values[1];
  const v2 = values[2];
  const v3 = values[3];
  const pair = m * w.strideM + r * w.strideR;
  const a = moverIsAttacker ? m : r;
  const d = moverIsAttacker ? r : m;
  if (A.capacity[a] === 0 || D.capacity[d] === 0) {
    const terminal = A.capacity[a] > 0 ? 1 : 0;
    v0[pair] = v1[pair] = v2[pair] = v3[pair] = terminal;
    for (let s = 0; s < STEPS; s++) {
      w.slots[s][slotAt * width[s] + m] = terminal;
      if (M.free && w.depth[s] > 0) keepAnswers(w, m, s, slotAt);
    }
    return;
  }
  for (let s = 0; s < STEPS; s++) {
    const kTop = Math.min(R.maxHits[r * STEPS + s], M.capacity[m]);
    if (M.free && kTop > 0) moverFromBelow(w, m, s, kTop);
    stepValue(w, m, r, s, slotAt);
  }
  // End of round: the attacker may retreat (a hold), then the defender.
  const aMode = modeOf(w.aRetreat, A.creatures[a] > 0, A.strength[a], D.strength[d], A.creatures[a]);
  const dCan = !w.unexplored && D.creatures[d] > 0;
  const dMode = modeOf(w.dRetreat, dCan, D.strength[d], A.strength[a], D.creatures[d]);
  const left = D.buildingsOnly[d];
  const beta = w.fightsOn && left >= 0 && D.capacity[left] > 0 ? v0[a * D.states.length + left] : 1;
  closeRoundWith(w.c, w.q, aMode, dMode, beta, round);
  v0[pair] = round[0];
  v1[pair] = round[1];
  v2[pair] = round[2];
  v3[pair] = round[3];
  for (let s = 0; s < STEPS; s++) {
    w.slots[s][slotAt * width[s] + m] = round[s + 1];
    if (M.free && w.depth[s] > 0) keepAnswers(w, m, s, slotAt);
  }
}

/**
 * A free responder's answers at r from the positions one hit below it: column k of r's slot
 * is the best of column k - 1 of theirs, over every mover position: columns 1 .. cols - 1 are
 * one pass per position below (the columns past what r can take, k > its capacity, are never
 * read, so never computed).
 */
function answerFromBelow(w: Induction, r: number, s: number, slotAt: number): void {
  const { R, nM, ring, from } = w;
  const x = w.width[s];
  const lo = R.lowerStart[r];
  const count = R.lowerStart[r + 1] - lo;
  for (let j = 0; j < count; j++) from[j] = (R.lower[lo + j] % ring) * nM * x;
  bestOf(w.slots[s], slotAt * x + nM, w.slots[s], from, count, (w.cols[s] - 1) * nM, w.responderMax);
}

/** The responder's answers at r from its listed options (a fixed order's one, or every one). */
function answerFromList(w: Induction, r: number, s: number, slotAt: number, kMax: number): void {
  const { R, nM, rStart, rOptions } = w;
  const x = w.width[s];
  const slot = w.slots[s];
  const next = w.values[s + 1];
  const rWidth = R.maxLoss + 1;
  const { strideM, strideR } = w;
  for (let k = 1; k <= kMax; k++) {
    const i = r * rWidth + Math.min(k, R.maxLoss);
    const column = slotAt * x + k * nM;
    for (let m = 0; m < nM; m++) {
      let b = next[m * strideM + rOptions[rStart[i]] * strideR];
      for (let o = rStart[i] + 1; o < rStart[i + 1]; o++) {
        const v = next[m * strideM + rOptions[o] * strideR];
        if (w.responderMax ? v > b : v < b) b = v;
      }
      slot[column + m] = b;
    }
  }
}

/**
 * A free mover's G_0 at m: its H row from the slot (columns 0..cols - 1), for the positions above it
 * (not kept in a step where the mover cannot be hit: no G_k is read there).
 */
function keepAnswers(w: Induction, m: number, s: number, slotAt: number): void {
  const xr = w.cols[s];
  const nM = w.nM;
  const row = w.rows[s];
  const slot = w.slots[s];
  const to = m * (w.depth[s] + 1) * xr;
  const at = slotAt * w.width[s] + m;
  for (let i = 0; i < xr; i++) row[to + i] = slot[at + i * nM];
}

/**
 * A free mover's G_k(m), k = 1..kTop: the best over the positions one hit below of their
 * G_{k-1}. A position's rows k = 0..K are one block, so each position below is one source
 * of one pass.
 */
function moverFromBelow(w: Induction, m: number, s: number, kTop: number): void {
  const { M, from } = w;
  const xr = w.cols[s];
  const block = (w.depth[s] + 1) * xr;
  const lo = M.lowerStart[m];
  const count = M.lowerStart[m + 1] - lo;
  for (let j = 0; j < count; j++) from[j] = M.lower[lo + j] * block;
  bestOf(w.rows[s], m * block + xr, w.rows[s], from, count, kTop * xr, w.moverMax);
}

/**
 * dst[at + i] = the best (max or min) over the sources j < count of src[from[j] + i], for
 * i < n: up to four sources in one pass, then three more per pass. A best over a set is one
 * of its members, so the grouping does not change a bit.
 */
function bestOf(
  dst: Float64Array,
  at: number,
  src: Float64Array,
  from: Int32Array,
  count: number,
  n: number,
  max: boolean,
): void {
  if (count === 1) {
    if (src === dst) dst.copyWithin(at, from[0], from[0] + n);
    else dst.set(src.subarray(from[0], from[0] + n), at);
    return;
  }
  if (max) {
    if (count === 2) max2(dst, at, src, from[0], from[1], n);
    else if (count === 3) max3(dst, at, src, from[0], from[1], from[2], n);
    else max4(dst, at, src, from[0], from[1], from[2], from[3], n);
  } else {
    if (count === 2) min2(dst, at, src, from[0], from[1], n);
    else if (count === 3) min3(dst, at, src, from[0], from[1], from[2], n);
    else min4(dst, at, src, from[0], from[1], from[2], from[3], n);
  }
  for (let j = 4; j < count; j += 3) {
    const b = from[j];
    const c = j + 1 < count ? from[j + 1] : b;
    const d = j + 2 < count ? from[j + 2] : b;
    if (max) max4(dst, at, src, at, b, c, d, n);
    else min4(dst, at, src, at, b, c, d, n);
  }
}

/**
 * The step's c (chance-weighted value of the outcomes with a hit) and q (no hit): for each count
 * km of hits on the mover, P(km) times the mover's expected best over the counts kr on the
 * responder. Hits past what a side can absorb end like its capacity, so those counts are one
 * term, with P(at least that many) (on either side). Summed in this fixed order, as the listing
 * in the tests does.
 */
function stepValue(w: Induction, m: number, r: number, s: number, slotAt: number): void {
  const { M, R, nM } = w;
  const x = w.width[s];
  const xr = w.cols[s];
  const capM = M.capacity[m];
  const capR = R.capacity[r];
  const kmTop = Math.min(R.maxHits[r * STEPS + s], capM);
  const top = Math.min(M.maxHits[m * STEPS + s], capR);
  const rRow = (r * STEPS + s) * R.stride;
  const mRow = (m * STEPS + s) * M.stride;
  const pM = M.probs;
  const tail = M.atLeast;
  let cs = 0;
  let qs = 0;
  for (let k = 0; k <= kmTop; k++) {
    const pk = k < kmTop ? R.probs[rRow + k] : R.atLeast[rRow + k];
    if (pk === 0) continue;
    // G: the mover's best after k hits, for each kr.
    const free = M.free && k > 0;
    // A free mover's G row (columns one apart), or the slot's column of its one option (nM apart).
    const g = free ? w.rows[s] : w.slots[s];
    const from = free ? (m * (w.depth[s] + 1) + k) * xr : slotAt * x + moverOption(M, m, k);
    const step = free ? 1 : nM;
    let kr = 0;
    if (k === 0) {
      qs = pk * pM[mRow];
      kr = 1;
    }
    if (kr > top) continue;
    let expected = 0;
    for (; kr < top; kr++) expected += pM[mRow + kr] * g[from + kr * step];
    expected += tail[mRow + top] * g[from + top * step];
    cs += pk * expected;
  }
  w.c[s] = cs;
  w.q[s] = qs;
}

/** The position a mover with a fixed order (or no hit) is left in after k hits: its one option. */
function moverOption(M: SideSpace, m: number, k: number): number {
  if (k === 0) return m;
  return M.options[M.optionStart[m * (M.maxLoss + 1) + Math.min(k, M.maxLoss)]];
}

function max2(dst: Float64Array, at: number, src: Float64Array, a: number, b: number, n: number): void {
  for (let i = 0; i < n; i++) {
    const u = src[a + i];
    const v = src[b + i];
    dst[at + i] = v > u ? v : u;
  }
}

function max3(dst: Float64Array, at: number, src: Float64Array, a: number, b: number, c: number, n: number): void {
  for (let i = 0; i < n; i++) {
    let u = src[a + i];
    const v = src[b + i];
    const t = src[c + i];
    if (v > u) u = v;
    dst[at + i] = t > u ? t : u;
  }
}

/** Four sources; `a` may be `at` itself (a fold into dst): each element is read before it is written. */
function max4(
  dst: Float64Array,
  at: number,
  src: Float64Array,
  a: number,
  b: number,
  c: number,
  d: number,
  n: number,
): void {
  for (let i = 0; i < n; i++) {
    let u = src[a + i];
    const v = src[b + i];
    const t = src[c + i];
    const z = src[d + i];
    if (v > u) u = v;
    if (z > t) u = z > u ? z : u;
    else if (t > u) u = t;
    dst[at + i] = u;
  }
}

function min2(dst: Float64Array, at: number, src: Float64Array, a: number, b: number, n: number): void {
  for (let i = 0; i < n; i++) {
    const u = src[a + i];
    const v = src[b + i];
    dst[at + i] = v < u ? v : u;
  }
}

function min3(dst: Float64Array, at: number, src: Float64Array, a: number, b: number, c: number, n: number): void {
  for (let i = 0; i < n; i++) {
    let u = src[a + i];
    const v = src[b + i];
    const t = src[c + i];
    if (v < u) u = v;
    dst[at + i] = t < u ? t : u;
  }
}

function min4(
  dst: Float64Array,
  at: number,
  src: Float64Array,
  a: number,
  b: number,
  c: number,
  d: number,
  n: number,
): void {
  for (let i = 0; i < n; i++) {
    let u = src[a + i];
    const v = src[b + i];
    const t = src[c + i];
    const z = src[d + i];
    if (v < u) u = v;
    if (z < t) u = z < u ? z : u;
    else if (t < u) u = t;
    dst[at + i] = u;
  }
}

/** A side's retreat at the end of a round: chosen (optimal), by its fixed rule, or never. */
type Retreat = { optimal: boolean; rule: RetreatRule | null };

const retreatOf = (c: SideControl): Retreat =>
  c.retreat.kind === 'optimal' ? { optimal: true, rule: null } : { optimal: false, rule: c.retreat.rule };

/** How a side acts at the retreat node of a position (round.ts `retreatMode`, without a closure per state). */
function modeOf(retreat: Retreat, able: boolean, own: number, enemy: number, creatures: number): RetreatMode {
  if (!able) return STAY;
  if (retreat.optimal) return CHOOSE;
  return wantsRetreat(retreat.rule!, 0, own, enemy, creatures) ? RETREAT : STAY;
}
