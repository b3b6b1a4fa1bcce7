/**
 * The three objectives a player can state (`--objective`, an entry's `stopRule`), as the
 * product asks the solver for them (objective.ts), against every deterministic stopping
 * policy of tiny attacks evaluated by the independent reference recursion: the best value,
 * the fight-to-the-end baseline and the gain in the objective's own terms, and the stop
 * table the player reads, replayed as a policy, achieving what the answer reports.
 */
import { describe, expect, it } from 'vitest';
import {
  whenToStop,
  type StoppingAnswer,
} from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import {
  stoppingObjective,
  type ObjectiveChoice,
} from '../../../../../src/core/systems/landgrab/optimize/objectives.js';
import type { DiceRule } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import { choiceStates, pathOf, referenceExpectation, referencePolicy, variants } from './reference.js';

/** [rule variant, attackers, defenders per territory]: 8 to 12 choice states, 256 to 4096 policies. */
const cases: [string, number, number[]][] = [
  ['plain', 5, [3]],
  ['fortress', 4, [3]],
  ['ties to attacker', 5, [2]],
  ['plain', 5, [1, 2]],
  ['attacking leader', 4, [2, 1]],
];

interface PolicyStats {
  p: number;
  armies: number;
  territories: number;
}

/** Every subset of the choice states as a stop set, with P(whole path), E[armies kept], E[territories taken]. */
function enumerate(rules: DiceRule[], attackers: number, defenders: number[]): PolicyStats[] {
  const states = choiceStates(attackers, defenders);
  const index = new Map(states.map((s, i) => [s.join(), i]));
  const out: PolicyStats[] = [];
  for (let mask = 0; mask < 1 << states.length; mask++) {
    const stops = (k: number, a: number, d: number) => (mask & (1 << (index.get([k, a, d].join()) as number))) !== 0;
    const r = referencePolicy(rules, attackers, defenders, stops);
    out.push({ p: r.p, armies: r.armies, territories: r.territories });
  }
  return out;
}

/** The player's stop table as a rule: stop exactly where a row's ranges say (other states: fight on). */
function tableRule(answer: StoppingAnswer) {
  return (k: number, a: number, d: number) =>
    answer.stopTable
      .find((s) => s.step === k)
      ?.rows.find((r) => r.attackers === a)
      ?.stopRanges.some((r) => r.from <= d && d <= r.to) ?? false;
}

const never = () => false;

describe.each(cases)('%s, %i armies vs %j: each objective against every deterministic policy', (name, a, ds) => {
  const rules = ds.map(() => variants[name]);
  const path = pathOf(variants[name], a, ds);
  const stats = enumerate(rules, a, ds);
  const fightOn = referencePolicy(rules, a, ds, never);
  const ask = (choice: ObjectiveChoice) => whenToStop(path, stoppingObjective(choice));

  it('conquest: the best P(conquest) of all policies is fighting to the end, and the answer says so', () => {
    const answer = ask({ objective: 'conquest' });
    const best = Math.max(...stats.map((s) => s.p));
    expect(answer.value).toBeCloseTo(best, 12);
    expect(best).toBeCloseTo(fightOn.p, 12);
    expect(answer.neverStops).toBe(true);
    expect(answer.stopTable.every((s) => s.rows.every((r) => r.shape === 'continue'))).toBe(true);
    expect(answer.baseline.pConquest).toBeCloseTo(fightOn.p, 12);
    expect(answer.gain).toBe(0);
  });

  it.each([0.5, 2, 6])('value, a territory worth %f armies: the best E[armies + worth x territories]', (worth) => {
    const answer = ask({ objective: 'value', territoryWorth: worth });
    const worthOf = (s: PolicyStats) => s.armies + worth * s.territories;
    const best = Math.max(...stats.map(worthOf));
    expect(answer.value).toBeCloseTo(best, 12);
    expect(answer.baseline.value).toBeCloseTo(worthOf(fightOn), 12);
    expect(answer.gain).toBeCloseTo(best - worthOf(fightOn), 12);
    // The table the player reads, followed to the letter, is worth the reported value.
    const followed = referenceExpectation(rules, a, ds, tableRule(answer), (armies, taken) => armies + worth * taken);
    expect(followed).toBeCloseTo(answer.value, 12);
    expect(answer.optimal.pConquest).toBeCloseTo(referencePolicy(rules, a, ds, tableRule(answer)).p, 12);
  });

  it.each([0.2, 0.5, 0.8])('armies with P(conquest) >= %f: the best policy meeting it, proved', (p) => {
    const answer = ask({ objective: 'armies', minConquest: p });
    const feasible = stats.filter((s) => s.p >= p);
    expect(answer.constraint?.feasible).toBe(feasible.length > 0);
    expect(answer.baseline.expectedArmiesKept).toBeCloseTo(fightOn.armies, 12);
    if (feasible.length === 0) return;
    const best = Math.max(...feasible.map((s) => s.armies));
    const followed = referencePolicy(rules, a, ds, tableRule(answer));
    expect(followed.p).toBeGreaterThanOrEqual(p);
    expect(followed.armies).toBeCloseTo(answer.value, 12);
    expect(answer.value).toBeCloseTo(best, 12);
    expect(answer.constraint?.proved).toBe(true);
    expect(answer.gain).toBeCloseTo(answer.value - fightOn.armies, 12);
  });
});
