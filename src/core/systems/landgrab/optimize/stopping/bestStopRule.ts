/**
 * The best DETERMINISTIC stop rule for "most armies kept with P(taking the whole path) >=
 * target", exactly: branch and bound over the states' stop / continue choices.
 *
 * - A node is a family of rules: some states' decisions fixed, the others free.
 * - Its bound is the family's best randomised rule (parametric.ts: the linear-programming
 *   relaxation, reached exactly through its Lagrangian dual). No rule of the family, randomised
 *   or not, keeps more armies, so a node whose bound is at most the incumbent (the best rule
 *   found meeting the target) holds nothing better and is pruned.
 * - Every rule a search solves that meets the target is a candidate incumbent.
 * - Where the bound is reached by mixing two rules lo (below the target) and hi (meeting it),
 *   the node branches on a state where they differ and which both reach: fixed to stop in one
 *   child, to continue in the other. Both reach it, so each child loses one of them (a state
 *   neither reaches is a don't-care: its decision changes no outcome, and it is never
 *   branched on). Such a state always exists: the first state in the order of play where two
 *   rules with different outcomes differ is reached by both.
 * - Best first: the open node with the largest bound is expanded next, so the largest open
 *   bound is at every moment a proven bound on every rule not yet excluded.
 *
 * The search is bounded by work (states swept by the dynamic programmes, counted in the
 * kernel), never by time. Within the budget the answer is proved best (every node pruned);
 * otherwise it is the best rule found, with the proven gap to the largest open bound.
 */
import type { AttackPath } from '../path.js';
import { StoppingKernel } from './kernel.js';
import type { StepDecisions } from './solve.js';
import { ParametricSearch, type FamilyBound, type RulePoint } from './parametric.js';

/**
 * Default work budget in state updates (one dynamic-programme pass over S states costs S).
 * Measured on the shared 2-core development machine (bench/decisions.ts, load 2 to 10): 0.4 to
 * 0.9 s for 100 vs 100 or a chain of 5 with 60 armies, which it does not prove (gaps below 0.0001
 * armies), 0.7 to 1.1 s at the state limit (2000 vs 2000, 8 passes); battles up to about 40 vs 30
 * are proved within it.
 */
export const WORK_BUDGET = 30_000_000;

/**
 * A node is pruned when its bound exceeds the incumbent by at most this relative margin (far
 * below any printed digit): "proved best" means no rule keeps more than value x (1 + 1e-9).
 */
export const PRUNE_TOLERANCE = 1e-9;

export interface BestStopRuleOptions {
  /** Work budget in state updates (default WORK_BUDGET). */
  workBudget?: number;
}

export interface BestStopRule {
  /** False when even fighting to the end falls short of the target (then `stop` is fighting to the end). */
  feasible: boolean;
  /** The rule: 1 = stop, per state index of the kernel's layout (see kernel.ts). */
  stop: Uint8Array;
  /** E[armies kept] of the rule. */
  armies: number;
  /** P(taking the whole path) of the rule. */
  p: number;
  /** True when no deterministic rule meeting the target keeps more armies (within PRUNE_TOLERANCE). */
  proved: boolean;
  /** No deterministic rule meeting the target keeps more than this (= armies when proved). */
  bound: number;
  /** bound - armies (0 when proved). */
  gap: number;
  /**
   * The best randomised rule's E[armies kept] (the root's relaxation); at least `bound`. If the
   * budget ran out inside the root's own search (only near the state limit with a small budget),
   * an upper bound on it instead.
   */
  randomisedBound: number;
  /** The multiplier at the root's relaxation (armies per unit of P(conquest)). */
  lambda: number;
  /** Families (nodes) whose bound was computed, the root included. */
  nodes: number;
  /** State updates spent. */
  work: number;
  /** The kernel the rule is laid out for. */
  kernel: StoppingKernel;
}

interface OpenNode {
  bound: number;
  lambda: number;
  /** Fixed decisions: state index x 4 + (1 = stop, 2 = continue). */
  fixes: Int32Array;
  /** The two rules the family's best randomised rule mixes (copies). */
  lo: RulePoint;
  hi: RulePoint;
}

