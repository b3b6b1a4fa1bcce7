/**
 * Solve for any rule knob: every numeric field of a system's schema, written or left at its default.
 * For knobs left at their defaults in all four systems, an independent brute force (the battle asked at
 * every value, written into the entry as a player would, the values the entry refuses skipped) agrees
 * with the solve: the answer found or unreachable, the value, the best, the edge of the range, the whole
 * curve; a turning curve reaching the target is refused. Values are written in the knob's own words.
 */
import { describe, expect, it } from 'vitest';
import { odds as typedOdds, runScenario as typedRunScenario } from '../../../../src/index.js';
import { NotMonotone } from '../../../../src/core/engine/solve/solveFor.js';
import { checkClaims } from '../../../claims/checkClaims.js';
import type { SolvedForDecision, ScenarioReport } from '../../../../src/core/model/report.js';

// Cases built from data (a system id in a variable): the untyped signature, each case checked by the run.
const odds = typedOdds as unknown as (
  system: string,
  entry: unknown,
  options?: Parameters<typeof typedOdds>[2],
) => ReturnType<typeof typedOdds>;
const runScenario = typedRunScenario as unknown as (scenario: unknown) => Promise<ScenarioReport>;

/** An entry with one dotted field written (numeric parts index lists), as a player writes it. */
function written(entry: unknown, path: string, value: number): unknown {
  const [head, ...rest] = path.split('.');
  const copy: Record<string, unknown> | unknown[] = Array.isArray(entry) ? [...entry] : { ...(entry as object) };
  const inner = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] = rest.length === 0 ? value : written(inner, rest.join('.'), value);
  return copy;
}

interface Expected {
  kind: 'found' | 'unreachable' | 'turns';
  value: number | null;
  best: number;
  bestP: number;
  edge: 'from' | 'to' | null;
  curve: Array<[number, number]>;
}

/** The brute force: every whole number from `lo` to `hi` the battle takes, its exact headline; the answer read off. */
async function bruteForce(system: string, entry: unknown, path: string, lo: number, hi: number, target: number) {
  const curve: Array<[number, number]> = [];
  for (let v = lo; v <= hi; v++) {
    let report;
    try {
      report = await odds(system, written(entry, path, v));
    } catch {
      continue; // the entry refuses this value
    }
    curve.push([v, report.metrics[0].exact as number]);
  }
  const ps = curve.map(([, p]) => p);
  const up = ps.every((p, i) => i === 0 || p >= ps[i - 1] - 1e-12);
  const down = ps.every((p, i) => i === 0 || p <= ps[i - 1] + 1e-12);
  const rising = up && !down ? true : down && !up ? false : ps[ps.length - 1] >= ps[0];
  const flat = up && down;
  const reaching = curve.filter(([, p]) => p >= target - 1e-12).map(([v]) => v);
  const [from, to] = [curve[0][0], curve[curve.length - 1][0]];
  const order = rising ? curve : [...curve].reverse();
  const [best, bestP] = order.reduce((b, c) => (c[1] > b[1] ? c : b));
  if (reaching.length === 0)
    return {
      kind: 'unreachable',
      value: null,
      best,
      bestP,
      edge: flat ? null : best === from ? 'from' : best === to ? 'to' : null,
      curve,
    };
  if (!up && !down) return { kind: 'turns', value: null, best, bestP, edge: null, curve } as Expected;
  const value = rising ? Math.min(...reaching) : Math.max(...reaching);
  // At an edge: the answer is an end of the range and nothing past it misses the target.
  const edge = flat ? null : rising ? (value === from ? 'from' : null) : value === to ? 'to' : null;
  return { kind: 'found', value, best: value, bestP: curve.find(([v]) => v === value)![1], edge, curve } as Expected;
}

async function agree(
  system: string,
  entry: unknown,
  path: string,
  lo: number,
  hi: number,
  target: number,
  solveRange?: [number, number],
) {
  const want = (await bruteForce(system, entry, path, lo, hi, target)) as Expected;
  const range = solveRange ? { solveRange } : {};
  const asked = odds(system, entry, { question: { solveFor: path as never, target, ...range } });
  if (want.kind === 'turns') {
    await expect(asked).rejects.toBeInstanceOf(NotMonotone);
    return want;
  }
  const report = await asked;
  expect(checkClaims(report)).toEqual([]);
  const d = report.decisions!.solvedFor as SolvedForDecision;
  const where = `${system} ${path} at ${target}`;
  expect(d.answer, where).toBe(want.kind);
  expect(d.value?.value ?? null, where).toBe(want.value);
  expect(d.best.probability, where).toBe(want.bestP);
  expect(d.edge, where).toBe(want.edge);
  expect([d.from, d.to], where).toEqual([want.curve[0][0], want.curve[want.curve.length - 1][0]]);
  expect(d.everyValue, where).toBe(true);
  expect(
    d.curve.map((p) => [p.value, p.probability]),
    where,
  ).toEqual(want.curve);
  // A field with no default in the schema (a creature's hits) is left out of the validated entry.
  if (/\.(hits|hitModifier|count)$/.test(path)) expect(d.written, where).toBe(false);
  return want;
}

