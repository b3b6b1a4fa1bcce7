/** Exploration (10.x, 11.9). */
import { describe, expect, it } from 'vitest';
import { exploreLayout, type ExplorePlan } from '../../src/systems/kings-and-things/plan.js';
import { compileEntry, expectProportion, expectSegmentMatches, kingsAndThings, run } from './helpers.js';

const TRIALS = 200_000;

describe('exploration', () => {
  it('a small custom cup: Monte Carlo matches the exact enumeration (with bribery)', () => {
    const battle = compileEntry({
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'], retreat: { whenDownTo: 1 } },
      cup: ['Goblin:1', { name: 'Orc', value: 2, count: 3 }, 'Wizard:3*', 'Knight:3C', 'Archer:2R', 'Titan:6'],
      bribery: { gold: 3 },
    });
    const plan = battle.plan as ExplorePlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    expect(exact).not.toBeNull();
    const L = exploreLayout(plan);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(plan, battle.tallySize, TRIALS, `explore-${kernel}`, kernel);
      expectProportion(tally[L.outcome] + tally[L.outcome + 1], TRIALS, exact[L.outcome] + exact[L.outcome + 1]);
      expectSegmentMatches(tally, exact, L.outcome, 4);
      expectSegmentMatches(tally, exact, L.drawn, 6);
      expectSegmentMatches(tally, exact, L.fighting, 6);
      expectSegmentMatches(tally, exact, L.rounds, 31);
      expectSegmentMatches(tally, exact, L.gold, plan.bribeGold + 1);
      expectSegmentMatches(tally, exact, L.explorerLeft, L.nA + 1);
    }
  });

  it('the full cup: no defenders on 1 or 6, 147 creature counters (184 with all counters)', () => {
    const battle = compileEntry({ type: 'explore', explorer: { creatures: ['Old Dragon', 'Sphinx', 'Camel Corps'] } });
    const plan = battle.plan as ExplorePlan;
    // The explorer's three roster counters are not in the cup.
    expect(plan.classCopies.reduce((s, x) => s + x, 0)).toBe(147 - 3);
    const all = compileEntry({
      type: 'explore',
      explorer: { creatures: ['Old Dragon'] },
      cup: 'all-counters',
      removeExplorerFromCup: false,
    }).plan as ExplorePlan;
    expect(all.classCopies.reduce((s, x) => s + x, 0)).toBe(184);
    const L = exploreLayout(plan);
    const tally = run(plan, battle.tallySize, 60_000, 'explore-full');
    expectProportion(tally[L.outcome], 60_000, 1 / 3);
    expect(kingsAndThings.solve!(plan)).toBeNull();
  });

  it('bribery raises the odds', () => {
    const entry = (gold: number | false) => ({
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Nomads:1'] },
      bribery: gold === false ? false : { gold },
    });
    const p = (gold: number | false) => {
      const b = compileEntry(entry(gold));
      const t = run(b.plan, b.tallySize, 50_000, 'bribe');
      return (t[0] + t[1]) / 50_000;
    };
    expect(p(8)).toBeGreaterThan(p(false) + 0.05);
  });
});
