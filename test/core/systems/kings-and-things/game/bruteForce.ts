/**
 * An independent brute force for tiny battles (1-3 counters a side): every counter is
 * explicit (a tuple of current values, no type merging), hit distributions come from
 * enumerating every die face, every way to spread k hits is listed, and EVERY
 * deterministic stationary policy of each side (a choice at each decision point: loss
 * assignments and retreats) is enumerated. Each policy pair is evaluated exactly by
 * solving the Markov chain's linear system (Gaussian elimination). The game value is then
 * max over attacker policies of min over defender policies (and min-max, which must agree
 * for a game of perfect information).
 *
 * Decision points (keys):
 * - the side assigning first: (a, d, step, hits on A, hits on D) -> its composition after;
 * - the side answering: (its opponent's composition after, own composition, step, own hits);
 * - retreats: the attacker at (a, d); the defender at (a, d) after the attacker stayed.
 * A decision whose outcome cannot matter (the other side is eliminated in the same step)
 * is not a decision point.
 */
import type { Counter } from '../../../../../src/core/systems/kings-and-things/rules/counters.js';

type Tuple = readonly number[];

export interface TinyGame {
  attacker: readonly Counter[];
  defender: readonly Counter[];
  lossTurn: 'attacker-first' | 'defender-first';
  attackerMayRetreat: boolean;
  defenderMayRetreat: boolean;
  fortAfterRetreat: 'fights-on' | 'falls';
}

const isBuilding = (c: Counter) => c.kind === 'fort' || c.kind === 'city' || c.kind === 'village';

interface Decision {
  key: string;
  side: 0 | 1;
  count: number;
}

/** A transition outcome: a terminal value, or a node key; the choice function picks among options. */
type Next = { terminal: number } | { node: string };

export class BruteForce {
  readonly decisions = new Map<string, Decision>();
  private readonly nodes = new Map<string, { a: Tuple; d: Tuple; stage: number }>();
  private readonly start: string;

  constructor(readonly g: TinyGame) {
    this.start = this.key(
      g.attacker.map((c) => c.value),
      g.defender.map((c) => c.value),
      0,
    );
    this.discover();
  }

  private key(a: Tuple, d: Tuple, stage: number) {
    const k = `${a.join(',')}|${d.join(',')}|${stage}`;
    if (!this.nodes.has(k)) this.nodes.set(k, { a, d, stage });
    return k;
  }

  private static alive(t: Tuple) {
    return t.some((v) => v > 0);
  }

  private readonly memo = new Map<string, unknown>();

  /** Memoized by side, tuple and argument (evaluations repeat them for every policy pair). */
  private cached<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  /** P(k hits) from the step's dice, by enumerating every face. */
  hitDistribution(side: readonly Counter[], t: Tuple, step: number): number[] {
    return this.cached(`h ${side === this.g.attacker ? 'A' : 'D'} ${t} ${step}`, () => this.faces(side, t, step));
  }

  private faces(side: readonly Counter[], t: Tuple, step: number): number[] {
    const values: number[] = [];
    side.forEach((c, i) => {
      if (c.step === step && t[i] > 0) for (let n = 0; n < c.dice; n++) values.push(t[i]);
    });
    const dist = new Array<number>(values.length + 1).fill(0);
    const total = 6 ** values.length;
    for (let code = 0; code < total; code++) {
      let hits = 0;
      let rest = code;
      for (const v of values) {
        if ((rest % 6) + 1 <= v) hits++;
        rest = Math.floor(rest / 6);
      }
      dist[hits] += 1 / total;
    }
    return dist;
  }

  /** Every tuple left after spreading k hits (creatures: one each; buildings: up to their current value). */
  assignments(side: readonly Counter[], t: Tuple, k: number): Tuple[] {
    return this.cached(`a ${side === this.g.attacker ? 'A' : 'D'} ${t} ${k}`, () => this.spread(side, t, k));
  }

  private spread(side: readonly Counter[], t: Tuple, k: number): Tuple[] {
    const room = t.reduce((s, v, i) => s + (v > 0 ? (isBuilding(side[i]) ? v : 1) : 0), 0);
    const hits = Math.min(k, room);
    const out = new Map<string, Tuple>();
    const walk = (i: number, left: number, acc: number[]) => {
      if (i === t.length) {
        if (left === 0) out.set(acc.join(), [...acc]);
        return;
      }
      const most = t[i] === 0 ? 0 : isBuilding(side[i]) ? t[i] : 1;
      for (let h = 0; h <= Math.min(most, left); h++)
        walk(i + 1, left - h, [...acc, isBuilding(side[i]) ? t[i] - h : h === 1 ? 0 : t[i]]);
    };
    walk(0, hits, []);
    return [...out.values()];
  }

