/**
 * The `fortAfterRetreat` switch: when the defender's creatures retreat while its fort
 * still stands, the fort fights on (default) or the hex falls at once.
 */
import { describe, expect, it } from 'vitest';
import {
  CAPTURE_RETREATED,
  duelLayout,
  multiLayout,
  type DuelPlan,
  type MultiPlan,
} from '../../src/systems/kings-and-things/plan.js';
import {
  compileEntry,
  expectSameDistribution,
  expectSegmentMatches,
  kingsAndThings,
  problems,
  run,
  Z_MAX,
} from './helpers.js';

const TRIALS = 200_000;

/** Goblins that leave when one is lost, in a keep that could still hold on its own. */
const entry = (fortAfterRetreat?: 'fights-on' | 'falls') => ({
  attacker: { creatures: ['2x Orc:2', 'Troll:3'] },
  defender: {
    creatures: ['2x Goblin:1'],
    fort: 'keep',
    losses: 'weakest-first',
    retreat: { whenDownTo: 1 },
    ...(fortAfterRetreat ? { fortAfterRetreat } : {}),
  },
});

const pCapture = (plan: DuelPlan, v: Float64Array) => {
  const L = duelLayout(plan);
  return v[L.outcome] + v[L.outcome + 1];
};

describe('fortAfterRetreat', () => {
  it("defaults to 'fights-on'; 'falls' is solved exactly and both kernels match the solver", () => {
    const fightsOn = compileEntry(entry()).plan as DuelPlan;
    expect(fightsOn.buildingsFightOn).toBe(true);
    expect(kingsAndThings.solve!(fightsOn)).toBeNull();
    const battle = compileEntry(entry('falls'));
    const plan = battle.plan as DuelPlan;
    expect(plan.buildingsFightOn).toBe(false);
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    expect(exact).not.toBeNull();
    const L = duelLayout(plan);
    expect(exact[L.outcome + CAPTURE_RETREATED]).toBeGreaterThan(0.05);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(plan, battle.tallySize, TRIALS, `fort-falls-${kernel}`, kernel);
      expectSegmentMatches(tally, exact, L.outcome, 6);
      expectSegmentMatches(tally, exact, L.rounds, 31);
      expectSegmentMatches(tally, exact, L.attackerLeftCapture, 2 * (L.nA + 1));
      expectSegmentMatches(tally, exact, L.defenderLeft, L.nD + 1);
    }
  });

  it('the two readings give different P(capture)', () => {
    const falls = compileEntry(entry('falls'));
    const pFalls = pCapture(falls.plan as DuelPlan, kingsAndThings.solve!(falls.plan) as Float64Array);
    const on = compileEntry(entry('fights-on'));
    const tally = run(on.plan, on.tallySize, TRIALS, 'fort-fights-on');
    const pOn = pCapture(on.plan as DuelPlan, tally) / TRIALS;
    // Against an exact value, the estimate's standard error is all the noise there is.
    const se = Math.sqrt((pFalls * (1 - pFalls)) / TRIALS);
    expect(pFalls - pOn).toBeGreaterThan(Z_MAX * se);
  });

  it('when the fort fights on (not solvable exactly), fast and faithful kernels agree', () => {
    const battle = compileEntry(entry('fights-on'));
    const plan = battle.plan as DuelPlan;
    const L = duelLayout(plan);
    const fast = run(plan, battle.tallySize, TRIALS, 'fort-on-fast');
    const slow = run(plan, battle.tallySize, TRIALS, 'fort-on-slow', 'faithful');
    expectSameDistribution(fast, slow, L.outcome, 6);
    expectSameDistribution(fast, slow, L.rounds, 31);
  });

  it('multi-player: the owner leaves with his creatures under falls (fast = faithful), and it changes who holds', () => {
    const players = (fortAfterRetreat: 'fights-on' | 'falls') => ({
      type: 'multi',
      players: [
        {
          name: 'Owner',
          creatures: ['2x Goblin:1'],
          fort: 'castle',
          losses: 'weakest-first',
          retreat: { whenDownTo: 1 },
          fortAfterRetreat,
        },
        { name: 'Red', creatures: ['Giant:4', 'Orc:2'], target: 'defender' },
        { name: 'Green', creatures: ['3x Orc:2'], target: 'defender' },
      ],
    });
    const held = (mode: 'fights-on' | 'falls') => {
      const battle = compileEntry(players(mode));
      const plan = battle.plan as MultiPlan;
      const L = multiLayout(plan);
      const fast = run(plan, battle.tallySize, TRIALS, `multi-fort-${mode}`);
      const slow = run(plan, battle.tallySize, TRIALS, `multi-fort-${mode}-slow`, 'faithful');
      expectSameDistribution(fast, slow, L.holder, 3);
      expectSameDistribution(fast, slow, L.rounds, 31);
      return fast[L.holder] / TRIALS;
    };
    const pOn = held('fights-on');
    const pFalls = held('falls');
    // Two independent estimates: the standard error of their difference.
    const se = Math.sqrt((pOn * (1 - pOn) + pFalls * (1 - pFalls)) / TRIALS);
    expect(pOn - pFalls).toBeGreaterThan(Z_MAX * se);
  });

  it('is checked: a value other than the two readings, and on an attacker in a multi-player battle', () => {
    expect(
      problems({ ...entry(), defender: { ...entry().defender, fortAfterRetreat: 'crumbles' } }).join('\n'),
    ).toMatch(/fortAfterRetreat must be fights-on or falls/);
    expect(
      problems({
        type: 'multi',
        players: [{ creatures: ['Orc:2'] }, { creatures: ['Orc:2'], fortAfterRetreat: 'falls' }],
      }).join('\n'),
    ).toMatch(/only the defender/);
  });
});
