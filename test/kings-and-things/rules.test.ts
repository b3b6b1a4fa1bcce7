/** Tables, loss policies, retreats and the post-battle roll. */
import { describe, expect, it } from 'vitest';
import { compileSide } from '../../src/systems/kings-and-things/tables.js';
import {
  fortCounter,
  cityCounter,
  creatureCounter,
  RANGED,
  MAGIC,
} from '../../src/systems/kings-and-things/counters.js';
import { namedOrder } from '../../src/systems/kings-and-things/lossOrder.js';
import {
  CAPTURE_RETREATED,
  HOLD_RETREATED,
  duelLayout,
  fortLevelsOffsets,
  type DuelPlan,
  type FortLevelsPlan,
} from '../../src/systems/kings-and-things/plan.js';
import {
  compileEntry,
  expectProportion,
  expectSameDistribution,
  expectSegmentMatches,
  kingsAndThings,
  run,
} from './helpers.js';

const c = (name: string, value: number, flags = '') =>
  creatureCounter(name, {
    value,
    magic: flags.includes('*'),
    ranged: flags.includes('R'),
    charge: flags.includes('C'),
    flying: false,
  });

describe('per-step tables', () => {
  it('a damaged castle still fires in the ranged step, at its reduced value', () => {
    const t = compileSide([fortCounter(3)]);
    expect(fortCounter(3).step).toBe(RANGED);
    expect(fortCounter(4).step).toBe(MAGIC);
    for (const [h, value] of [
      [0, 3],
      [1, 2],
      [2, 1],
    ]) {
      const row = h * 3 + RANGED;
      expect(t.probs[row * t.stride + 1]).toBeCloseTo(value / 6, 15);
      expect(t.maxHits[h * 3 + 2]).toBe(0);
    }
    expect(t.fighting[3]).toBe(0);
  });
  it('a charging creature rolls two dice; value 6 always hits', () => {
    const t = compileSide([c('Knight', 3, 'C'), c('Titan', 6)]);
    const melee = 2;
    // Knight: Binomial(2, 1/2); Titan: 1 hit for sure -> hits 1, 2, 3 with 1/4, 1/2, 1/4.
    expect(Array.from(t.probs.subarray(melee * t.stride, melee * t.stride + 4))).toEqual([0, 0.25, 0.5, 0.25]);
  });
});

describe('loss policies', () => {
  const counters = [c('Dragon', 4, '*'), c('Nomads', 1), c('Bear', 2), fortCounter(2), cityCounter()];
  it('weakest-first: creatures by worth, buildings last', () => {
    expect(namedOrder(counters, 'weakest-first').map((x) => x.name)).toEqual([
      'Nomads',
      'Bear',
      'Dragon',
      'City',
      'Keep',
    ]);
  });
  it('buildings-first: buildings soak up hits before any creature', () => {
    expect(namedOrder(counters, 'buildings-first').map((x) => x.name)).toEqual([
      'City',
      'Keep',
      'Nomads',
      'Bear',
      'Dragon',
    ]);
  });
  it('protect-strongest: everything by worth, the strongest hit last', () => {
    expect(namedOrder(counters, 'protect-strongest').map((x) => x.name)).toEqual([
      'Nomads',
      'City',
      'Keep',
      'Bear',
      'Dragon',
    ]);
  });
  it('an explicit order puts the named counters first, the rest in the default order', () => {
    const plan = compileEntry({
      attacker: { creatures: ['Giant:4', 'Nomads:1', 'Bear:2'], losses: ['Giant'] },
      defender: { creatures: ['Wolf:2'], fort: 'tower', losses: ['Wolf', 'fort'] },
    }).plan as DuelPlan;
    expect(plan.attacker.names).toEqual(['Giant', 'Nomads', 'Bear']);
    expect(plan.defender.names).toEqual(['Wolf', 'Tower']);
  });
  it('the policy changes the odds (buildings-first keeps creatures firing)', () => {
    const solve = (losses: string) =>
      (
        kingsAndThings.solve!(
          compileEntry({
            attacker: { creatures: ['4x Orc:3'] },
            defender: { creatures: ['2x Elves:3R'], city: true, losses },
          }).plan,
        ) as Float64Array
      )[0];
    expect(solve('buildings-first')).toBeLessThan(solve('weakest-first'));
  });
});

