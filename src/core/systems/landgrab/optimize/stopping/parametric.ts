/**
 * The best RANDOMISED stop rule of a family of rules (the rules that agree with some fixed
 * decisions), maximising E[armies kept] subject to P(taking the whole path) >= target: the
 * value of the linear-programming relaxation over occupation measures, reached through its
 * Lagrangian dual "maximise E[armies kept] + lambda x P".
 *
 * For each lambda >= 0 the dynamic programme (kernel.ts) gives V(lambda), the best
 * E + lambda P of the family; it is convex and piecewise linear, one line per deterministic
 * rule. Weak duality: every rule of the family meeting the target, randomised or not, keeps
 * at most g(lambda) = V(lambda) - lambda x target armies, for EVERY lambda >= 0, so each
 * solved lambda gives a valid bound whatever the search does next. The smallest g is found
 * exactly, not by bisection (Eisner-Severance / Newton search): intersect the lines of a rule
 * below the target (lo) and one meeting it (hi), solve there, and either a new vertex replaces
 * lo or hi, or the line through lo and hi supports V and lambda is optimal. There the best
 * randomised rule mixes lo and hi once and keeps exactly min g (strong duality of the
 * single-constraint linear programme); in the states they reach, the two differ only where
 * stopping and continuing are worth the same at lambda.
 */
import type { StartOutcome, StoppingKernel } from './kernel.js';

/** Newton steps at most: a safety cap (the searches take a handful; each step finds a new hull vertex). */
export const MAX_LAMBDA_STEPS = 200;

/** A deterministic rule (1 = stop, per state index) with its outcome. */
export interface RulePoint extends StartOutcome {
  stop: Uint8Array;
}

export interface FamilyBound {
  /**
   * 'infeasible': no rule of the family meets the target. 'deterministic': the family's best
   * rule, even among randomised ones, is deterministic and meets the target (`best`; no
   * constraint binds: lambda = 0). 'split': the best randomised rule mixes `lo` and `hi`.
   */
  status: 'infeasible' | 'deterministic' | 'split';
  /** No rule of the family meeting the target, randomised or not, keeps more armies in expectation. */
  bound: number;
  /** The multiplier at the bound (armies per unit of P(conquest)). */
  lambda: number;
  /** With 'split': the rule below the target and the rule meeting it that the best randomised rule mixes. */
  lo: RulePoint | null;
  hi: RulePoint | null;
  /** The rule meeting the target that keeps the most armies among the rules this search solved. */
  best: RulePoint | null;
}

/**
 * One search per family; the buffers are reused, so the rules a result points to stay valid
 * only until the next `run`.
 */
export class ParametricSearch {
  readonly kernel: StoppingKernel;
  readonly target: number;
  private loStop: Uint8Array;
  private hiStop: Uint8Array;
  private spare: Uint8Array;
  private readonly bestStop: Uint8Array;

  constructor(kernel: StoppingKernel, target: number) {
    this.kernel = kernel;
    this.target = target;
    const size = kernel.size;
    this.loStop = new Uint8Array(size);
    this.hiStop = new Uint8Array(size);
    this.spare = new Uint8Array(size);
    this.bestStop = new Uint8Array(size);
  }

