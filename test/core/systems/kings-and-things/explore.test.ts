/** Exploration (10.x, 11.9). */
import { describe, expect, it } from 'vitest';
import {
  eventOf,
  exactOf,
  expectProportion,
  expectSegmentMatches,
  exploreOf,
  run,
  unsolvedReason,
  Z_MAX,
} from './helpers.js';

const TRIALS = 200_000;

describe('exploration', () => {
  it('a small custom cup: Monte Carlo matches the exact enumeration (with bribery)', () => {
    const battle = exploreOf({
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'], retreat: { whenDownTo: 1 } },
      cup: ['Goblin:1', { name: 'Orc', value: 2, count: 3 }, 'Wizard:3*', 'Knight:3C', 'Archer:2R', 'Titan:6'],
      bribery: { gold: 3 },
    });
    const plan = battle.plan;
    const exact = exactOf(battle);
    const L = plan.at;
    const nA = plan.explorer.creatureCount;
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `explore-${kernel}`, kernel);
      expectProportion(eventOf(battle, tally, 'pExplore'), TRIALS, eventOf(battle, exact, 'pExplore'));
      expectSegmentMatches(tally, exact, L.outcome, 4);
      expectSegmentMatches(tally, exact, L.drawn, 6);
      expectSegmentMatches(tally, exact, L.fighting, 6);
      expectSegmentMatches(tally, exact, L.rounds, 31);
      expectSegmentMatches(tally, exact, L.gold, plan.bribeGold + 1);
      expectSegmentMatches(tally, exact, L.explorerLeftSuccess, 2 * (nA + 1));
    }
  });

  it('the full cup: no defenders on 1 or 6, 184 counters (147 with the creatures-only cup)', () => {
    const battle = exploreOf({ type: 'explore', explorer: { creatures: ['Old Dragon', 'Sphinx', 'Camel Corps'] } });
    const plan = battle.plan;
    // The explorer's three roster counters are not in the cup.
    expect(plan.classCopies.reduce((s, x) => s + x, 0)).toBe(184 - 3);
    const creatures = exploreOf({
      type: 'explore',
      explorer: { creatures: ['Old Dragon'] },
      cup: 'creatures',
      removeExplorerFromCup: false,
    }).plan;
    expect(creatures.classCopies.reduce((s, x) => s + x, 0)).toBe(147);
    const tally = run(battle, 60_000, 'explore-full');
    expectProportion(eventOf(battle, tally, 'pNoDefenders'), 60_000, 1 / 3);
    expect(unsolvedReason(battle)).toMatch(/more than 3000 different ways/);
  });

  it('the draw is counters, not creatures: by default a drawn treasure uses up the draw (hand formula)', () => {
    // Ogre and one of the four Goblins are on the board, so the cup holds 184 - 2 = 182 counters,
    // 37 of them not creatures (no roster Orc). No drawn counter fights when the die shows 1 or 6,
    // or when all k counters drawn on a 2-5 are among the 37:
    //   P = 1/3 + 1/6 * sum_{k=2..5} C(37, k) / C(182, k).
    const choose = (n: number, k: number) => {
      let c = 1;
      for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
      return c;
    };
    let hand = 1 / 3;
    for (let k = 2; k <= 5; k++) hand += choose(37, k) / choose(182, k) / 6;
    expect(hand).toBeCloseTo(0.3416779, 6);
    const explorer = { creatures: ['Ogre', 'Orc:2', 'Goblins'] };
    const battle = exploreOf({ type: 'explore', explorer });
    expect(battle.plan.classCopies.reduce((s, x) => s + x, 0)).toBe(182);
    const tally = run(battle, TRIALS, 'draw-counters');
    expectProportion(tally[battle.plan.at.fighting], TRIALS, hand);
    // The creatures-only reading (the old default) makes exploring look worse.
    const creaturesOnly = exploreOf({ type: 'explore', explorer, cup: 'creatures' });
    const pDefault = eventOf(battle, tally, 'pExplore') / TRIALS;
    const pCreatures = eventOf(creaturesOnly, run(creaturesOnly, TRIALS, 'draw-creatures'), 'pExplore') / TRIALS;
    const se = Math.sqrt((pDefault * (1 - pDefault) + pCreatures * (1 - pCreatures)) / TRIALS);
    expect(pDefault - pCreatures).toBeGreaterThan(0.05 + Z_MAX * se);
  });

  it('bribery raises the odds', () => {
    const entry = (gold: number | false) => ({
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Nomads:1'] },
      bribery: gold === false ? false : { gold },
    });
    const p = (gold: number | false) => {
      const b = exploreOf(entry(gold));
      return eventOf(b, run(b, 50_000, 'bribe'), 'pExplore') / 50_000;
    };
    expect(p(8)).toBeGreaterThan(p(false) + 0.05);
  });

  it('declares "failed: retreated" only for an explorer that may retreat', () => {
    const names = (retreat: unknown) =>
      exploreOf({ type: 'explore', explorer: { creatures: ['Giant:4'], retreat }, cup: ['Orc:2'] })
        .layout.parts.filter((p) => p.kind === 'partition')
        .flatMap((p) => (p.kind === 'partition' ? p.events : []));
    expect(names('never')).toEqual(['pNoDefenders', 'pWonBattle', 'pExplorerEliminated']);
    expect(names({ afterRounds: 1 })).toContain('pExplorerRetreated');
  });
});