/**
 * @example
 * bestStopRule(battlePath(fortressTables, 18, 8), 0.6)
 * // { feasible: true, armies: 11.3369, p: 0.6001, proved: true, bound: 11.3369, gap: 0,
 * //   randomisedBound: 11.6880, nodes: 136, ... }
 */
export function bestStopRule(path: AttackPath, target: number, options: BestStopRuleOptions = {}): BestStopRule {
  const budget = options.workBudget ?? WORK_BUDGET;
  const kernel = new StoppingKernel(path);
  const search = new ParametricSearch(kernel, target);
  const incumbent = new Uint8Array(kernel.size);
  let armies = -Infinity;
  let p = 0;
  const offer = (point: RulePoint | null) => {
    if (point && point.armies > armies) {
      incumbent.set(point.stop);
      armies = point.armies;
      p = point.p;
    }
  };
  const root = search.run(null, { workLimit: budget });
  if (root.status === 'infeasible') {
    const fight = kernel.evaluate(incumbent); // all zeros: never stop
    return {
      feasible: false,
      stop: incumbent,
      armies: fight.armies,
      p: fight.p,
      proved: false,
      bound: -Infinity,
      gap: Infinity,
      randomisedBound: -Infinity,
      lambda: Infinity,
      nodes: 1,
      work: kernel.work,
      kernel,
    };
  }
  offer(root.best);
  const prunable = (bound: number) => bound <= armies + PRUNE_TOLERANCE * Math.max(1, Math.abs(armies));
  const tree = new Tree(kernel, search, prunable);
  const open = tree.explore(root, budget, offer);
  let bound = armies;
  for (const b of open) if (!prunable(b)) bound = Math.max(bound, b);
  const proved = bound === armies;
  return {
    feasible: true,
    stop: incumbent,
    armies,
    p,
    proved,
    bound,
    gap: bound - armies,
    randomisedBound: root.bound,
    lambda: root.lambda,
    nodes: tree.nodes,
    work: kernel.work,
    kernel,
  };
}

/**
 * The rule as solve.ts's per-step decisions (views into `rule.stop`; no ties reported).
 *
 * @example
 * stopTable(ruleDecisions(path, best), visitProbabilities(path, ruleDecisions(path, best)))
 */
export function ruleDecisions(path: AttackPath, rule: BestStopRule): StepDecisions[] {
  const { offsets } = rule.kernel;
  return path.steps.map((s, k) => {
    const stop = rule.stop.subarray(offsets[k], offsets[k + 1]);
    return { defenders: s.defenders, stop, tie: new Uint8Array(stop.length) };
  });
}

/** The branch and bound proper: best first over the open families. */
class Tree {
  /** Families whose bound was computed, the root included. */
  nodes = 1;
  private readonly kernel: StoppingKernel;
  private readonly family: ParametricSearch;
  private readonly prunable: (bound: number) => boolean;
  private readonly brancher: Brancher;
  private readonly fixed: Uint8Array;
  private readonly flipped: Uint8Array;

  constructor(kernel: StoppingKernel, search: ParametricSearch, prunable: (bound: number) => boolean) {
    this.kernel = kernel;
    this.family = search;
    this.prunable = prunable;
    this.brancher = new Brancher(kernel);
    this.fixed = new Uint8Array(kernel.size);
    this.flipped = new Uint8Array(kernel.size);
  }

  /**
   * Expands the open families, largest bound first, until none is left or the work reaches
   * `budget`; returns the bounds of the families left unexplored (none when the rule is proved).
   */
  explore(root: FamilyBound, budget: number, offer: (point: RulePoint | null) => void): number[] {
    const { kernel, fixed } = this;
    const open = new MaxHeap();
    const rootNode = this.openNode(root, new Int32Array(0));
    if (rootNode) open.push(rootNode);
    const unexplored: number[] = [];
    while (open.size > 0) {
      const node = open.pop();
      if (this.prunable(node.bound)) continue;
      if (kernel.work >= budget) {
        unexplored.push(node.bound);
        break;
      }
      for (const f of node.fixes) fixed[f >> 2] = f & 3;
      const branch = this.brancher.choose(node.lo.stop, node.hi.stop);
      for (const choice of [1, 2]) {
        // Stopping at the start is not attacking at all: P = 0, below every target.
        if (branch === kernel.start && choice === 1) continue;
        if (kernel.work >= budget) {
          unexplored.push(node.bound); // this child is not bounded yet: its parent's bound holds
          continue;
        }
        const fixes = new Int32Array(node.fixes.length + 1);
        fixes.set(node.fixes);
        fixes[node.fixes.length] = branch * 4 + choice;
        fixed[branch] = choice;
        const child = this.family.run(fixed, {
          lambda: node.lambda,
          rules: this.parentRules(node, branch, choice === 1 ? 1 : 0),
          workLimit: budget,
        });
        this.nodes++;
        offer(child.best);
        // A child's rules are rules of its parent, so the parent's bound holds for it too (and is
        // tighter when the child's search was cut short by the budget).
        child.bound = Math.min(child.bound, node.bound);
        const made = this.openNode(child, fixes);
        if (made) open.push(made);
      }
      for (const f of node.fixes) fixed[f >> 2] = 0;
      fixed[branch] = 0;
    }
    for (const node of open.items) unexplored.push(node.bound);
    return unexplored;
  }

