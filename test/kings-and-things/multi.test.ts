/** Multi-player battles (11.8). */
import { describe, expect, it } from 'vitest';
import { duelLayout, multiLayout, type DuelPlan, type MultiPlan } from '../../src/systems/kings-and-things/plan.js';
import { compileEntry, expectProportion, expectSameDistribution, kingsAndThings, run } from './helpers.js';

const TRIALS = 100_000;

describe('multi-player battles', () => {
  it('with two players the multi-player kernels match the exact two-sided solver', () => {
    const duel = compileEntry({
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'] },
      defender: { creatures: ['Ogre:2'], fort: 'keep' },
    }).plan as DuelPlan;
    const exact = kingsAndThings.solve!(duel) as Float64Array;
    const L = duelLayout(duel);
    const pCapture = exact[L.outcome] + exact[L.outcome + 1];
    const multi = compileEntry({
      type: 'multi',
      players: [
        { name: 'Blue', creatures: ['Ogre:2'], fort: 'keep' },
        { name: 'Red', creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'] },
      ],
    });
    const M = multiLayout(multi.plan as MultiPlan);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(multi.plan, multi.tallySize, TRIALS, `multi-2-${kernel}`, kernel);
      expectProportion(tally[M.holder + 1], TRIALS, pCapture);
    }
  });

  it('three players: fast and faithful kernels agree, and every trial has one holder', () => {
    const battle = compileEntry({
      type: 'multi',
      players: [
        { name: 'Owner', creatures: ['2x Archer:2R'], fort: 'tower', retreat: { whenDownTo: 0 } },
        { name: 'Red', creatures: ['Giant:4', 'Dragon:3*C'], target: 'defender', retreat: { whenOutnumbered: 3 } },
        { name: 'Green', creatures: ['3x Orc:2', 'Shaman:2*'], target: 'weakest' },
      ],
    });
    const plan = battle.plan as MultiPlan;
    const L = multiLayout(plan);
    const fast = run(plan, battle.tallySize, TRIALS, 'multi-3');
    const slow = run(plan, battle.tallySize, TRIALS, 'multi-3-slow', 'faithful');
    expect(fast[0] + fast[1] + fast[2]).toBe(TRIALS);
    expectSameDistribution(fast, slow, L.holder, 3);
    expectSameDistribution(fast, slow, L.rounds, 31);
    for (let p = 0; p < 3; p++) expectSameDistribution(fast, slow, L.creaturesLeft[p], plan.sides[p].creatureCount + 1);
    const report = kingsAndThings.summarize({ battle, tally: fast, trials: TRIALS, partial: false, exact: null });
    expect(report.metrics.slice(0, 3).map((m) => m.key)).toEqual(['pHolds_0', 'pHolds_1', 'pHolds_2']);
  });

  it('an overwhelming attacker ends holding the hex', () => {
    const battle = compileEntry({
      type: 'multi',
      players: [
        { creatures: ['Goblin:1'] },
        { creatures: ['4x Titan:6'], target: 'next' },
        { creatures: ['Goblin:1'], retreat: { afterRounds: 1 } },
      ],
    });
    const tally = run(battle.plan, battle.tallySize, 20_000, 'multi-strong');
    // The Titans kill the defender in round 1; the second attacker retreats; the Titans hold.
    expect(tally[1]).toBe(20_000);
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
      const battle = compileEntry({
        type: 'multi',
        players: [{ name: 'Owner', creatures: ['Goblin:1'] }, mage(first), mage(second)],
      });
      const plan = battle.plan as MultiPlan;
      const L = multiLayout(plan);
      for (const kernel of ['fast', 'faithful'] as const) {
        const tally = run(plan, battle.tallySize, 5_000, `multi-order-${first}-${kernel}`, kernel);
        expect(plan.names[2]).toBe(second);
        expect(tally[L.holder + 2], `${second} holds (${kernel})`).toBe(5_000);
        expect(tally[L.rounds + 1]).toBe(5_000);
      }
    }
  });

  it('bad targets are named', () => {
    const parsed = kingsAndThings.battleSchema.parse({
      type: 'multi',
      players: [
        { name: 'A', creatures: ['Orc:2'] },
        { name: 'B', creatures: ['Orc:2'], target: 'Zed', fort: 'tower' },
      ],
    });
    const messages = kingsAndThings.check!(parsed)
      .map((i) => i.message)
      .join('\n');
    expect(messages).toMatch(/unknown target 'Zed'/);
    expect(messages).toMatch(/only the defender/);
  });
});
