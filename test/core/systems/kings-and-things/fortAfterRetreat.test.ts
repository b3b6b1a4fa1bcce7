/**
 * The `fortAfterRetreat` switch: when the defender's creatures retreat while its fort
 * still stands, the fort fights on (default) or the hex falls at once.
 */
import { describe, expect, it } from 'vitest';
import { CAPTURE_RETREATED } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import {
  duelOf,
  eventOf,
  exactOf,
  expectSameDistribution,
  expectSegmentMatches,
  multiOf,
  problems,
  run,
  unsolvedReason,
  Z_MAX,
} from './helpers.js';

/**
 * Each comparison's limit comes from the standard error at this count (chi-square p-values, Z_MAX standard
 * errors); the differences between the readings are 18 (multi-player) and 73 (duel) standard errors here.
 */
const TRIALS = 50_000;

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

describe('fortAfterRetreat', () => {
  it("defaults to 'fights-on'; 'falls' is solved exactly and both kernels match the solver", () => {
    const fightsOn = duelOf(entry());
    expect(fightsOn.plan.buildingsFightOn).toBe(true);
    expect(unsolvedReason(fightsOn)).toMatch(/fortAfterRetreat to 'falls'/);
    const battle = duelOf(entry('falls'));
    const plan = battle.plan;
    expect(plan.buildingsFightOn).toBe(false);
    const exact = exactOf(battle);
    const L = plan.at;
    expect(exact[L.outcome + CAPTURE_RETREATED]).toBeGreaterThan(0.05);
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `fort-falls-${kernel}`, kernel);
      expectSegmentMatches(tally, exact, L.outcome, 6);
      expectSegmentMatches(tally, exact, L.rounds, 31);
      expectSegmentMatches(tally, exact, L.attackerLeftCapture, 2 * (plan.attacker.creatureCount + 1));
      expectSegmentMatches(tally, exact, L.defenderLeft, plan.defender.creatureCount + 1);
    }
  });

  it('the two readings give different P(capture)', () => {
    const falls = duelOf(entry('falls'));
    const pFalls = eventOf(falls, exactOf(falls), 'pCapture');
    const on = duelOf(entry('fights-on'));
    const pOn = eventOf(on, run(on, TRIALS, 'fort-fights-on'), 'pCapture') / TRIALS;
    // Against an exact value, the estimate's standard error is all the noise there is.
    const se = Math.sqrt((pFalls * (1 - pFalls)) / TRIALS);
    expect(pFalls - pOn).toBeGreaterThan(Z_MAX * se);
  });

  it('when the fort fights on (not solvable exactly), fast and faithful kernels agree', () => {
    const battle = duelOf(entry('fights-on'));
    const L = battle.plan.at;
    const fast = run(battle, TRIALS, 'fort-on-fast');
    const slow = run(battle, TRIALS, 'fort-on-slow', 'faithful');
    expectSameDistribution(fast, slow, L.outcome, 6);
    expectSameDistribution(fast, slow, L.rounds, 31);
  });

  it('multi-player: the owner leaves with his creatures under falls (fast = faithful); it changes who holds', () => {
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
      const battle = multiOf(players(mode));
      const L = battle.plan.at;
      const fast = run(battle, TRIALS, `multi-fort-${mode}`);
      const slow = run(battle, TRIALS, `multi-fort-${mode}-slow`, 'faithful');
      expectSameDistribution(fast, slow, L.holder, 3);
      expectSameDistribution(fast, slow, L.rounds, 31);
      return eventOf(battle, fast, 'holds_0') / TRIALS;
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