describe('retreats', () => {
  it('after N rounds: the attacker never fights a round N + 1', () => {
    const battle = compileEntry({
      attacker: { creatures: ['Orc:2'], retreat: { afterRounds: 2 } },
      defender: { creatures: ['Orc:2'] },
    });
    const plan = battle.plan as DuelPlan;
    const tally = run(plan, battle.tallySize, 20_000, 'retreat-rounds');
    const L = duelLayout(plan);
    for (let r = 3; r <= 30; r++) expect(tally[L.rounds + r]).toBe(0);
    expect(tally[L.outcome + HOLD_RETREATED]).toBeGreaterThan(0);
  });
  it('a defender whose creatures retreat leaves the fort to fight on alone (fast = faithful)', () => {
    const battle = compileEntry({
      attacker: { creatures: ['3x Orc:2', 'Troll:3'] },
      defender: { creatures: ['2x Goblin:1'], fort: 'keep', losses: 'weakest-first', retreat: { whenDownTo: 1 } },
    });
    const plan = battle.plan as DuelPlan;
    expect(kingsAndThings.solve!(plan)).toBeNull();
    const fast = run(plan, battle.tallySize, 200_000, 'def-retreat');
    const slow = run(plan, battle.tallySize, 200_000, 'def-retreat-slow', 'faithful');
    const L = duelLayout(plan);
    expect(fast[L.outcome + CAPTURE_RETREATED]).toBeGreaterThan(0);
    expectSameDistribution(fast, slow, L.outcome, 6);
    expectSameDistribution(fast, slow, L.rounds, 31);
    expectSameDistribution(fast, slow, L.attackerLeftCapture, 2 * (L.nA + 1));
    expectSameDistribution(fast, slow, L.defenderLeft, L.nD + 1);
  });
  it('defenders of an unexplored hex never retreat', () => {
    const issues = kingsAndThings.check!(
      kingsAndThings.battleSchema.parse({
        unexplored: true,
        attacker: { creatures: ['Orc:2'] },
        defender: { creatures: ['Orc:2'], retreat: { afterRounds: 1 } },
      }),
    );
    expect(issues[0].message).toMatch(/unexplored hex never retreat/);
  });
});

describe('the post-battle roll', () => {
  it('a castle drops to a keep on 1 or 6, a citadel never changes, cities and income counters go on 1 or 6', () => {
    const castle = compileEntry({
      attacker: { creatures: ['Orc:1'] },
      defender: { fort: 'castle', city: true, income: ['Gold Mine'] },
    });
    const plan = castle.plan as DuelPlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    const L = duelLayout(plan);
    const pHold = 1 - exact[L.outcome] - exact[L.outcome + 1];
    expect(exact[L.fortAfterHold + 3]).toBeCloseTo(pHold * (2 / 3), 12);
    expect(exact[L.fortAfterHold + 2]).toBeCloseTo(pHold / 3, 12);
    expect(Array.from(exact.subarray(L.specialsDestroyed, L.specialsDestroyed + 3)).map((x) => x * 9)).toEqual(
      [4, 4, 1].map((x) => expect.closeTo(x, 12)),
    );
    const tally = run(plan, castle.tallySize, 100_000, 'post-battle');
    expectSegmentMatches(tally, exact, L.fortAfterCapture, 10);
    expectSegmentMatches(tally, exact, L.specialsDestroyed, 3);
    const citadel = compileEntry({ attacker: { creatures: ['Orc:1'] }, defender: { fort: 'citadel' } });
    const t2 = run(citadel.plan, citadel.tallySize, 10_000, 'citadel');
    const L2 = duelLayout(citadel.plan as DuelPlan);
    expect(t2[L2.fortAfterHold + 4] + t2[L2.fortAfterCapture + 4]).toBe(10_000);
  });
});

describe('fort levels with common random numbers', () => {
  it('matches the exact solver at every level, and stronger forts are harder to take', () => {
    const battle = compileEntry({
      type: 'fort-levels',
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Nomads:1'] },
      defender: { creatures: ['Ogre:2'] },
    });
    const plan = battle.plan as FortLevelsPlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    const tally = run(plan, battle.tallySize, 100_000, 'fort-levels');
    const { offsets } = fortLevelsOffsets(plan);
    const p: number[] = [];
    plan.duels.forEach((duel, i) => {
      const L = duelLayout(duel);
      expectProportion(tally[offsets[i]] + tally[offsets[i] + 1], 100_000, exact[offsets[i]] + exact[offsets[i] + 1]);
      expectSegmentMatches(tally, exact, offsets[i] + L.outcome, 6);
      p.push(exact[offsets[i]] + exact[offsets[i] + 1]);
    });
    for (let i = 1; i < p.length; i++) expect(p[i]).toBeLessThan(p[i - 1]);
    const report = kingsAndThings.summarize({ battle, tally, trials: 100_000, partial: false, exact });
    expect(report.charts?.[0].name).toBe('capture-by-fort-level');
    expect(report.metrics.filter((m) => m.key.startsWith('pCapture_')).length).toBe(5);
  });
});
