/** Tables, loss policies, retreats and the post-battle roll. */
import { describe, expect, it } from 'vitest';
import { compileSide } from '../../../../src/core/systems/kings-and-things/rules/tables.js';
import {
  fortCounter,
  cityCounter,
  creatureCounter,
  RANGED,
  MAGIC,
} from '../../../../src/core/systems/kings-and-things/rules/counters.js';
import { namedOrder } from '../../../../src/core/systems/kings-and-things/rules/lossOrder.js';
import { CAPTURE_RETREATED, HOLD_RETREATED } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import { parseScenario } from '../../../../src/core/engine/validate/scenario.js';
import { runSweep } from '../../../../src/core/engine/sweep/sweep.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { SYSTEMS, findSystem } from '../../../../src/core/registry/systems.js';
import {
  duelOf,
  eventOf,
  exactOf,
  expectSameDistribution,
  expectSegmentMatches,
  kingsAndThings,
  problems,
  run,
  unsolvedReason,
  Z_MAX,
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
    const plan = duelOf({
      attacker: { creatures: ['Giant:4', 'Nomads:1', 'Bear:2'], losses: ['Giant'] },
      defender: { creatures: ['Wolf:2'], fort: 'tower', losses: ['Wolf', 'fort'] },
    }).plan;
    expect(plan.attacker.names).toEqual(['Giant', 'Nomads', 'Bear']);
    expect(plan.defender.names).toEqual(['Wolf', 'Tower']);
  });
  it('the policy changes the odds (buildings-first keeps creatures firing)', () => {
    const solve = (losses: string) => {
      const battle = duelOf({
        attacker: { creatures: ['4x Orc:3'] },
        defender: { creatures: ['2x Elves:3R'], city: true, losses },
      });
      return eventOf(battle, exactOf(battle), 'pCapture');
    };
    expect(solve('buildings-first')).toBeLessThan(solve('weakest-first'));
  });
});

describe('retreats', () => {
  it('after N rounds: the attacker never fights a round N + 1', () => {
    const battle = duelOf({
      attacker: { creatures: ['Orc:2'], retreat: { afterRounds: 2 } },
      defender: { creatures: ['Orc:2'] },
    });
    const L = battle.plan.at;
    const tally = run(battle, 20_000, 'retreat-rounds');
    for (let r = 3; r <= 30; r++) expect(tally[L.rounds + r]).toBe(0);
    expect(tally[L.outcome + HOLD_RETREATED]).toBeGreaterThan(0);
  });
  it('a defender whose creatures retreat leaves the fort to fight on alone (fast = faithful)', () => {
    const battle = duelOf({
      attacker: { creatures: ['3x Orc:2', 'Troll:3'] },
      defender: { creatures: ['2x Goblin:1'], fort: 'keep', losses: 'weakest-first', retreat: { whenDownTo: 1 } },
    });
    const plan = battle.plan;
    expect(unsolvedReason(battle)).toMatch(/fights on alone/);
    const fast = run(battle, 200_000, 'def-retreat');
    const slow = run(battle, 200_000, 'def-retreat-slow', 'faithful');
    const L = plan.at;
    expect(fast[L.outcome + CAPTURE_RETREATED]).toBeGreaterThan(0);
    expectSameDistribution(fast, slow, L.outcome, 6);
    expectSameDistribution(fast, slow, L.rounds, 31);
    expectSameDistribution(fast, slow, L.attackerLeftCapture, 2 * (plan.attacker.creatureCount + 1));
    expectSameDistribution(fast, slow, L.defenderLeft, plan.defender.creatureCount + 1);
  });
  it('defenders of an unexplored hex never retreat', () => {
    expect(
      problems({
        unexplored: true,
        attacker: { creatures: ['Orc:2'] },
        defender: { creatures: ['Orc:2'], retreat: { afterRounds: 1 } },
      }).join('\n'),
    ).toMatch(/defender\.retreat: defenders of an unexplored hex never retreat/);
  });
  it('outcome causes that the settings rule out are not declared (the partition lists the rest)', () => {
    const causes = (entry: unknown) => {
      const part = duelOf(entry).layout.parts.find((p) => p.kind === 'partition' && p.name === 'outcome');
      return part && part.kind === 'partition' ? part.events : [];
    };
    // Nobody retreats, both sides fire in melee: no retreat causes.
    expect(causes({ attacker: { creatures: ['Orc:2'] }, defender: { creatures: ['Orc:2'] } })).toEqual([
      'pCaptureEliminated',
      'pHoldAttackerEliminated',
      'pHoldMutual',
      'pHoldRoundLimit',
    ]);
    // Both may retreat; a magic attacker against a melee defender never falls in the same step;
    // an attacker retreating after 3 rounds always ends the battle by then.
    expect(
      causes({
        attacker: { creatures: ['Mage:3*'], retreat: { afterRounds: 3 } },
        defender: { creatures: ['Orc:2'], retreat: { whenDownTo: 0 } },
      }),
    ).toEqual(['pCaptureEliminated', 'pCaptureRetreated', 'pHoldAttackerEliminated', 'pHoldAttackerRetreated']);
    // An empty hex: the only outcome is a capture.
    expect(causes({ attacker: { creatures: ['Orc:2'] }, defender: { income: ['Gold Mine'] } })).toEqual([
      'pCaptureEliminated',
    ]);
  });
});