  /**
   * The family of rules agreeing with `fixed` (0 = free, 1 = stop, 2 = continue). `options` may
   * give a multiplier to try first (e.g. the parent family's) and rules of the family with
   * their outcomes (e.g. the parent's lo and hi, adjusted to `fixed`) to start the search from.
   * Past `workLimit` (the kernel's work count) the Newton steps stop: the bound is then still
   * valid (the smallest g solved), only perhaps above the family's best randomised rule.
   */
  run(
    fixed: Uint8Array | null,
    options: { lambda?: number; rules?: readonly RulePoint[]; workLimit?: number } = {},
  ): FamilyBound {
    const { kernel, target } = this;
    const warmLambda = options.lambda ?? 0;
    const workLimit = options.workLimit ?? Infinity;
    let best: StartOutcome | null = null;
    const consider = (o: StartOutcome, stop: Uint8Array) => {
      if (o.p >= target && (best === null || o.armies > best.armies)) {
        this.bestStop.set(stop);
        best = o;
      }
    };
    const bestPoint = (): RulePoint | null =>
      best === null ? null : { ...(best as StartOutcome), stop: this.bestStop };
    const deterministic = (o: StartOutcome): FamilyBound => {
      consider(o, this.spare);
      return { status: 'deterministic', bound: o.armies, lambda: 0, lo: null, hi: null, best: bestPoint() };
    };
    let lo: StartOutcome | null = null;
    let hi: StartOutcome | null = null;
    // The warm rules closest to the warm multiplier's optimum on each side of the target.
    for (const rule of options.rules ?? []) {
      const score = (r: StartOutcome) => r.armies + warmLambda * r.p;
      consider(rule, rule.stop);
      if (rule.p < target) {
        if (lo === null || score(rule) > score(lo)) {
          lo = { armies: rule.armies, p: rule.p };
          this.loStop.set(rule.stop);
        }
      } else if (hi === null || score(rule) > score(hi)) {
        hi = { armies: rule.armies, p: rule.p };
        this.hiStop.set(rule.stop);
      }
    }
    let bound = Infinity;
    let o: StartOutcome;
    if (lo === null) {
      // lambda = 0: the most armies with no constraint; if it meets the target nothing binds.
      o = kernel.solve(1, 0, fixed, this.spare);
      if (o.p >= target) return deterministic(o);
      bound = o.armies; // g(0)
      lo = o;
      this.swapLo();
    }
    if (hi === null) {
      // The most likely rule of the family (continue wherever free: V(lambda) as lambda grows
      // without end): if it falls short, no rule of the family meets the target.
      o = kernel.solve(0, 1, fixed, this.spare);
      if (o.p < target) {
        return { status: 'infeasible', bound: -Infinity, lambda: Infinity, lo: null, hi: null, best: null };
      }
      consider(o, this.spare);
      hi = o;
      this.swapHi();
      if (warmLambda > 0) {
        // Usually a far better rule meeting the target, or a lo closer to the answer.
        o = kernel.solve(1, warmLambda, fixed, this.spare);
        bound = Math.min(bound, o.armies + warmLambda * (o.p - target));
        consider(o, this.spare);
        if (o.p >= target) {
          hi = o;
          this.swapHi();
        } else if (o.armies + warmLambda * o.p >= lo.armies + warmLambda * lo.p) {
          lo = o;
          this.swapLo();
        }
      }
    }
    let lambda = 0;
    for (let step = 0; step < MAX_LAMBDA_STEPS; step++) {
      lambda = Math.max(0, (lo.armies - hi.armies) / (hi.p - lo.p));
      o = kernel.solve(1, lambda, fixed, this.spare);
      if (lambda === 0 && o.p >= target) return deterministic(o);
      const vertex = o.armies + lambda * o.p;
      const line = Math.max(lo.armies + lambda * lo.p, hi.armies + lambda * hi.p);
      // V(lambda) is the best of the family, so at least either line (guards against rounding).
      bound = Math.min(bound, Math.max(vertex, line) - lambda * target);
      consider(o, this.spare);
      if (vertex <= line + 1e-12 * (1 + Math.abs(line)) || kernel.work >= workLimit) break;
      if (o.p >= target) {
        hi = o;
        this.swapHi();
      } else {
        lo = o;
        this.swapLo();
      }
    }
    return {
      status: 'split',
      bound,
      lambda,
      lo: { ...lo, stop: this.loStop },
      hi: { ...hi, stop: this.hiStop },
      best: bestPoint(),
    };
  }

  /** The rule just solved (in `spare`) becomes lo; the old lo's buffer is the next spare. */
  private swapLo(): void {
    [this.loStop, this.spare] = [this.spare, this.loStop];
  }

  private swapHi(): void {
    [this.hiStop, this.spare] = [this.spare, this.hiStop];
  }
}
