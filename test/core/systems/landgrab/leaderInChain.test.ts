/**
 * Issue reading: the attacking leader in a chain. The help page lets a leader move only
 * during fortification, so by default its +1 applies to the first attack of a chain only
 * (`leaderMoves: 'first-attack'`); `every-attack` lets it travel with the armies. Both are
 * checked against an independent recursion that rolls every die (no round tables).
 */
import { describe, expect, it } from 'vitest';
import { exactOf, landgrabBattle } from '../../../helpers/landgrab.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';
import { cli } from '../../../helpers/cli.js';

/** P(attacker loses k armies in one round) by enumerating every roll, bonus on each side's highest die. */
function roundLosses(nA: number, nD: number, bonusA: number, bonusD: number): number[] {
  const pairs = Math.min(nA, nD);
  const counts = new Array<number>(pairs + 1).fill(0);
  const rolls = (n: number): number[][] =>
    n === 0 ? [[]] : rolls(n - 1).flatMap((r) => [1, 2, 3, 4, 5, 6].map((d) => [...r, d]));
  for (const a of rolls(nA)) {
    const sa = [...a].sort((x, y) => y - x);
    sa[0] += bonusA;
    for (const d of rolls(nD)) {
      const sd = [...d].sort((x, y) => y - x);
      sd[0] += bonusD;
      let lost = 0;
      for (let i = 0; i < pairs; i++) if (sa[i] <= sd[i]) lost++;
      counts[lost]++;
    }
  }
  const total = 6 ** (nA + nD);
  return counts.map((c) => c / total);
}

/** P(taking every territory of the path from step k with a armies in the attacking territory). */
function takeAll(path: Array<{ defenders: number; bonusD: number }>, bonusA: (step: number) => number): number {
  const memo = new Map<string, number>();
  const battle = (k: number, a: number, d: number): number => {
    if (d === 0) return k + 1 === path.length ? 1 : a - 1 >= 2 ? battle(k + 1, a - 1, path[k + 1].defenders) : 0;
    if (a < 2) return 0;
    const key = `${k},${a},${d}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const nA = Math.min(3, a - 1);
    const nD = Math.min(2, d);
    const losses = roundLosses(nA, nD, bonusA(k), path[k].bonusD);
    const pairs = Math.min(nA, nD);
    let p = 0;
    losses.forEach((q, lost) => (p += q * battle(k, a - lost, d - (pairs - lost))));
    memo.set(key, p);
    return p;
  };
  return battle(0, 20, path[0].defenders);
}

const path = [{ defenders: 3 }, { defenders: 5, fortress: true }, { defenders: 2 }];
const reference = path.map((t) => ({ defenders: t.defenders, bonusD: t.fortress ? 1 : 0 }));
const chain = (extra: Record<string, unknown>) => landgrabBattle({ type: 'chain', attackers: 20, path, ...extra });
const pWhole = (b: ReturnType<typeof chain>) => binSum(exactOf(b), findEvent(b.layout, b.headline).bins);

describe('an attacking leader along a chain', () => {
  it('by default stays where the chain starts: +1 on the first attack only (91.50% in the bundled chain)', () => {
    const p = pWhole(chain({ attackingLeader: true }));
    expect(p).toBeCloseTo(
      takeAll(reference, (k) => (k === 0 ? 1 : 0)),
      12,
    );
    expect(p).toBeCloseTo(0.915, 3);
  });

  it("with leaderMoves 'every-attack' travels with the armies: +1 on every attack (98.30%)", () => {
    const p = pWhole(chain({ attackingLeader: true, leaderMoves: 'every-attack' }));
    expect(p).toBeCloseTo(
      takeAll(reference, () => 1),
      12,
    );
    expect(p).toBeCloseTo(0.983, 3);
  });

  it('without a leader the chain is taken 87.45% of the time, below both readings', () => {
    const p = pWhole(chain({}));
    expect(p).toBeCloseTo(
      takeAll(reference, () => 0),
      12,
    );
    expect(p).toBeCloseTo(0.8745, 3);
  });
});

describe('leaderMoves without an attacking leader', () => {
  const refused = /leaderMoves: applies only when the attacker has a leader \(attackingLeader: true/;

  it('is refused in an entry (chain or defence), naming the field, whichever reading it names', () => {
    for (const leaderMoves of ['every-attack', 'first-attack']) {
      expect(() => chain({ leaderMoves })).toThrow(refused);
      expect(() => landgrabBattle({ type: 'defence', attackers: 20, armies: 6, territories: 2, leaderMoves })).toThrow(
        refused,
      );
    }
    expect(() => chain({ attackingLeader: true, leaderMoves: 'first-attack' })).not.toThrow();
  });

  it('is refused on the command line, never shown as "leader travels"', async () => {
    const args = ['odds', 'landgrab', '--attackers', '20', '--path', '3,5,2', '--fortresses', '2'];
    const r = await cli([...args, '--leader-moves', 'every-attack']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/odds landgrab: --leader-moves: applies only when the attacker has a leader/);
    // The default needs no leader; with a leader both readings are answered.
    expect((await cli(args)).code).toBe(0);
    const travels = await cli([...args, '--attacking-leader', '--leader-moves', 'every-attack']);
    expect(travels.stdout.split('\n')[0]).toContain('(attacking leader, leader travels)');
  });
});
