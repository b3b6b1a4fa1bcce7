/**
 * Exact means exact in words: where a system solves the battle, certainty and impossibility are
 * decided exactly, never by a rounded float. Checked against independent oracles: LandGrab battles
 * in rational arithmetic (rationalLandgrab.ts) over leader and fortress bonuses up to their limits
 * (6) and both tie rules; Advanced Civilization's uncertain counts against the same conflict asked
 * at every count it may have (each one deterministic). Every report's claims are checked too.
 */
import { describe, expect, it } from 'vitest';
import { odds, type EntryOf } from '../../src/index.js';
import { checkClaims } from './checkClaims.js';
import { conquest, isOne, isZero, type OracleBattle } from './rationalLandgrab.js';
import { grid } from './claimCase.js';

type LandgrabEntry = EntryOf<'landgrab'>;

/** The oracle's battle for an entry (one battle, as the schema reads its bonuses). */
function oracleOf(e: {
  attackers: number;
  defenders: number;
  attackingLeader?: boolean;
  defendingLeader?: boolean;
  fortress?: boolean;
  leaderBonus?: number;
  fortressBonus?: number;
  ties?: 'defender' | 'attacker';
}): OracleBattle {
  const leader = e.leaderBonus ?? 1;
  return {
    attackers: e.attackers,
    defenders: e.defenders,
    attackerBonus: e.attackingLeader ? leader : 0,
    defenderBonus: (e.fortress ? (e.fortressBonus ?? 1) : 0) + (e.defendingLeader ? leader : 0),
    ties: e.ties ?? 'defender',
  };
}

const SIDES = [
  { attackingLeader: true },
  { fortress: true },
  { fortress: true, defendingLeader: true },
  { attackingLeader: true, fortress: true },
];

const CASES = grid({
  battle: [
    [2, 1],
    [3, 1],
    [3, 3],
    [5, 3],
  ],
  sides: SIDES,
  leaderBonus: [0, 1, 5, 6],
  fortressBonus: [0, 1, 6],
  ties: ['defender', 'attacker'] as const,
})
  // The fortress bonus matters only with a fortress.
  .filter((c) => c.fortressBonus === 1 || 'fortress' in c.sides)
  .map((c) => ({
    type: 'battle' as const,
    attackers: c.battle[0],
    defenders: c.battle[1],
    ...c.sides,
    leaderBonus: c.leaderBonus,
    fortressBonus: c.fortressBonus,
    ties: c.ties,
  }));