  private creatures(side: readonly Counter[], t: Tuple) {
    return side.some((c, i) => !isBuilding(c) && t[i] > 0);
  }

  private note(key: string, side: 0 | 1, count: number) {
    if (count > 1 && !this.decisions.has(key)) this.decisions.set(key, { key, side, count });
  }

  /**
   * The transitions of a node: [probability, resolve] pairs; resolve maps the two
   * policies' choices to the next node. Records the decision points it passes.
   */
  transitions(key: string, choose: (k: string, n: number) => number): [number, Next][] {
    const { a, d, stage } = this.nodes.get(key)!;
    const { attacker: A, defender: D } = this.g;
    if (!BruteForce.alive(a) || !BruteForce.alive(d))
      return [[1, { terminal: BruteForce.alive(a) && !BruteForce.alive(d) ? 1 : 0 }]];
    if (stage === 3) return this.retreat(a, d, choose);
    const onD = this.hitDistribution(A, a, stage);
    const onA = this.hitDistribution(D, d, stage);
    const out: [number, Next][] = [];
    for (let km = 0; km < onA.length; km++) {
      for (let kr = 0; kr < onD.length; kr++) {
        const p = onA[km] * onD[kr];
        if (p === 0) continue;
        const [a2, d2] = this.losses(a, d, stage, km, kr, choose);
        const next: Next =
          !BruteForce.alive(a2) || !BruteForce.alive(d2)
            ? { terminal: BruteForce.alive(a2) ? 1 : 0 }
            : { node: this.key(a2, d2, stage + 1) };
        out.push([p, next]);
      }
    }
    return out;
  }

  private losses(a: Tuple, d: Tuple, s: number, km: number, kr: number, choose: (k: string, n: number) => number) {
    const { attacker: A, defender: D } = this.g;
    const attackerFirst = this.g.lossTurn === 'attacker-first';
    const [first, firstHits, firstSide, other, otherHits, otherSide] = attackerFirst
      ? [a, km, A, d, kr, D]
      : [d, kr, D, a, km, A];
    const firstOptions = this.assignments(firstSide, first, firstHits);
    const otherDies = !this.assignments(otherSide, other, otherHits).some((t) => BruteForce.alive(t));
    let f = firstOptions[0];
    if (!otherDies) {
      const k1 = `first ${a}|${d}|${s}|${km}|${kr}`;
      this.note(k1, attackerFirst ? 0 : 1, firstOptions.length);
      f =
        firstOptions.length > 1 ? firstOptions[Math.min(choose(k1, firstOptions.length), firstOptions.length - 1)] : f;
    }
    const otherOptions = this.assignments(otherSide, other, otherHits);
    let o = otherOptions[0];
    if (BruteForce.alive(f)) {
      const k2 = `answer ${f}|${other}|${s}|${otherHits}`;
      this.note(k2, attackerFirst ? 1 : 0, otherOptions.length);
      o =
        otherOptions.length > 1 ? otherOptions[Math.min(choose(k2, otherOptions.length), otherOptions.length - 1)] : o;
    }
    return attackerFirst ? [f, o] : [o, f];
  }

  private retreat(a: Tuple, d: Tuple, choose: (k: string, n: number) => number): [number, Next][] {
    const { attacker: A, defender: D } = this.g;
    if (this.g.attackerMayRetreat && this.creatures(A, a)) {
      const k = `retreat A ${a}|${d}`;
      this.note(k, 0, 2);
      if (choose(k, 2) === 1) return [[1, { terminal: 0 }]];
    }
    if (this.g.defenderMayRetreat && this.creatures(D, d)) {
      const k = `retreat D ${a}|${d}`;
      this.note(k, 1, 2);
      if (choose(k, 2) === 1) {
        const left = d.map((v, i) => (isBuilding(D[i]) ? v : 0));
        if (this.g.fortAfterRetreat === 'falls' || !BruteForce.alive(left)) return [[1, { terminal: 1 }]];
        return [[1, { node: this.key(a, left, 0) }]];
      }
    }
    return [[1, { node: this.key(a, d, 0) }]];
  }

