/** Monte Carlo (fast and faithful kernels) against the exact solver, bin by bin, fixed seeds. */
import { describe, expect, it } from 'vitest';
import { ROUND_BINS } from '../../../../src/core/systems/kings-and-things/rules/layout.js';
import type { DuelPlan } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import type { Battle } from '../../../../src/core/engine/validate/entry.js';
import { budgetReason, solveDuelInto } from '../../../../src/core/systems/kings-and-things/duel/exact.js';
import {
  compileEntry,
  duelOf,
  eventOf,
  exactOf,
  expectProportion,
  expectSegmentMatches,
  run,
  unsolvedReason,
} from './helpers.js';
import { work } from '../../../helpers/work.js';

/** Per kernel and battle; every limit is a p-value or standard errors at this count. */
const TRIALS = 100_000;

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
    defender: { fort: 'citadel', income: ['Gold Mine'] },
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

function checkAgainstExact(battle: Battle<DuelPlan>, tally: Float64Array, exact: Float64Array) {
  const plan = battle.plan;
  const L = plan.at;
  const nA = plan.attacker.creatureCount;
  const vA = plan.attacker.totalCreatureValue;
  expectProportion(eventOf(battle, tally, 'pCapture'), TRIALS, eventOf(battle, exact, 'pCapture'));
  expectSegmentMatches(tally, exact, L.outcome, 6);
  expectSegmentMatches(tally, exact, L.rounds, ROUND_BINS + 1);
  expectSegmentMatches(tally, exact, L.attackerLeftCapture, 2 * (nA + 1));
  expectSegmentMatches(tally, exact, L.attackerValueCapture, 2 * (vA + 1));
  expectSegmentMatches(tally, exact, L.defenderLeft, plan.defender.creatureCount + 1);
  expectSegmentMatches(tally, exact, L.fortAfterCapture, 10);
  expectSegmentMatches(tally, exact, L.specialsDestroyed, plan.specials + 1);
}

describe('Monte Carlo agrees with the exact solver', () => {
  let i = 0;
  for (const [name, entry] of Object.entries(battles)) {
    const seed = `kt-exact-${i++}`;
    it(name, () => {
      const battle = duelOf(entry);
      const exact = exactOf(battle);
      let mass = 0;
      for (let b = 0; b < 6; b++) mass += exact[battle.plan.at.outcome + b];
      expect(mass).toBeCloseTo(1, 12);
      checkAgainstExact(battle, run(battle, TRIALS, seed, 'fast'), exact);
      checkAgainstExact(battle, run(battle, TRIALS, seed + '-faithful', 'faithful'), exact);
    });
  }
});

describe('what the exact solver does not cover is unsolved, with a reason a player understands', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'a defender retreating from its fort (the fort fights on)',
      {
        attacker: { creatures: ['2x Orc:2'] },
        defender: { creatures: ['Goblin:1'], fort: 'keep', retreat: { afterRounds: 1 } },
      },
      /retreat while its fort, city or village fights on alone.*fortAfterRetreat to 'falls'/,
    ],
    [
      'a multi-player battle',
      { type: 'multi', players: [{ creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }] },
      /several players are only sampled/,
    ],
    [
      'two players as type multi (type battle asks the same fight)',
      { type: 'multi', players: [{ creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }] },
      /^entries of type 'multi' are only sampled: asked as type 'battle' \(the owner defending\), the same fight/,
    ],
    [
      'two armies over an unexplored hex (type battle cannot ask it)',
      { type: 'multi', unexplored: true, players: [{ creatures: ['Orc:2'] }, { creatures: ['Orc:2'] }] },
      /^armies meeting in an unexplored hex are only sampled: the exact solver does not follow their fight together/,
    ],
    [
      'an exploration of the full cup',
      { type: 'explore', explorer: { creatures: ['Giant:4'] } },
      /the cup holds \d+ kinds of counters.*more than 3000 different ways/,
    ],
  ];
  for (const [name, entry, reason] of cases) {
    it(name, () => {
      const { value: refusal, ms } = work(() => unsolvedReason(compileEntry(entry)));
      expect(refusal).toMatch(reason);
      // Refused up front, not after running: in under 2 s of work (CPU time, test/helpers/work.ts).
      expect(ms).toBeLessThan(2000);
    });
  }
  it('a battle that runs out of the work budget is refused with its state count, not run on', () => {
    const battle = duelOf({ attacker: { creatures: ['30x Goblin:1'] }, defender: { creatures: ['30x Goblin:1'] } });
    const out = new Float64Array(battle.plan.at.size);
    const result = solveDuelInto(battle.plan, battle.plan.at, out, { work: 100_000 });
    expect(result.solved).toBe(false);
    if (result.solved) return;
    expect(budgetReason(battle.plan, result.rounds, result.live)).toMatch(
      new RegExp(
        '^the battle has 961 states \\(hits each side can take\\) and was still undecided after \\d+ rounds ' +
          "\\((over )?[\\d.]+% of the probability\\) when the exact solver's work budget " +
          '\\(about a second of solving\\) ran out$',
      ),
    );
  });
  it('a solvable battle has no reason', () => {
    expect(unsolvedReason(compileEntry({ attacker: { creatures: ['Orc:2'] }, defender: { fort: 'keep' } }))).toBeNull();
  });
});

describe('exact values worked by hand', () => {
  it('3 against 3 in melee: P(capture) = 1/3 (mutual kills go to the defender)', () => {
    const battle = duelOf({ attacker: { creatures: ['A:3'] }, defender: { creatures: ['D:3'] } });
    const exact = exactOf(battle);
    expect(eventOf(battle, exact, 'pCaptureEliminated')).toBeCloseTo(1 / 3, 12);
    expect(eventOf(battle, exact, 'pHoldMutual')).toBeCloseTo(1 / 3, 12);
  });
  it('a magic 1 strikes before a melee 6 that always hits: P(capture) = 1/6', () => {
    const battle = duelOf({ attacker: { creatures: ['Sprite:1*'] }, defender: { creatures: ['Champion:6'] } });
    expect(eventOf(battle, exactOf(battle), 'pCapture')).toBeCloseTo(1 / 6, 12);
  });
  it('a castle alone (3R, absorbs 3) against one melee 6: the castle fires first every round', () => {
    // Round: castle fires at v/6 before the 6 hits; the 6 needs 3 rounds to neutralize it.
    const battle = duelOf({ attacker: { creatures: ['Hero:6'] }, defender: { fort: 'castle' } });
    const pSurvive = (1 - 3 / 6) * (1 - 2 / 6) * (1 - 1 / 6);
    expect(eventOf(battle, exactOf(battle), 'pCapture')).toBeCloseTo(pSurvive, 12);
  });
});
