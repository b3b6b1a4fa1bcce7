/** Multi-player battles (11.8). */
import { describe, expect, it } from 'vitest';
import {
  duelOf,
  eventOf,
  exactOf,
  expectProportion,
  expectSameDistribution,
  multiOf,
  problems,
  run,
} from './helpers.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { kingsAndThings } from '../../../../src/core/systems/kings-and-things/index.js';
import { percentShort } from '../../../../src/core/words/format.js';
import { recommendation } from '../../../../src/core/words/verdict.js';

const TRIALS = 100_000;

describe('multi-player battles', () => {
  it('with two players the multi-player kernels match the exact two-sided solver', () => {
    const duel = duelOf({
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'] },
      defender: { creatures: ['Ogre:2'], fort: 'keep' },
    });
    const pCapture = eventOf(duel, exactOf(duel), 'pCapture');
    const multi = multiOf({
      type: 'multi',
      players: [
        { name: 'Blue', creatures: ['Ogre:2'], fort: 'keep' },
        { name: 'Red', creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'] },
      ],
    });
    expect(multi.headline).toBe('holds_1');
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(multi, TRIALS, `multi-2-${kernel}`, kernel);
      expectProportion(eventOf(multi, tally, 'holds_1'), TRIALS, pCapture);
    }
  });

  it('three players: fast and faithful kernels agree, and every trial has one holder', () => {
    const battle = multiOf({
      type: 'multi',
      players: [
        { name: 'Owner', creatures: ['2x Archer:2R'], fort: 'tower', retreat: { whenDownTo: 0 } },
        { name: 'Red', creatures: ['Giant:4', 'Dragon:3*C'], target: 'defender', retreat: { whenOutnumbered: 3 } },
        { name: 'Green', creatures: ['3x Orc:2', 'Shaman:2*'], target: 'weakest' },
      ],
    });
    const plan = battle.plan;
    const L = plan.at;
    const fast = run(battle, TRIALS, 'multi-3');
    const slow = run(battle, TRIALS, 'multi-3-slow', 'faithful');
    expect(eventOf(battle, fast, 'holds_0') + eventOf(battle, fast, 'holds_1') + eventOf(battle, fast, 'holds_2')).toBe(
      TRIALS,
    );
    expectSameDistribution(fast, slow, L.holder, 3);
    expectSameDistribution(fast, slow, L.rounds, 31);
    for (let p = 0; p < 3; p++) expectSameDistribution(fast, slow, L.creaturesLeft[p], plan.sides[p].creatureCount + 1);
    const report = describeBattle(kingsAndThings, battle, fast, TRIALS, null);
    // The headline (the first attacker's chance) first, then the owner's, then the other attacker's.
    expect(report.metrics.slice(0, 3).map((m) => m.key)).toEqual(['holds_1', 'holds_0', 'holds_2']);
    const p = (key: string) => percentShort(report.metrics.find((m) => m.key === key)!.estimate);
    const [low, high] = report.metrics[0].ci95!.map((x) => percentShort(x));
    expect(report.verdict[0]).toBe(
      `${recommendation(report.metrics[0].estimate)}: Red (first attacker) takes the hex ${p('holds_1')} of the time ` +
        `(95% interval ${low} to ${high}); Owner (owner) keeps it ${p('holds_0')}; Green (attacker) takes it ` +
        `${p('holds_2')}.`,
    );
    expect(report.tables[0].rows.map((r) => r[1])).toEqual(['Owner', 'Red', 'Green']);
  });

  it('an overwhelming attacker ends holding the hex', () => {
    const battle = multiOf({
      type: 'multi',
      players: [
        { creatures: ['Goblin:1'] },
        { creatures: ['4x Titan:6'], target: 'next' },
        { creatures: ['Goblin:1'], retreat: { afterRounds: 1 } },
      ],
    });
    const tally = run(battle, 20_000, 'multi-strong');
    // The Titans kill the defender in round 1; the second attacker retreats; the Titans hold.
    expect(eventOf(battle, tally, 'holds_1')).toBe(20_000);
  });

  it("retreat decisions go from the defender's left: the attacker seated first leaves, the other holds", () => {
    // Round 1: both value-6 magic counters hit the owner's goblin in the magic step (sure kills,
    // before it fires in melee); their later hits go to the target named for the round. Then two
    // attackers are left, both wanting to retreat after round 1: the first to decide leaves, and
    // the second, now alone, holds the hex. Swapping their seats swaps the holder.
    const mage = (name: string) => ({ name, creatures: ['Mage:6*'], target: 'defender', retreat: { afterRounds: 1 } });
    for (const [first, second] of [
      ['Red', 'Green'],
      ['Green', 'Red'],
    ]) {
      const battle = multiOf({
        type: 'multi',
        players: [{ name: 'Owner', creatures: ['Goblin:1'] }, mage(first), mage(second)],
      });
      const plan = battle.plan;
      for (const kernel of ['fast', 'faithful'] as const) {
        const tally = run(battle, 5_000, `multi-order-${first}-${kernel}`, kernel);
        expect(plan.names[2]).toBe(second);
        expect(eventOf(battle, tally, 'holds_2'), `${second} holds (${kernel})`).toBe(5_000);
        expect(tally[plan.at.rounds + 1]).toBe(5_000);
      }
    }
  });

  it('player names are values, never keys: names like toString, __proto__ and constructor run', () => {
    const battle = multiOf({
      type: 'multi',
      players: [
        { name: 'toString', creatures: ['Ogre:2'], fort: 'keep' },
        { name: '__proto__', creatures: ['Giant:4'], target: 'constructor' },
        { name: 'constructor', creatures: ['3x Orc:2'], target: 'toString' },
      ],
    });
    expect(battle.plan.targets).toEqual([0, 12, 10]);
    const tally = run(battle, 2_000, 'names');
    const report = describeBattle(kingsAndThings, battle, tally, 2_000, null);
    expect(report.metrics.map((m) => m.key)).toContain('holds_2');
    expect(report.verdict[0]).toMatch(/^(Attack|A gamble|Hold back): __proto__ \(first attacker\) takes the hex/);
  });

  it('bad targets are named', () => {
    const messages = problems({
      type: 'multi',
      players: [
        { name: 'A', creatures: ['Orc:2'] },
        { name: 'B', creatures: ['Orc:2'], target: 'Zed', fort: 'tower' },
      ],
    }).join('\n');
    expect(messages).toMatch(/players\.1\.target: unknown target 'Zed'/);
    expect(messages).toMatch(/players\.1: only the defender/);
  });
});
