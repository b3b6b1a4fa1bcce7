/**
 * Fights over an unexplored hex between armies (11.9-11.92): the armies fight it out under the
 * multi-player rules with nobody owning the hex; the one army left then explores it "as usual";
 * if no army is left, nobody explores. Expected values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { eventOf, expectProportion, multiOf, problems, run } from './helpers.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { kingsAndThings } from '../../../../src/core/systems/kings-and-things/index.js';
import { percentShort } from '../../../../src/core/words/format.js';
import { recommendation } from '../../../../src/core/words/verdict.js';

const TRIALS = 200_000;

/**
 * Blue (3) is the player to the right of Red (3), who starts the fight, so Blue sits first
 * (11.92). Each round both roll in melee: Red alone hits 1/4, Blue alone 1/4, both 1/4 (no army
 * left), neither 1/4 (again): each outcome 1/3. The last army then explores a cup holding one
 * melee 3: no defenders on 1 or 6 (1/3), else 3 against 3, won 1/3: 1/3 + 2/3 x 1/3 = 5/9.
 *   P(Red holds) = P(Blue holds) = 1/3 x 5/9 = 5/27;  P(exploration fails) = 1/3 x 4/9 = 4/27 each,
 *   8/27 in all;  P(no army left) = 1/3 = 9/27.
 */
const fight = (extra: Record<string, unknown> = {}) => ({
  type: 'multi',
  unexplored: true,
  cup: ['Bear:3'],
  players: [
    { name: 'Blue', creatures: ['Elf:3'], ...extra },
    { name: 'Red', creatures: ['Dwarf:3'] },
  ],
});

describe('a fight over an unexplored hex (11.9-11.92)', () => {
  it('nobody keeps it: the last army explores it, and the values match the hand calculation', () => {
    const battle = multiOf(fight());
    expect(battle.headline).toBe('holds_1');
    for (const kernel of ['fast', 'faithful'] as const) {
      const tally = run(battle, TRIALS, `unexplored-${kernel}`, kernel);
      expectProportion(eventOf(battle, tally, 'holds_1'), TRIALS, 5 / 27);
      expectProportion(eventOf(battle, tally, 'holds_0'), TRIALS, 5 / 27);
      expectProportion(eventOf(battle, tally, 'pExplorationFails'), TRIALS, 8 / 27);
      expectProportion(eventOf(battle, tally, 'pNobodyLeft'), TRIALS, 9 / 27);
      expectProportion(eventOf(battle, tally, 'lastArmy_1'), TRIALS, 1 / 3);
    }
  });

  it('in an owned hex the same armies give the owner the mutual eliminations: keeps it 2/3', () => {
    const owned = multiOf({ ...fight(), unexplored: false, cup: undefined });
    const tally = run(owned, TRIALS, 'owned');
    expectProportion(eventOf(owned, tally, 'holds_0'), TRIALS, 2 / 3);
    expect(owned.layout.parts.some((p) => p.name === 'pNobodyLeft')).toBe(false);
  });

  it('the 11.92 defender is an army like the others and may retreat: then Red is left 1/2, holds 5/18', () => {
    // Round 1 ends with both alive 1/4 of the time; Red (the attacker) stays, Blue retreats.
    const battle = multiOf(fight({ retreat: { afterRounds: 1 } }));
    const tally = run(battle, TRIALS, 'unexplored-retreat');
    expectProportion(eventOf(battle, tally, 'lastArmy_1'), TRIALS, 1 / 2);
    expectProportion(eventOf(battle, tally, 'holds_1'), TRIALS, 5 / 18);
  });

  it('the verdict and the players table say who ends up with the hex', () => {
    const battle = multiOf(fight());
    const report = describeBattle(kingsAndThings, battle, run(battle, 20_000, 'words'), 20_000, null);
    const p = (key: string) => percentShort(report.metrics.find((m) => m.key === key)!.estimate);
    const [low, high] = report.metrics.find((m) => m.key === 'holds_1')!.ci95!.map((x) => percentShort(x));
    expect(report.verdict[0]).toBe(
      `${recommendation(report.metrics[0].estimate)}: Red (attacker) ends up holding the hex ${p('holds_1')} of the ` +
        `time (95% interval ${low} to ${high}): it is the last army left ${p('lastArmy_1')} of the time and must ` +
        `then explore it; Blue (defender) holds it ${p('holds_0')}.`,
    );
    expect(report.verdict[1]).toBe(
      `Nobody holds it when the last army fails to explore it (${p('pExplorationFails')}) or no army is left ` +
        `(${p('pNobodyLeft')}).`,
    );
    expect(report.tables[0].columns).toContain('P(last army left)');
  });

  it('is checked: no buildings in an unexplored hex, and a cup only there', () => {
    expect(
      problems({ ...fight(), players: [{ creatures: ['Orc:2'], fort: 'tower' }, { creatures: ['Orc:2'] }] }).join('\n'),
    ).toMatch(/players\.0\.fort: an unexplored hex has no fort/);
    expect(problems({ ...fight(), unexplored: false }).join('\n')).toMatch(
      /cup: a cup applies only to a fight over an unexplored hex/,
    );
  });
});
