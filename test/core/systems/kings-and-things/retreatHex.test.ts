/**
 * Retreats need somewhere to go (11.6): without an adjacent hex it controls a side cannot
 * retreat; with one, more than 10 friendly creatures there after the retreat lose the excess
 * (9.2), reported as lost. Expected values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  duelOf,
  eventOf,
  exactOf,
  expectProportion,
  expectSameDistribution,
  expectSegmentMatches,
  exploreOf,
  multiOf,
  problems,
  run,
} from './helpers.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { kingsAndThings } from '../../../../src/core/systems/kings-and-things/index.js';

const TRIALS = 200_000;
const mean = (battle: Parameters<typeof describeBattle>[1], exact: Float64Array, key: string) =>
  describeBattle(kingsAndThings, battle, null, 0, { probabilities: exact }).metrics.find((m) => m.key === key)!.exact!;

describe('no retreat hex: the side must stay and fight', () => {
  // 3 against 3 in melee: each round A hits alone 1/4, D alone 1/4, both 1/4, neither 1/4.
  const entry = (retreatHex: unknown) => ({
    attacker: { creatures: ['A:3'], retreat: { afterRounds: 1 }, retreatHex },
    defender: { creatures: ['D:3'] },
  });
  it('with a retreat hex the attacker leaves after round 1: P(capture) = 1/4', () => {
    const battle = duelOf(entry({ creatures: 0 }));
    expect(eventOf(battle, exactOf(battle), 'pCapture')).toBeCloseTo(1 / 4, 12);
    expect(eventOf(battle, exactOf(battle), 'pHoldAttackerRetreated')).toBeCloseTo(1 / 4, 12);
  });
  it('without one it fights on as if it never retreats: P(capture) = (1/4) / (3/4) = 1/3', () => {
    const battle = duelOf(entry(false));
    expect(battle.plan.attackerRetreat.afterRounds).toBe(0);
    expect(eventOf(battle, exactOf(battle), 'pCapture')).toBeCloseTo(1 / 3, 12);
    // "hold: attacker retreated" cannot happen, so it is not a row.
    expect(battle.layout.parts.some((p) => p.name === 'pHoldAttackerRetreated')).toBe(false);
    const tally = run(battle, TRIALS, 'no-retreat-hex', 'faithful');
    expectProportion(eventOf(battle, tally, 'pCapture'), TRIALS, 1 / 3);
  });
  it('a defender without a retreat hex cannot retreat either', () => {
    const battle = duelOf({
      attacker: { creatures: ['A:3'] },
      defender: { creatures: ['D:3'], retreat: { afterRounds: 1 }, retreatHex: false },
    });
    expect(eventOf(battle, exactOf(battle), 'pCapture')).toBeCloseTo(1 / 3, 12);
    expect(battle.layout.parts.some((p) => p.name === 'pCaptureRetreated')).toBe(false);
  });
});

describe('the stack limit after a retreat (9.2): the excess over 10 is lost', () => {
  // Three Orcs (1) retreat after round 1 into a hex already holding 9 friendly creatures,
  // against a Troll (6) that hits every roll. Round 1 melee: the Troll kills one Orc for sure;
  // the Orcs kill the Troll with 1 - (5/6)^3 = 91/216 (capture, 2 left). Otherwise the 2 Orcs
  // retreat: 2 + 9 = 11, one is lost, one survives.
  //   mean creatures left = 91/216 * 2 + 125/216 * 1 = 307/216;  mean lost at the limit = 125/216.
  const entry = (creatures: number) => ({
    attacker: { creatures: ['3x Orc:1'], retreat: { afterRounds: 1 }, retreatHex: { creatures } },
    defender: { creatures: ['Troll:6'] },
  });
  it('exact values by hand, and both kernels agree with the solver', () => {
    const battle = duelOf(entry(9));
    const exact = exactOf(battle);
    expect(eventOf(battle, exact, 'pCapture')).toBeCloseTo(91 / 216, 12);
    expect(mean(battle, exact, 'attackerLeft')).toBeCloseTo(307 / 216, 12);
    expect(mean(battle, exact, 'attackerStackLoss')).toBeCloseTo(125 / 216, 12);
    expect(mean(battle, exact, 'attackerValueLeft')).toBeCloseTo(307 / 216, 12);
    const L = battle.plan.at;
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `stack-${kernel}`, kernel);
      expectSegmentMatches(tally, exact, L.attackerLeftCapture, 2 * 4);
      expectSegmentMatches(tally, exact, L.attackerStackLoss, 4);
    }
  });
  it('with room in the hex nothing is lost (mean left 91/216 * 2 + 125/216 * 2 = 2)', () => {
    // 8 there: the 2 survivors fit (10); the row stays, since 3 retreating could overflow.
    const roomy = duelOf(entry(8));
    expect(mean(roomy, exactOf(roomy), 'attackerLeft')).toBeCloseTo(2, 12);
    expect(mean(roomy, exactOf(roomy), 'attackerStackLoss')).toBe(0);
    // 7 there: even all 3 fit, so the stack limit is not a row at all.
    const battle = duelOf(entry(7));
    expect(mean(battle, exactOf(battle), 'attackerLeft')).toBeCloseTo(2, 12);
    expect(battle.layout.parts.some((p) => p.name === 'attackerStackLoss')).toBe(false);
  });
  it('a full hex (10 already there) loses every retreating creature; the defender side too', () => {
    const battle = duelOf({
      attacker: { creatures: ['Giant:4'] },
      defender: { creatures: ['2x Wolf:2'], retreat: { afterRounds: 1 }, retreatHex: { creatures: 10 } },
    });
    const exact = exactOf(battle);
    // A capture by retreat leaves the defender nothing: all its retreating creatures are removed.
    const L = battle.plan.at;
    expect(exact[L.defenderStackLoss]).toBeCloseTo(1 - eventOf(battle, exact, 'pCaptureRetreated'), 12);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `stack-defender-${kernel}`, kernel);
      expectSegmentMatches(tally, exact, L.defenderLeft, 3);
      expectSegmentMatches(tally, exact, L.defenderStackLoss, 3);
    }
  });
  it('multi-player and exploration retreats obey it too (fast = faithful; exact exploration)', () => {
    const multi = multiOf({
      type: 'multi',
      players: [
        { name: 'Owner', creatures: ['Troll:6'] },
        { name: 'Red', creatures: ['3x Orc:1'], retreat: { afterRounds: 1 }, retreatHex: { creatures: 9 } },
        { name: 'Green', creatures: ['Goblin:1'], target: 'Red' },
      ],
    });
    const fast = run(multi, TRIALS, 'multi-stack');
    const slow = run(multi, TRIALS, 'multi-stack-slow', 'faithful');
    expectSameDistribution(fast, slow, multi.plan.at.creaturesLeft[1], 4);
    expectSameDistribution(fast, slow, multi.plan.at.stackLoss[1], 4);
    expect(fast[multi.plan.at.stackLoss[1] + 1]).toBeGreaterThan(0);
    const explore = exploreOf({
      type: 'explore',
      explorer: { creatures: ['3x Orc:1'], retreat: { afterRounds: 1 }, retreatHex: { creatures: 9 } },
      cup: ['Troll:6'],
    });
    // The cup holds one Troll: on 2-5 it is the only defender (2/3), and the battle is the one above.
    const exact = exactOf(explore);
    const L = explore.plan.at;
    expect(exact[L.stackLoss + 1]).toBeCloseTo((2 / 3) * (125 / 216), 12);
    const tally = run(explore, TRIALS, 'explore-stack');
    expectSegmentMatches(tally, exact, L.stackLoss, 4);
  });
  it('is checked: at most 10 already there, and false or an object', () => {
    expect(problems(entry(11)).join('\n')).toMatch(/attacker\.retreatHex\.creatures: .*at most 10/);
    expect(problems({ ...entry(0), attacker: { creatures: ['Orc:1'], retreatHex: true } }).join('\n')).toMatch(
      /retreatHex must be false/,
    );
  });
});
