/**
 * Timings of every decision solver at realistic sizes, best and median of a few runs
 * (the best is the least disturbed by other load). Pure: uses only performance.now().
 *
 * Run: npm run bench (its decision-solver rows)
 */
import { compileTables, type DiceRule } from '../src/core/systems/landgrab/rules/tables.js';
import { battlePath, type AttackPath } from '../src/core/systems/landgrab/optimize/path.js';
import { maximumDefenders, minimumAttackers } from '../src/core/systems/landgrab/optimize/reverse.js';
import { whenToStop, type StoppingObjective } from '../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { bestDefence } from '../src/core/systems/landgrab/optimize/defence/bestDefence.js';

export interface BenchRow {
  solver: string;
  size: string;
  bestMs: number;
  medianMs: number;
  runs: number;
  /** A figure from the answer, so a reader sees what was computed. */
  result: string;
}

const plain: DiceRule = {
  attackerDice: 3,
  defenderDice: 2,
  attackerBonus: 0,
  defenderBonus: 0,
  ties: 'defender',
  stopAt: 1,
};

function time<T>(runs: number, f: () => T): { bestMs: number; medianMs: number; value: T } {
  const times: number[] = [];
  let value = f(); // two warm-up runs (JIT), not timed
  value = f();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    value = f();
    times.push(performance.now() - started);
  }
  times.sort((x, y) => x - y);
  return { bestMs: times[0], medianMs: times[Math.floor(runs / 2)], value };
}

/**
 * @example
 * benchDecisions({ runs: 3 })
 * // [{ solver: 'minimumAttackers', size: '100 defenders, p >= 0.9', bestMs: 0.26, medianMs: 0.27, runs: 3,
 * //    result: '107 armies, P = 0.9055, 68 curve points' }, ...]
 */
export function benchDecisions(options: { runs?: number } = {}): BenchRow[] {
  const runs = options.runs ?? 5;
  const t = compileTables(plain);
  const fortress = compileTables({ ...plain, defenderBonus: 1 });
  const chain: AttackPath = {
    attackers: 60,
    steps: [8, 6, 10, 4, 7].map((defenders, k) => ({ defenders, tables: k === 2 ? fortress : t })),
  };
  const rows: BenchRow[] = [];
  const add = <T>(solver: string, size: string, f: () => T, result: (v: T) => string, times = runs) => {
    const r = time(times, f);
    rows.push({
      solver,
      size,
      bestMs: round(r.bestMs),
      medianMs: round(r.medianMs),
      runs: times,
      result: result(r.value),
    });
  };
  add(
    'minimumAttackers',
    '100 defenders, p >= 0.9',
    () => minimumAttackers([{ defenders: 100, tables: t }], 0.9),
    (v) => `${v.attackers} armies, P = ${v.pConquest?.toFixed(4)}, ${v.curve.length} curve points`,
  );
  add(
    'minimumAttackers',
    'chain of 5 (8, 6, 10F, 4, 7), p >= 0.8',
    () => minimumAttackers(chain.steps, 0.8),
    (v) => `${v.attackers} armies, P = ${v.pConquest?.toFixed(4)}`,
  );
  add(
    'maximumDefenders',
    '100 attackers, p >= 0.5',
    () => maximumDefenders(t, 100, 0.5),
    (v) => `${v.defenders} defenders, P = ${v.pConquest?.toFixed(4)}`,
  );
  // Territory values scaled to the stakes, so the optimal policy is neither "never" nor "always" attack.
  const objectives: [string, StoppingObjective, StoppingObjective][] = [
    ['max-conquest', { kind: 'max-conquest' }, { kind: 'max-conquest' }],
    ['value (territory = 100 | 10 armies)', { kind: 'value', perTerritory: 100 }, { kind: 'value', perTerritory: 10 }],
  ];
  for (const [name, single, chained] of objectives) {
    add(
      `whenToStop ${name}`,
      '100 vs 100',
      () => whenToStop(battlePath(t, 100, 100), single),
      (v) => `value ${v.value.toFixed(4)}, gain ${v.gain.toFixed(4)}, P ${v.optimal.pConquest.toFixed(4)}`,
    );
    add(
      `whenToStop ${name}`,
      'chain of 5 with 60 armies',
      () => whenToStop(chain, chained),
      (v) => `value ${v.value.toFixed(4)}, gain ${v.gain.toFixed(4)}, P ${v.optimal.pConquest.toFixed(4)}`,
    );
  }
  // The constrained stop rule (branch and bound within its work budget): the audit's cases,
  // the realistic worst cases and the state limit's edge.
  const constrained: [string, AttackPath, number, number][] = [
    ['18 vs 8 fortress', battlePath(fortress, 18, 8), 0.6, runs],
    ['18 vs 8 fortress', battlePath(fortress, 18, 8), 0.75, runs],
    ['20 vs 10', battlePath(t, 20, 10), 0.8, runs],
    ['100 vs 100', battlePath(t, 100, 100), 0.5, runs],
    ['chain of 5 with 60 armies', chain, 0.5, runs],
    ['2000 vs 2000 (the state limit)', battlePath(t, 2000, 2000), 0.5, 1],
  ];
  for (const [size, path, p, times] of constrained) {
    add(
      `whenToStop max-armies, P >= ${p}`,
      size,
      () => whenToStop(path, { kind: 'max-armies', minConquest: p }),
      (v) => {
        const c = v.constraint!;
        const claim = c.proved ? 'proved best' : `gap ${c.gap?.toPrecision(2)}`;
        return (
          `${v.value.toFixed(4)} kept, P ${v.optimal.pConquest.toFixed(4)}, ${claim}, ` +
          `${c.nodes} nodes, ${(c.work / 1e6).toFixed(1)}M of ${c.workBudget / 1e6}M work`
        );
      },
      times,
    );
  }
  const defence = (attackers: number, armies: number, k: number) => ({
    attackers,
    armies,
    territories: new Array(k).fill(t),
  });
  for (const method of ['exhaustive', 'branch-and-bound'] as const) {
    add(
      `bestDefence ${method}`,
      '30 armies over 4 territories, attacker 30',
      () => bestDefence(defence(30, 30, 4), { method }),
      (v) => `${v.best.allocation.join('-')}, P(held) = ${v.best.pHeld.toFixed(4)}, ${v.evaluated} leaves`,
    );
  }
  add(
    'bestDefence branch-and-bound',
    '60 armies over 6 territories, attacker 60 (5.0M allocations)',
    () => bestDefence(defence(60, 60, 6), { method: 'branch-and-bound' }),
    (v) => `${v.best.allocation.join('-')}, P(held) = ${v.best.pHeld.toFixed(4)}, ${v.evaluated} leaves`,
  );
  return rows;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
