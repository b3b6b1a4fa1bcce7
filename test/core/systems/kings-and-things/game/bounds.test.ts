/**
 * (c) Optimal play against fixed policies: the attacker optimizing alone does at least as
 * well as every fixed attacker policy against the same fixed defender; the defender
 * optimizing alone holds at least as well as every fixed defender policy; the game value
 * (both optimal) lies between the one-sided optima. Also: attacker-first loss assignment
 * is a lower bound of defender-first, and (an observation the README relies on) retreat
 * never changes P(capture) under optimal play, so the value equals the fight-to-the-end value.
 */
import { describe, expect, it } from 'vitest';
import { NEVER } from '../../../../../src/core/systems/kings-and-things/rules/retreat.js';
import {
  optimalLosses,
  optimalPlayReport,
  solveGame,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { battleOf } from './fixtures.js';

const EPS = 1e-12;

const battles = {
  'six creatures vs castle and two defenders': battleOf(
    'Giant:4, Elves:2R, Dragon:3*C, Knight:3C, Nomads:1, Bandits:2',
    'Ogre:2, Archers:2R, Castle',
  ),
  'four creatures vs three and a keep': battleOf(
    'Giant:4, Elves:2R, Dragon:3*C, Nomads:1',
    'Ogre:2, Wolf:3, Imp:2*, Keep',
  ),
  'charging knights vs a tower, a city and two guards': battleOf(
    'Knight:3C, Knight:3C, Orc:2',
    'Guard:2, Bowman:2R, Tower, City',
  ),
  'the worked example armies': battleOf(
    'Imp:1*, Wizard:3*, Giant:4, Giant:4, Giant:4',
    'Shaman:3*, Archer:3R, Archer:3R, Ogre:2, Troll:2, City',
  ),
};

describe('one-sided optima bound the fixed policies and the game value', () => {
  for (const [name, battle] of Object.entries(battles)) {
    it(name, () => {
      const report = optimalPlayReport(battle, { bounds: true });
      if (!report.ok) throw new Error(report.reason);
      const value = (a: string, d: string) => report.rows.find((r) => r.attacker === a && r.defender === d)!.pCapture;
      const attackers = [...new Set(report.rows.map((r) => r.attacker))];
      const defenders = [...new Set(report.rows.map((r) => r.defender))];
      const fixedA = attackers.filter((a) => a !== 'optimal');
      const fixedD = defenders.filter((d) => d !== 'optimal');
      // With creatures only, the three named orders coincide: one attacker row.
      expect(report.sameOrder.attacker).toEqual([['weakest-first', 'buildings-first', 'protect-strongest']]);
      expect(fixedA).toEqual(['weakest-first']);
      expect(fixedD).toEqual(report.sameOrder.defender.map((group) => group[0]));
      expect(fixedD.length).toBeGreaterThanOrEqual(2);
      expect(value('optimal', 'optimal')).toBe(report.optimal);
      for (const d of fixedD)
        for (const a of fixedA) expect(value('optimal', d)).toBeGreaterThanOrEqual(value(a, d) - EPS);
      for (const a of fixedA)
        for (const d of fixedD) expect(value(a, 'optimal')).toBeLessThanOrEqual(value(a, d) + EPS);
      for (const a of fixedA) expect(report.optimal).toBeGreaterThanOrEqual(value(a, 'optimal') - EPS);
      for (const d of fixedD) expect(report.optimal).toBeLessThanOrEqual(value('optimal', d) + EPS);
      expect(report.bounds!.attackerFirst).toBe(report.optimal);
      expect(report.bounds!.attackerFirst).toBeLessThanOrEqual(report.bounds!.defenderFirst + EPS);
    });
  }
});

describe('under P(capture) retreating never helps the side that retreats', () => {
  for (const [name, battle] of Object.entries(battles)) {
    it(name, () => {
      const withRetreats = solveGame(battle);
      const fightToTheEnd = solveGame(battle, { attacker: optimalLosses(NEVER), defender: optimalLosses(NEVER) });
      if (!withRetreats.ok || !fightToTheEnd.ok) throw new Error('not solved');
      expect(withRetreats.solution.pCapture).toBeCloseTo(fightToTheEnd.solution.pCapture, 12);
    });
  }
});
