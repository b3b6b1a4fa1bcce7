/**
 * House-rule knobs for counters that break the one-hit rule (11.52 names the Sword Master;
 * 004 says the Talisman and Black Cloud could affect rolls): `hits` taken before elimination and a
 * `hitModifier` on the hit number. Not official rules. Expected values worked by hand; the exact
 * solver handles them (its state, hits absorbed per side, still says who is hurt).
 */
import { describe, expect, it } from 'vitest';
import {
  compileEntry,
  duelOf,
  eventOf,
  exactOf,
  expectProportion,
  expectSegmentMatches,
  exploreOf,
  problems,
  run,
  unsolvedReason,
} from './helpers.js';

const TRIALS = 200_000;

describe('hits: a counter that takes more than one hit (a Sword Master house rule)', () => {
  // A (3) against a Sword Master (3) who takes 2 hits, melee: each round A hits 1/2, the Master 1/2.
  // Unhurt: A alone 1/4 -> hurt; A dies 1/2 (with or without a hit); nothing 1/4: reaches "hurt" 1/3.
  // Hurt: A alone 1/4 -> capture; both 1/4 -> mutual; Master alone 1/4 -> hold: capture 1/3.
  // P(capture) = 1/3 x 1/3 = 1/9.
  const entry = {
    attacker: { creatures: ['A:3'] },
    defender: { creatures: [{ name: 'Swordmaster', value: 3, hits: 2 }] },
  };
  it('P(capture) = 1/9, exactly and by both kernels', () => {
    const battle = duelOf(entry);
    const exact = exactOf(battle);
    expect(eventOf(battle, exact, 'pCapture')).toBeCloseTo(1 / 9, 12);
    expect(eventOf(battle, exact, 'pHoldMutual')).toBeCloseTo(1 / 9, 12);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `sword-${kernel}`, kernel);
      expectProportion(eventOf(battle, tally, 'pCapture'), TRIALS, 1 / 9);
      expectSegmentMatches(tally, exact, battle.plan.at.outcome, 6);
      expectSegmentMatches(tally, exact, battle.plan.at.defenderLeft, 2);
    }
  });
  it('a roster name takes the knob too, and the validated entry keeps it (only when set)', () => {
    const battle = compileEntry({
      attacker: { creatures: ['Giant:4'] },
      defender: { creatures: [{ name: 'Swordmaster', hits: 2 }, 'Ogre'] },
    });
    const creatures = (battle.entry as { defender: { creatures: object[] } }).defender.creatures;
    expect(creatures[0]).toEqual({
      name: 'Swordmaster',
      value: 4,
      magic: false,
      ranged: false,
      charge: false,
      flying: false,
      hits: 2,
    });
    expect(creatures[1]).not.toHaveProperty('hits');
    expect(compileEntry(JSON.parse(JSON.stringify(battle.entry))).entry).toEqual(battle.entry);
  });
});

describe('hitModifier: a modifier to the hit number (a Talisman / Black Cloud house rule)', () => {
  it('a Titan (6) at -1 hits on 1-5, so it no longer hits automatically: P(capture) = 25/31 against a 1', () => {
    // Each round: Titan hits 5/6, the defender (1) 1/6: Titan alone 25/36, both 5/36, defender alone
    // 1/36, nothing 5/36: P(capture) = (25/36) / (31/36).
    const battle = duelOf({
      attacker: { creatures: [{ name: 'Titan', value: 6, hitModifier: -1 }] },
      defender: { creatures: ['Goblin:1'] },
    });
    const exact = exactOf(battle);
    expect(eventOf(battle, exact, 'pCapture')).toBeCloseTo(25 / 31, 12);
    for (const kernel of ['fast', 'faithful'] as const)
      expectProportion(eventOf(battle, run(battle, TRIALS, `talisman-${kernel}`, kernel), 'pCapture'), TRIALS, 25 / 31);
  });
  it('+1 on a 1 hits on 1-2; against a melee 6 it can only fall with it: P(capture) = 0, P(mutual) = 1/3', () => {
    // Both melee: the 6 hits every time, so the attacker can at best fall together with it.
    const battle = duelOf({
      attacker: { creatures: [{ name: 'Goblin', value: 1, hitModifier: 1 }] },
      defender: { creatures: ['Champion:6'] },
    });
    const exact = exactOf(battle);
    expect(eventOf(battle, exact, 'pCapture')).toBe(0);
    expect(eventOf(battle, exact, 'pHoldMutual')).toBeCloseTo(2 / 6, 12);
  });
  it('two counters that cannot hit never finish: the exact answer puts everything at the round cap', () => {
    const nobody = { name: 'Ghost', value: 1, hitModifier: -1 };
    const battle = duelOf({ attacker: { creatures: [nobody] }, defender: { creatures: [nobody] } });
    expect(eventOf(battle, exactOf(battle), 'pHoldRoundLimit')).toBe(1);
    expect(eventOf(battle, run(battle, 200, 'ghosts'), 'pHoldRoundLimit')).toBe(200);
  });
});

describe('the exact solver and the knobs', () => {
  it('refuses, with the state count, a battle the knobs make too slow to solve', () => {
    const tough = { name: 'Troll', value: 1, hits: 6, count: 30 };
    // The solver stops on a work budget (counted in state updates, never the clock).
    expect(unsolvedReason(duelOf({ attacker: { creatures: [tough] }, defender: { creatures: [tough] } }))).toMatch(
      /^the battle has 32,761 states .* work budget \(about a second of solving\) ran out$/,
    );
  });
  it('drawn defenders with knobs: the exploration enumeration matches both kernels', () => {
    const battle = exploreOf({
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Elves:2R'] },
      cup: [{ name: 'Swordmaster', hits: 2 }, { name: 'Imp', value: 2, hitModifier: 2, magic: true }, 'Orc:2'],
    });
    const exact = exactOf(battle);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `knob-cup-${kernel}`, kernel);
      expectSegmentMatches(tally, exact, battle.plan.at.outcome, 4);
      expectSegmentMatches(tally, exact, battle.plan.at.rounds, 31);
    }
  });
  it('is checked: hits 1-6, hitModifier -5 to 5', () => {
    const with_ = (knobs: object) => ({
      attacker: { creatures: [{ name: 'A', value: 3, ...knobs }] },
      defender: { creatures: ['Orc:2'] },
    });
    expect(problems(with_({ hits: 0 })).join('\n')).toMatch(/hits must be 1-6/);
    expect(problems(with_({ hitModifier: 6 })).join('\n')).toMatch(/hitModifier must be -5 to 5/);
  });
});