  /** An open family keeps copies of its lo and hi (the search's buffers are reused). */
  private openNode(family: FamilyBound, fixes: Int32Array): OpenNode | null {
    if (family.status !== 'split' || this.prunable(family.bound)) return null;
    const lo = family.lo as RulePoint;
    const hi = family.hi as RulePoint;
    return {
      bound: family.bound,
      lambda: family.lambda,
      fixes,
      lo: { armies: lo.armies, p: lo.p, stop: lo.stop.slice() },
      hi: { armies: hi.armies, p: hi.p, stop: hi.stop.slice() },
    };
  }

  /**
   * The parent's lo and hi as rules of the child (state `branch` fixed to `stop`): the one that
   * already agrees as it is, the other adjusted at `branch` and evaluated (one pass).
   */
  private parentRules(node: OpenNode, branch: number, stop: number): RulePoint[] {
    const [kept, other] = node.lo.stop[branch] === stop ? [node.lo, node.hi] : [node.hi, node.lo];
    this.flipped.set(other.stop);
    this.flipped[branch] = stop;
    return [kept, { ...this.kernel.evaluate(this.flipped), stop: this.flipped }];
  }
}

/**
 * Picks the state to branch on: one where lo and hi differ that both reach along the same
 * paths. One forward pass under the rule "stop where either stops" gives, per state, the
 * probability that the attack gets there with both rules still agreeing; a state where they
 * differ with positive such probability is reached by both. The first state in the order of
 * play where they differ among the states one of them reaches is one (every state before it on
 * the way is continued by both), so there always is one when their outcomes differ.
 */
class Brancher {
  private readonly kernel: StoppingKernel;
  private readonly common: Uint8Array;
  private readonly visits: Float64Array;

  constructor(kernel: StoppingKernel) {
    this.kernel = kernel;
    this.common = new Uint8Array(kernel.size);
    this.visits = new Float64Array(kernel.size);
  }

  /** The state where lo and hi differ that the attack most often reaches while both agree. */
  choose(lo: Uint8Array, hi: Uint8Array): number {
    const { common, visits } = this;
    for (let i = 0; i < lo.length; i++) common[i] = lo[i] | hi[i];
    this.kernel.visits(common, visits);
    let chosen = -1;
    let most = 0;
    for (let i = 0; i < lo.length; i++) {
      if (lo[i] !== hi[i] && visits[i] > most) {
        most = visits[i];
        chosen = i;
      }
    }
    // Only an underflowed visit probability (below 1e-308) could leave none.
    for (let i = 0; chosen < 0 && i < lo.length; i++) if (lo[i] !== hi[i]) chosen = i;
    return chosen;
  }
}

/** Open nodes by bound, largest first. */
class MaxHeap {
  readonly items: OpenNode[] = [];

  get size(): number {
    return this.items.length;
  }

  push(node: OpenNode): void {
    const h = this.items;
    h.push(node);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent].bound >= h[i].bound) break;
      [h[parent], h[i]] = [h[i], h[parent]];
      i = parent;
    }
  }

  pop(): OpenNode {
    const h = this.items;
    const top = h[0];
    const last = h.pop() as OpenNode;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].bound > h[m].bound) m = l;
        if (r < h.length && h[r].bound > h[m].bound) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
}
