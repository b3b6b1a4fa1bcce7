/**
 * The lean inner loop of the constrained stop-rule search: the backward dynamic programme of
 * solve.ts over one flat array of every state of the path, for the two-term reward
 * "weightArmies x armies kept + weightConquest x P(whole path)", with buffers allocated once
 * per path and every pass counted in work units (states swept), so a search can be bounded by
 * work instead of time.
 *
 * State (step k, armies a, defenders d) is index offsets[k] + a * (D_k + 1) + d. Decision
 * arrays hold 1 where the attacker stops (a >= 2, d >= 1) and 0 elsewhere; a `fixed` array
 * holds 0 = free, 1 = stop, 2 = continue, as solve.ts's FixedDecisions.
 *
 * The arithmetic of P and E is the one of solveStopping (same order of the sums), so a rule
 * evaluated here and there gives bit-identical P(conquest) and E[armies kept].
 */
import { STRIDE } from '../../rules/tables.js';
import type { AttackPath } from '../path.js';

/** Outcome of a rule from the start state. */
export interface StartOutcome {
  /** E[armies kept]. */
  armies: number;
  /** P(taking the whole path). */
  p: number;
}

export class StoppingKernel {
  readonly steps: number;
  readonly attackers: number;
  /** offsets[k] = index of step k's state (a = 0, d = 0); offsets[steps] = size. */
  readonly offsets: Int32Array;
  /** Total states of the path (every a in 0..attackers, d in 0..D_k, every step). */
  readonly size: number;
  /** Index of the start state (step 0, all armies, all defenders). */
  readonly start: number;
  /** States swept so far by every pass (the work unit of the budgets). */
  work = 0;
  private readonly path: AttackPath;
  private readonly armies: Float64Array;
  private readonly conquest: Float64Array;

  constructor(path: AttackPath) {
    this.path = path;
    this.steps = path.steps.length;
    this.attackers = path.attackers;
    this.offsets = new Int32Array(this.steps + 1);
    for (let k = 0; k < this.steps; k++) {
      this.offsets[k + 1] = this.offsets[k] + (path.attackers + 1) * (path.steps[k].defenders + 1);
    }
    this.size = this.offsets[this.steps];
    this.start = path.attackers * (path.steps[0].defenders + 1) + path.steps[0].defenders;
    this.armies = new Float64Array(this.size);
    this.conquest = new Float64Array(this.size);
  }

  /** State index of (k, a, d). */
  index(k: number, a: number, d: number): number {
    return this.offsets[k] + a * (this.path.steps[k].defenders + 1) + d;
  }

  /** (k, a, d) of a state index. */
  state(i: number): [number, number, number] {
    let k = 0;
    while (this.offsets[k + 1] <= i) k++;
    const width = this.path.steps[k].defenders + 1;
    const local = i - this.offsets[k];
    return [k, Math.floor(local / width), local % width];
  }

  /**
   * Maximises weightArmies x E[armies kept] + weightConquest x P over the rules that agree with
   * `fixed` (null: none fixed); writes the decisions into `stop` (ties go to continuing).
   */
  solve(weightArmies: number, weightConquest: number, fixed: Uint8Array | null, stop: Uint8Array): StartOutcome {
    return this.pass(weightArmies, weightConquest, fixed ?? this.scratch(), stop);
  }

  /**
   * E[armies kept] and P(whole path) of a rule (1 = stop, in decision states): the most likely
   * rule that agrees with it (1 = fixed stop, 0 = free), as continuing is never less likely.
   */
  evaluate(rule: Uint8Array): StartOutcome {
    return this.pass(0, 1, rule, this.scratch(1));
  }

  /**
   * E[armies kept], P(whole path) and E[territories taken] of a rule (1 = stop) in one pass: the
   * answer's own figures, with P and E bit for bit as `evaluate` gives them.
   */
  outcome(rule: Uint8Array): StartOutcome & { territories: number } {
    if (this.steps === 1) {
      // One territory: E[territories taken] = P(taking it).
      const o = this.evaluate(rule);
      return { ...o, territories: o.p };
    }
    const { path, armies: e, conquest: p, offsets } = this;
    const t = new Float64Array(this.size);
    const n = this.steps;
    const A = this.attackers;
    for (let k = n - 1; k >= 0; k--) {
      const { defenders: D, tables } = path.steps[k];
      const width = D + 1;
      const o = offsets[k];
      const nextWidth = k < n - 1 ? path.steps[k + 1].defenders + 1 : 0;
      for (let a = 0; a <= A; a++) {
        const base = o + a * width;
        if (k === n - 1) {
          e[base] = a + n - 1;
          p[base] = 1;
          t[base] = n;
        } else {
          const j = offsets[k + 1] + Math.max(0, a - 1) * nextWidth + nextWidth - 1;
          e[base] = e[j];
          p[base] = p[j];
          t[base] = t[j];
        }
        for (let d = 1; d <= D; d++) {
          const i = base + d;
          if (a < 2 || rule[i] === 1) {
            e[i] = a + k;
            p[i] = 0;
            t[i] = k;
            continue;
          }
          const c =
            (Math.min(tables.attackerDice, a - 1) - 1) * tables.defenderDice + Math.min(tables.defenderDice, d) - 1;
          const pairs = tables.pairs[c];
          let cp = 0;
          let ce = 0;
          let ct = 0;
          for (let loss = 0, j = i - pairs; loss <= pairs; loss++, j += 1 - width) {
            const q = tables.probs[c * STRIDE + loss];
            cp += q * p[j];
            ce += q * e[j];
            ct += q * t[j];
          }
          e[i] = ce;
          p[i] = cp;
          t[i] = ct;
        }
      }
    }
    this.work += this.size;
    return { armies: e[this.start], p: p[this.start], territories: t[this.start] };
  }