describe('the post-battle roll', () => {
  it('a castle drops to a keep on 1 or 6, a citadel never changes, a city goes on 1 or 6', () => {
    const castle = duelOf({
      attacker: { creatures: ['Orc:1'] },
      defender: { fort: 'castle', city: true },
    });
    const exact = exactOf(castle);
    const L = castle.plan.at;
    const pHold = eventOf(castle, exact, 'pHold');
    expect(exact[L.fortAfterHold + 3]).toBeCloseTo(pHold * (2 / 3), 12);
    expect(exact[L.fortAfterHold + 2]).toBeCloseTo(pHold / 3, 12);
    expect(Array.from(exact.subarray(L.specialsDestroyed, L.specialsDestroyed + 2)).map((x) => x * 3)).toEqual(
      [2, 1].map((x) => expect.closeTo(x, 12)),
    );
    const tally = run(castle, 100_000, 'post-battle');
    expectSegmentMatches(tally, exact, L.fortAfterCapture, 10);
    expectSegmentMatches(tally, exact, L.specialsDestroyed, 2);
    const citadel = duelOf({ attacker: { creatures: ['Orc:1'] }, defender: { fort: 'citadel' } });
    const t2 = run(citadel, 10_000, 'citadel');
    const L2 = citadel.plan.at;
    expect(t2[L2.fortAfterHold + 4] + t2[L2.fortAfterCapture + 4]).toBe(10_000);
  });
});

describe('fort levels: an engine sweep whose variants set defender.fort (common random numbers)', () => {
  const levels = ['none', 'tower', 'keep', 'castle', 'citadel'];
  const scenario = (exact: boolean) =>
    parseScenario(
      {
        name: 'fort-levels',
        system: 'kings-and-things',
        seed: 'fort-levels',
        trials: 40_000,
        exact,
        sweep: {
          base: {
            attacker: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'] },
            defender: { creatures: ['Ogre:2', 'Archers:2R'] },
          },
          variants: levels.map((fort) => ({ label: fort, set: { 'defender.fort': fort } })),
        },
      },
      'test',
      SYSTEMS,
    );
  it('every level keeps the tally size (so the variants pair), and stronger forts are harder to take', async () => {
    const sweep = scenario(true).sweep!;
    const sizes = new Set(sweep.cells[0].battles.map((b) => b.layout.size));
    expect(sizes.size).toBe(1);
    const report = await runSweep(
      kingsAndThings,
      sweep,
      { seed: 'fort-levels', trials: 40_000, kernel: 'fast', method: 'sample', check: true },
      new InProcessExecutor(findSystem),
    );
    expect(report.headline.key).toBe('pCapture');
    const [cell] = report.cells;
    const exact = cell.variants.map((v) => v.metrics[0].exact as number);
    for (let i = 1; i < exact.length; i++) expect(exact[i]).toBeLessThan(exact[i - 1]);
    for (const [k, d] of cell.differences.entries()) {
      // The paired estimate within 4.5 standard errors of the exact difference.
      expect(d.exact).toBeCloseTo(exact[k + 1] - exact[0], 12);
      const se = (d.ci95![1] - d.ci95![0]) / 2 / 1.96;
      expect(Math.abs(d.difference - d.exact!)).toBeLessThan(Z_MAX * se);
      const paired = d.ci95![1] - d.ci95![0];
      const unpaired = d.unpairedCi95![1] - d.unpairedCi95![0];
      // The same random numbers help most where the battles stay alike (a tower against no fort);
      // the draws a round makes depend on who still fires, so far-apart levels drift apart.
      if (k === 0) expect(paired).toBeLessThan(0.9 * unpaired);
    }
  });
});