describe('exact ends (LandGrab, against a rational oracle)', () => {
  it(`${CASES.length} battles: P(conquest) is 1 or 0 exactly when the oracle's is, and the words say so`, async () => {
    const failures: string[] = [];
    for (const entry of CASES) {
      const truth = conquest(oracleOf(entry));
      const report = await odds('landgrab', entry as LandgrabEntry, { question: { target: 1, advise: true } });
      const p = report.metrics.find((m) => m.key === 'pAttackerWins')!.exact!;
      const held = report.metrics.find((m) => m.key === 'pDefenderHolds')!.exact!;
      const name = JSON.stringify(entry);
      if ((p === 1) !== isOne(truth)) failures.push(`${name}: P(conquest) ${p}, the oracle ${truth.num}/${truth.den}`);
      if ((p === 0) !== isZero(truth)) failures.push(`${name}: P(conquest) ${p}, the oracle ${truth.num}/${truth.den}`);
      if ((held === 0) !== isOne(truth)) failures.push(`${name}: P(holds) ${held} beside the oracle's certainty`);
      // The fewest armies that make it certain: the oracle's, counted up from 2.
      let fewest: number | null = null;
      for (let a = 2; a <= 12 && fewest === null; a++)
        if (isOne(conquest(oracleOf({ ...entry, attackers: a })))) fewest = a;
      const needed = report.decisions?.needed as { count: number | null } | undefined;
      if (fewest !== null && needed?.count !== fewest)
        failures.push(`${name}: certain from ${fewest} armies, the answer says ${needed?.count}`);
      if (fewest === null && needed?.count !== null && (needed?.count ?? 0) <= 12)
        failures.push(`${name}: never certain up to 12, the answer says ${needed?.count}`);
      // A stop rule for 100% exactly when fighting to the end is certain.
      const rule = report.decisions?.stopRule as { rule: { pConquest: number } } | undefined;
      if (isOne(truth) !== (rule?.rule.pConquest === 1)) failures.push(`${name}: stop rule ${JSON.stringify(rule)}`);
      const words = report.verdict.join('\n');
      if (isOne(truth) && /No (army count|stop rule) makes/.test(words)) failures.push(`${name}: ${words}`);
      if (!isOne(truth) && /100\.0%/.test(words)) failures.push(`${name}: says 100.0% of ${p}: ${words}`);
      failures.push(...checkClaims(report).map((x) => `${name}: ${x}`));
    }
    expect(failures.slice(0, 8).join('\n')).toBe('');
  });

  it('a chance that underflows to 0 is not written as impossible, nor its complement as certain', async () => {
    const report = await odds('landgrab', { attackers: 5000, defenders: 1 });
    const [win, hold] = report.metrics;
    expect(win.exact).toBeLessThan(1);
    expect(hold.exact).toBeGreaterThan(0);
    expect(report.verdict[0]).toContain('over 99.9%');
  });

  it('the force asked for certainty: the fewest certain count (2 against 3, a leader with +6)', async () => {
    const report = await odds('landgrab', { defenders: 3, attackingLeader: true, leaderBonus: 6 } as LandgrabEntry, {
      question: { target: 1 },
    });
    expect(report.verdict[0]).toMatch(/^For at least 100% you need 2 armies .* 100\.0% of the time/);
    expect(checkClaims(report)).toEqual([]);
  });

  it('a defence the attacker takes for certain holds 0.0% in words, as in the table', async () => {
    const entry = {
      type: 'defence',
      attackers: 30,
      armies: 6,
      territories: 3,
      attackingLeader: true,
      leaderBonus: 6,
      leaderMoves: 'every-attack',
    };
    const report = await odds('landgrab', entry as unknown as LandgrabEntry);
    expect(report.verdict[0]).toContain('0.0% of the time');
    expect(report.verdict.join('\n')).not.toContain('under 0.1%');
    expect(checkClaims(report)).toEqual([]);
  });
});

describe('exact ends (Advanced Civilization, against every count asked alone)', () => {
  const uncertain = grid({ attacker: [4, 5, 6, 7, 9], defender: [[2, 8] as const, [2, 5] as const, [4, 7] as const] });
  it(`${uncertain.length} conflicts: each outcome's chance is its share of the counts; ties named`, async () => {
    const failures: string[] = [];
    for (const c of uncertain) {
      const conflict = (tokens: unknown) => ({
        limit: 3,
        nations: [
          { name: 'A', tokens: c.attacker },
          { name: 'B', tokens, engineering: true },
        ],
        fort: { owner: 'B' },
      });
      const report = await odds('advanced-civilization', conflict({ min: c.defender[0], max: c.defender[1] }) as never);
      const keys = report.metrics.filter((m) => m.kind === 'probability').map((m) => m.key);
      const counts = new Map<string, number>(keys.map((k) => [k, 0]));
      const n = c.defender[1] - c.defender[0] + 1;
      for (let b = c.defender[0]; b <= c.defender[1]; b++) {
        const fixed = await odds('advanced-civilization', conflict(b) as never);
        for (const m of fixed.metrics)
          if (m.exact === 1 && counts.has(m.key)) counts.set(m.key, counts.get(m.key)! + 1);
      }
      for (const m of report.metrics.filter((x) => counts.has(x.key))) {
        const share = counts.get(m.key)! / n;
        if (m.exact !== share) failures.push(`${JSON.stringify(c)} ${m.key}: ${m.exact}, the counts give ${share}`);
      }
      const outcomes = ['alone_0', 'alone_1', 'stay', 'empty'].map((k) => counts.get(k) ?? 0);
      const top = Math.max(...outcomes);
      const tied = outcomes.filter((x) => x === top).length;
      if (tied > 1 && !report.verdict[0].includes('equally'))
        failures.push(`${JSON.stringify(c)}: ${tied} outcomes tie, the verdict names one: ${report.verdict[0]}`);
      failures.push(...checkClaims(report));
    }
    expect(failures.slice(0, 8).join('\n')).toBe('');
  });
});
