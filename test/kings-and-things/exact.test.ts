/** Monte Carlo (fast and faithful kernels) against the exact solver, bin by bin, fixed seeds. */
import { describe, expect, it } from 'vitest';
import { duelLayout, ROUND_BINS, type DuelPlan } from '../../src/systems/kings-and-things/plan.js';
import { cannotSolveReason } from '../../src/systems/kings-and-things/exact.js';
import { compileEntry, expectProportion, expectSegmentMatches, kingsAndThings, run } from './helpers.js';

const TRIALS = 200_000;

const battles: Record<string, unknown> = {
  'magic, ranged and melee against a city (the worked example armies)': {
    attacker: { creatures: ['Imp:1*', 'Wizard:3*', '3x Giant:4'] },
    defender: { creatures: ['Shaman:3*', '2x Archer:3R', 'Ogre:2', 'Troll:2'], city: true },
  },
  'a tower and a guard against charging knights (a tower absorbs one hit: it fires at full value or not at all)': {
    attacker: { creatures: ['3x Knight:3C'] },
    defender: { creatures: ['Guard:2'], fort: 'tower' },
  },
  'a keep absorbing first and firing reduced': {
    attacker: { creatures: ['2x Orc:2', 'Troll:3'] },
    defender: { fort: 'keep', creatures: ['Pikeman:3'] },
  },
  'a castle keeps its ranged status while damaged': {
    attacker: { creatures: ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads:1', 'Bandits:2'] },
    defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle' },
  },
  'a citadel against value-6 creatures': {
    attacker: { creatures: ['2x Titan:6', 'Mage:2*'] },
    defender: { fort: 'citadel', village: true, income: ['Gold Mine'] },
  },
  'protect-strongest attacker with an outnumbered retreat': {
    attacker: {
      creatures: ['Dragon:4*C', '2x Nomads:1', 'Bear:2'],
      losses: 'protect-strongest',
      retreat: { whenOutnumbered: 2 },
    },
    defender: { creatures: ['2x Elves:3R', 'Goblin:1'], fort: 'keep', losses: 'weakest-first' },
  },
  'explicit loss order, retreat after 2 rounds and a defender that retreats when down to 1 (no buildings)': {
    attacker: { creatures: ['Giant:4', 'Nomads:1', 'Bear:2'], losses: ['Giant', 'Bear'], retreat: { afterRounds: 2 } },
    defender: { creatures: ['Wolf:2', 'Wolf:2', 'Owl:1F'], retreat: { whenDownTo: 1 } },
  },
};

function checkAgainstExact(plan: DuelPlan, tally: Float64Array, exact: Float64Array) {
  const L = duelLayout(plan);
  expectProportion(tally[L.outcome] + tally[L.outcome + 1], TRIALS, exact[L.outcome] + exact[L.outcome + 1]);
  expectSegmentMatches(tally, exact, L.outcome, 6);
  expectSegmentMatches(tally, exact, L.rounds, ROUND_BINS + 1);
  expectSegmentMatches(tally, exact, L.attackerLeftCapture, 2 * (L.nA + 1));
  expectSegmentMatches(tally, exact, L.attackerValueCapture, 2 * (L.vA + 1));
  expectSegmentMatches(tally, exact, L.defenderLeft, L.nD + 1);
  expectSegmentMatches(tally, exact, L.fortAfterCapture, 10);
  expectSegmentMatches(tally, exact, L.specialsDestroyed, plan.specials + 1);
}

describe('Monte Carlo agrees with the exact solver', () => {
  let i = 0;
  for (const [name, entry] of Object.entries(battles)) {
    const seed = `kt-exact-${i++}`;
    it(name, () => {
      const battle = compileEntry(entry);
      const plan = battle.plan as DuelPlan;
      const exact = kingsAndThings.solve!(plan) as Float64Array;
      expect(exact).not.toBeNull();
      let mass = 0;
      for (let b = 0; b < 6; b++) mass += exact[b];
      expect(mass).toBeCloseTo(1, 12);
      checkAgainstExact(plan, run(plan, battle.tallySize, TRIALS, seed, 'fast'), exact);
      checkAgainstExact(plan, run(plan, battle.tallySize, TRIALS, seed + '-faithful', 'faithful'), exact);
    });
  }
});

describe('what the exact solver does not cover answers null, with a reason', () => {
  const cases: Record<string, unknown> = {
    'a defender retreating from its fort (the fort fights on)': {
      attacker: { creatures: ['2x Orc:2'] },
      defender: { creatures: ['Goblin:1'], fort: 'keep', retreat: { afterRounds: 1 } },
    },
    'a fort-level comparison with such a defender': {
      type: 'fort-levels',
      attacker: { creatures: ['2x Orc:2'] },
      defender: { creatures: ['Goblin:1'], retreat: { afterRounds: 1 } },
    },
    'a multi-player battle': {
      type: 'multi',
      players: [{ creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }],
    },
    'an exploration of the full cup': { type: 'explore', explorer: { creatures: ['Giant:4'] } },
  };
  for (const [name, entry] of Object.entries(cases)) {
    it(name, () => {
      const plan = compileEntry(entry).plan;
      expect(kingsAndThings.solve!(plan)).toBeNull();
      expect(cannotSolveReason(plan)).toMatch(/\w/);
    });
  }
  it('a solvable battle has no reason', () => {
    expect(
      cannotSolveReason(compileEntry({ attacker: { creatures: ['Orc:2'] }, defender: { fort: 'keep' } }).plan),
    ).toBeNull();
  });
});

describe('exact values worked by hand', () => {
  it('3 against 3 in melee: P(capture) = 1/3 (mutual kills go to the defender)', () => {
    const plan = compileEntry({ attacker: { creatures: ['A:3'] }, defender: { creatures: ['D:3'] } }).plan as DuelPlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    const L = duelLayout(plan);
    expect(exact[L.outcome]).toBeCloseTo(1 / 3, 12);
    expect(exact[L.outcome + 4]).toBeCloseTo(1 / 3, 12);
  });
  it('a magic 1 strikes before a melee 6 that always hits: P(capture) = 1/6', () => {
    const plan = compileEntry({ attacker: { creatures: ['Sprite:1*'] }, defender: { creatures: ['Champion:6'] } })
      .plan as DuelPlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    expect(exact[duelLayout(plan).outcome]).toBeCloseTo(1 / 6, 12);
  });
  it('a castle alone (3R, absorbs 3) against one melee 6: the castle fires first every round', () => {
    // Round: castle fires at v/6 before the 6 hits; the 6 needs 3 rounds to neutralize it.
    const plan = compileEntry({ attacker: { creatures: ['Hero:6'] }, defender: { fort: 'castle' } }).plan as DuelPlan;
    const exact = kingsAndThings.solve!(plan) as Float64Array;
    const pSurvive = (1 - 3 / 6) * (1 - 2 / 6) * (1 - 1 / 6);
    expect(exact[duelLayout(plan).outcome]).toBeCloseTo(pSurvive, 12);
  });
});