  /** Visit every node reachable under any choices, recording the decision points on the way. */
  private discover() {
    const seen = new Set<string>([this.start]);
    const stack = [this.start];
    const push = (k: string) => {
      if (!seen.has(k)) {
        seen.add(k);
        stack.push(k);
      }
    };
    const { attacker: A, defender: D } = this.g;
    const attackerFirst = this.g.lossTurn === 'attacker-first';
    while (stack.length > 0) {
      const node = stack.pop()!;
      const { a, d, stage } = this.nodes.get(node)!;
      const met = new Set<string>();
      this.touched.set(node, []);
      if (!BruteForce.alive(a) || !BruteForce.alive(d)) continue;
      if (stage === 3) {
        // Every retreat choice (records the retreat decision points).
        for (const pick of [0, 1])
          for (const [, next] of this.retreat(a, d, (key) => (met.add(key), pick))) if ('node' in next) push(next.node);
        this.touched.set(node, [...met]);
        continue;
      }
      const onD = this.hitDistribution(A, a, stage);
      const onA = this.hitDistribution(D, d, stage);
      for (let km = 0; km < onA.length; km++) {
        for (let kr = 0; kr < onD.length; kr++) {
          if (onA[km] * onD[kr] === 0) continue;
          // Every pair of choices: the first side's option i, then the answering side's option j.
          const firstCount = attackerFirst ? this.assignments(A, a, km).length : this.assignments(D, d, kr).length;
          const otherCount = attackerFirst ? this.assignments(D, d, kr).length : this.assignments(A, a, km).length;
          for (let i = 0; i < firstCount; i++) {
            for (let j = 0; j < otherCount; j++) {
              const [a2, d2] = this.losses(
                a,
                d,
                stage,
                km,
                kr,
                (key) => (met.add(key), key.startsWith('first') ? i : j),
              );
              if (BruteForce.alive(a2) && BruteForce.alive(d2)) push(this.key(a2, d2, stage + 1));
            }
          }
        }
      }
      this.touched.set(node, [...met]);
    }
  }

  /** Decision keys each node can meet under any choices (recorded by discover). */
  private readonly touched = new Map<string, string[]>();
  private readonly rowsMemo = new Map<string, [number, Next][]>();

  /** A node's transitions under the choices, memoized by the choices of the decisions it meets. */
  private row(node: string, choice: (key: string, n: number) => number): [number, Next][] {
    const keys = this.touched.get(node) ?? [];
    const memoKey = `${node}#${keys.map((k) => choice(k, this.decisions.get(k)?.count ?? 1)).join()}`;
    let row = this.rowsMemo.get(memoKey);
    if (!row) {
      row = this.transitions(node, choice);
      this.rowsMemo.set(memoKey, row);
    }
    return row;
  }

  /** P(capture) with both sides' choices fixed: solve V = P V + r over the nodes reachable from the start. */
  evaluate(choice: (key: string, n: number) => number): number {
    const index = new Map<string, number>([[this.start, 0]]);
    const keys = [this.start];
    const rows: [number, Next][][] = [];
    for (let i = 0; i < keys.length; i++) {
      const t = this.row(keys[i], choice);
      rows.push(t);
      for (const [, next] of t) {
        if ('node' in next && !index.has(next.node)) {
          index.set(next.node, keys.length);
          keys.push(next.node);
        }
      }
    }
    const n = index.size;
    // (I - P) V = r
    const m = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
    rows.forEach((t, i) => {
      m[i][i] += 1;
      for (const [p, next] of t) {
        if ('node' in next) m[i][index.get(next.node)!] -= p;
        else m[i][n] += p * next.terminal;
      }
    });
    for (let col = 0; col < n; col++) {
      let pivot = col;
      for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
      [m[col], m[pivot]] = [m[pivot], m[col]];
      for (let r = 0; r < n; r++) {
        if (r === col || m[r][col] === 0) continue;
        const f = m[r][col] / m[col][col];
        for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
      }
    }
    return m[0][n] / m[0][0];
  }

  /** Every deterministic policy of one side: one option index per decision point of that side. */
  policies(side: 0 | 1): Map<string, number>[] {
    const points = [...this.decisions.values()].filter((d) => d.side === side);
    let out: Map<string, number>[] = [new Map()];
    for (const p of points) {
      const next: Map<string, number>[] = [];
      for (const pol of out) for (let c = 0; c < p.count; c++) next.push(new Map(pol).set(p.key, c));
      out = next;
    }
    return out;
  }

  /** max over attacker policies of min over defender policies, and min-max, of the exact P(capture). */
  gameValue(): { maxMin: number; minMax: number; pairs: number } {
    const pa = this.policies(0);
    const pd = this.policies(1);
    const table = pa.map((x) =>
      pd.map((y) => this.evaluate((key, n) => Math.min(n - 1, x.get(key) ?? y.get(key) ?? 0))),
    );
    const maxMin = Math.max(...table.map((row) => Math.min(...row)));
    const minMax = Math.min(...pd.map((_, j) => Math.max(...table.map((row) => row[j]))));
    return { maxMin, minMax, pairs: pa.length * pd.length };
  }
}