  private readonly scratches: Uint8Array[] = [];

  /** Scratch arrays: 0 = nothing fixed (all zeros, never written), 1 = decisions of an evaluation. */
  private scratch(which = 0): Uint8Array {
    while (this.scratches.length <= which) this.scratches.push(new Uint8Array(this.size));
    return this.scratches[which];
  }

  private pass(wE: number, wP: number, fixed: Uint8Array, stop: Uint8Array): StartOutcome {
    const { path, armies: e, conquest: p, offsets } = this;
    const n = this.steps;
    const A = this.attackers;
    for (let k = n - 1; k >= 0; k--) {
      const { defenders: D, tables: t } = path.steps[k];
      const { attackerDice, defenderDice, pairs: pairsOf, probs } = t;
      const width = D + 1;
      const o = offsets[k];
      const nextWidth = k < n - 1 ? path.steps[k + 1].defenders + 1 : 0;
      const nextO = k < n - 1 ? offsets[k + 1] : 0;
      for (let a = 0; a <= A; a++) {
        const base = o + a * width;
        // d = 0: territory k taken with a armies in the attacking territory.
        if (k === n - 1) {
          e[base] = a + n - 1;
          p[base] = 1;
        } else {
          const j = nextO + Math.max(0, a - 1) * nextWidth + nextWidth - 1;
          e[base] = e[j];
          p[base] = p[j];
        }
        const kept = a + k;
        const stopValue = wE * kept;
        if (a < 2) {
          for (let i = base + 1; i <= base + D; i++) {
            e[i] = kept;
            p[i] = 0;
            stop[i] = 0;
          }
          continue;
        }
        const nA = attackerDice < a - 1 ? attackerDice : a - 1;
        let pairs = 0;
        let row = 0;
        for (let d = 1; d <= D; d++) {
          const i = base + d;
          if (d <= defenderDice) {
            // The dice class changes with d only until the defender rolls all his dice.
            const c = (nA - 1) * defenderDice + d - 1;
            pairs = pairsOf[c];
            row = c * STRIDE;
          }
          // Successor after losing `loss` armies: (a - loss, d - (pairs - loss)), at
          // i - pairs + loss x (1 - width). Sums in the order of loss, as solve.ts does.
          let cp: number;
          let ce: number;
          if (pairs === 2) {
            const j0 = i - 2;
            const j1 = j0 + 1 - width;
            const j2 = j1 + 1 - width;
            const q0 = probs[row];
            const q1 = probs[row + 1];
            const q2 = probs[row + 2];
            cp = q0 * p[j0];
            cp += q1 * p[j1];
            cp += q2 * p[j2];
            ce = q0 * e[j0];
            ce += q1 * e[j1];
            ce += q2 * e[j2];
          } else {
            let j = i - pairs;
            let q = probs[row];
            cp = q * p[j];
            ce = q * e[j];
            for (let loss = 1; loss <= pairs; loss++) {
              j += 1 - width;
              q = probs[row + loss];
              cp += q * p[j];
              ce += q * e[j];
            }
          }
          const f = fixed[i];
          const stops = f !== 0 ? f === 1 : stopValue > wE * ce + wP * cp;
          if (stops) {
            e[i] = kept;
            p[i] = 0;
            stop[i] = 1;
          } else {
            e[i] = ce;
            p[i] = cp;
            stop[i] = 0;
          }
        }
      }
    }
    this.work += this.size;
    return { armies: e[this.start], p: p[this.start] };
  }

  /**
   * out[i] = P(the attack is ever in state i) under `rule` (as visits.ts; entries with d = 0
   * are the conquests of their step).
   */
  visits(rule: Uint8Array, out: Float64Array): void {
    const { path, offsets } = this;
    const A = this.attackers;
    out.fill(0);
    for (let k = 0; k < this.steps; k++) {
      const { defenders: D, tables: t } = path.steps[k];
      const width = D + 1;
      const o = offsets[k];
      if (k === 0) out[this.start] = 1;
      else {
        const previousWidth = path.steps[k - 1].defenders + 1;
        const previousO = offsets[k - 1];
        for (let a = 1; a <= A; a++) out[o + (a - 1) * width + D] += out[previousO + a * previousWidth];
      }
      for (let total = A + D; total >= 1; total--) {
        for (let a = Math.min(A, total); a >= Math.max(0, total - D); a--) {
          const d = total - a;
          const i = o + a * width + d;
          const m = out[i];
          if (m === 0 || d === 0 || a < 2 || rule[i] === 1) continue;
          const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
          const pairs = t.pairs[c];
          for (let loss = 0; loss <= pairs; loss++) {
            out[i - pairs + loss - loss * width] += m * t.probs[c * STRIDE + loss];
          }
        }
      }
    }
    this.work += this.size;
  }
}