describe('solving for knobs left at their defaults, against brute force over every value', () => {
  it('LandGrab: the leader and fortress bonuses, the dice caps, the stop level', async () => {
    const fortress = { attackers: 12, defenders: 8, fortress: true, defendingLeader: true };
    for (const target of [0.2, 0.5, 0.9]) {
      await agree('landgrab', fortress, 'fortressBonus', -3, 9, target);
      await agree('landgrab', fortress, 'leaderBonus', -3, 9, target);
      await agree('landgrab', fortress, 'attackerDice', 0, 7, target);
      await agree('landgrab', fortress, 'defenderDice', 0, 7, target);
    }
    // An attacking leader: certainty at +6 (2 armies against 3), decided exactly.
    const kinds = new Set<string>();
    for (const target of [0.5, 0.99, 1])
      kinds.add(
        (await agree('landgrab', { attackers: 2, defenders: 3, attackingLeader: true }, 'leaderBonus', -2, 8, target))
          .kind,
      );
    expect(kinds).toContain('found');
    await agree('landgrab', { attackers: 10, defenders: 6 }, 'stopAt', 0, 12, 0.3);
  });

  it("Kings & Things: a Troll's hits and hit modifier, a creature's count, the fort (in its own words)", async () => {
    const entry = {
      attacker: { creatures: [{ name: 'Giant', value: 4 }, 'Elves:2R', 'Dragon:3*C'] },
      defender: { creatures: ['Ogre:2', { name: 'Troll', value: 4 }], fort: 'tower' },
    };
    const seen = new Set<string>();
    for (const target of [0.3, 0.6, 0.95]) {
      seen.add((await agree('kings-and-things', entry, 'defender.creatures.1.hits', 0, 8, target)).kind);
      seen.add((await agree('kings-and-things', entry, 'defender.creatures.1.hitModifier', -7, 7, target)).kind);
      // A creature's count (up to 30 counters a side), over the range asked.
      const count = await agree('kings-and-things', entry, 'attacker.creatures.0.count', 0, 4, target, [1, 4]);
      seen.add(count.kind);
    }
    expect([...seen].sort()).toEqual(['found', 'unreachable']);
    // The fort by level: the answer and its neighbour in words.
    const report = await odds('kings-and-things', entry, { question: { solveFor: 'defender.fort', target: 0.9 } });
    const d = report.decisions!.solvedFor as SolvedForDecision;
    expect(d.value?.word).toMatch(/^(none|tower|keep|castle|citadel)$/);
    expect(report.label).toContain(`solved: defender.fort = ${d.value?.word}`);
    expect(report.verdict[0]).toContain(`${d.value?.word} is the largest value`);
    expect(checkClaims(report)).toEqual([]);
  });

  it("Advanced Civilization: a nation's Army tokens (default 0)", async () => {
    const entry = {
      limit: 3,
      nations: [
        { name: 'A', tokens: 7, metalworking: true, military: true },
        { name: 'B', tokens: { min: 3, max: 8 }, mathematics: true },
      ],
    };
    for (const target of [0.3, 0.6, 0.99]) {
      await agree('advanced-civilization', entry, 'nations.0.armies', 0, 9, target);
      await agree('advanced-civilization', entry, 'nations.1.armies', 0, 9, target);
    }
  });

  it('Princes & Queens: how many Princes attack (default 1)', async () => {
    const entry = { distance: 2, terrain: 'plain', defender: 'prince', defenderDistance: 3 };
    for (const target of [0.5, 1]) await agree('princes-and-queens', entry, 'princes', 0, 3, target);
  });

  it("a sweep solves a knob left out in every cell, keeping each cell's curve and its edge", async () => {
    const report = await runScenario({
      name: 'troll-hits',
      system: 'kings-and-things',
      sweep: {
        base: {
          attacker: { creatures: ['Giant:4', 'Elves:2R'] },
          defender: { creatures: [{ name: 'Troll', value: 4 }] },
        },
        axes: { 'defender.fort': ['none', 'tower', 'keep'] },
        solveFor: { field: 'defender.creatures.0.hits', target: 0.3 },
      },
    });
    const cells = report.sweep!.solved!.cells;
    expect(cells).toHaveLength(3);
    for (const cell of cells) {
      const entry = {
        attacker: { creatures: ['Giant:4', 'Elves:2R'] },
        defender: { creatures: [{ name: 'Troll', value: 4 }], fort: cell.at[0] },
      };
      const want = (await bruteForce('kings-and-things', entry, 'defender.creatures.0.hits', 0, 8, 0.3)) as Expected;
      expect(cell.answer).toBe(want.kind === 'turns' ? 'not-monotone' : want.kind);
      expect(cell.value).toBe(want.value);
      expect(cell.edge).toBe(want.edge);
      expect(cell.curve.map((p) => [p.value, p.probability])).toEqual(want.curve);
    }
  });
});
