import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { princesAndQueens as system } from '../../../../src/core/systems/princes-and-queens/index.js';
import { princesAndQueensForm } from '../../../../src/core/systems/princes-and-queens/form.js';
import { FormProblem } from '../../../../src/core/form/entry.js';
import { entryFromWords } from '../../../helpers/form.js';
import {
  attackValue,
  defenceValue,
  princeValue,
  resolveAttack,
} from '../../../../src/core/systems/princes-and-queens/values.js';
import { compileEntry } from '../../../../src/core/engine/validate/entry.js';
import { runBattle } from '../../../../src/core/engine/answer/battle.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { isUnsolved } from '../../../../src/core/model/contract.js';
import { findSystem } from '../../../../src/core/registry/systems.js';
import { loadScenario } from '../../../../src/files/scenarioFile.js';
import { runScenario } from '../../../../src/core/run/runScenario.js';
import type { BattleReport, ScenarioReport } from '../../../../src/core/model/report.js';
import { ROOT } from '../../../helpers/cli.js';

const executor = new InProcessExecutor(findSystem);

/** Every problem the schema (cross-field checks included) finds, as `field: message`. */
function problems(raw: unknown): string[] {
  const parsed = system.entry.safeParse(raw);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** One attack run as a scenario battle would be, with its values read from the report by name. */
async function attack(raw: Record<string, unknown>) {
  expect(problems(raw)).toEqual([]);
  const battle = compileEntry(system, raw, 'test', '', 'test');
  const report = await runBattle(
    system,
    battle,
    'test',
    { seed: 'pq', trials: 1, kernel: 'fast', method: 'sample' },
    executor,
  );
  const metric = (key: string) => {
    const m = report.metrics.find((x) => x.key === key);
    if (!m) throw new Error(`no metric ${key}`);
    return m.exact as number;
  };
  const values = {
    attackerValue: metric('attackerValue'),
    defenderValue: metric('defenderValue'),
    margin: metric('margin'),
    possible: metric('attackPossible') === 1,
  };
  return { report, values };
}

describe("the seed's worked examples", () => {
  it('a Prince attacking a plain hex 3 hexes from his Queen has Battle value 2', async () => {
    expect(attackValue(1, 3)).toBe(2);
    expect((await attack({ distance: 3, terrain: 'plain', defender: 'city' })).values.attackerValue).toBe(2);
  });

  it('a Prince in a mountain one hex from his Queen defends with 8', async () => {
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 1, withCity: false }).value).toBe(8);
    const { values } = await attack({ distance: 1, terrain: 'mountain', defender: 'prince', defenderDistance: 1 });
    expect(values.defenderValue).toBe(8);
  });

  it('attacker 2 hexes from his Queen (3) cannot attack a mountain Prince 3 hexes from his (4)', async () => {
    const { values, report } = await attack({
      distance: 2,
      terrain: 'mountain',
      defender: 'prince',
      defenderDistance: 3,
    });
    expect(values).toEqual({ attackerValue: 3, defenderValue: 4, margin: -1, possible: false });
    expect(report.verdict[1]).toBe('The move does not count.');
    expect(report.method).toBe('exact');
  });
});

describe('the contract: no sampler, every attack solved', () => {
  it('has no sampler; solve gives a one-hot vector over the outcome partition, with the values as detail', () => {
    expect(system.sampler).toBeUndefined();
    const battle = compileEntry(system, { distance: 2, terrain: 'plain', defender: 'queen' }, 'test', '', 't');
    expect(battle.headline).toBe('attackPossible');
    expect(battle.deterministic).toBeUndefined();
    const partition = battle.layout.parts.find((p) => p.kind === 'partition');
    expect(partition).toMatchObject({ events: ['attackPossible', 'attackNotPossible'] });
    const solution = system.solve!(battle.plan as never);
    if (isUnsolved(solution)) throw new Error(solution.unsolved);
    // One Prince at 2 (3) against a plain Queen (4): not possible.
    expect(Array.from(solution.probabilities)).toEqual([0, 1]);
    expect(solution.detail).toMatchObject({ attackerValue: 3, defenderValue: 4, margin: -1, possible: false });
  });

  it('reports the headline first, the values as value metrics and how they are made up as a table', async () => {
    const { report } = await attack({ princes: 2, distance: 2, terrain: 'plain', defender: 'queen' });
    expect(report.metrics.map((m) => [m.key, m.kind, m.exact])).toEqual([
      ['attackPossible', 'probability', 1],
      ['attackNotPossible', 'probability', 0],
      ['attackerValue', 'value', 6],
      ['defenderValue', 'value', 4],
      ['margin', 'value', 2],
    ]);
    expect(report.tables).toEqual([
      {
        name: 'values',
        title: 'How each Battle value is made up',
        columns: ['piece', 'value', 'why'],
        rows: [
          ['attacking Prince', 3, '5 - 2'],
          ['attacking Prince', 3, '5 - 2'],
          ['Queen', 4, 'Queen in a plain'],
        ],
      },
    ]);
    expect(report.trials).toBe(0);
    expect(report.kernel).toBeNull();
  });
});

describe('Battle values', () => {
  it('Queen 4 in a plain, 7 in a mountain; City 3 and 5', () => {
    expect(defenceValue({ kind: 'queen', terrain: 'plain', withCity: false }).value).toBe(4);
    expect(defenceValue({ kind: 'queen', terrain: 'mountain', withCity: false }).value).toBe(7);
    expect(defenceValue({ kind: 'city', terrain: 'plain', withCity: false }).value).toBe(3);
    expect(defenceValue({ kind: 'city', terrain: 'mountain', withCity: false }).value).toBe(5);
  });

  it('a pawn with a City in a plain adds plain values', () => {
    expect(defenceValue({ kind: 'queen', terrain: 'plain', withCity: true }).value).toBe(4 + 3);
    expect(defenceValue({ kind: 'prince', terrain: 'plain', distance: 2, withCity: true }).value).toBe(3 + 3);
  });

  it("a pawn with a City in a mountain adds the pawn's plain value and the City's mountain value", () => {
    expect(defenceValue({ kind: 'queen', terrain: 'mountain', withCity: true }).value).toBe(4 + 5);
    // The Prince is not doubled: 5 - 1 = 4, plus 5.
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 1, withCity: true }).value).toBe(4 + 5);
  });

  it('two Princes in one hex attack together and add their values', async () => {
    expect(attackValue(2, 2)).toBe(6);
    // One Prince (3) cannot beat a plain Queen (4); two can (6).
    expect((await attack({ distance: 2, terrain: 'plain', defender: 'queen' })).values.possible).toBe(false);
    expect((await attack({ princes: 2, distance: 2, terrain: 'plain', defender: 'queen' })).values).toMatchObject({
      attackerValue: 6,
      possible: true,
    });
  });

  it("a Prince's value never goes below 0", () => {
    expect(princeValue(5)).toBe(0);
    expect(princeValue(8)).toBe(0);
  });

  it('a successful attack on a City switches it to the attacker', async () => {
    const { report } = await attack({ distance: 1, terrain: 'plain', defender: 'city' });
    expect(report.verdict[1]).toBe('The hex is taken and the City switches to the attacker.');
  });
});

describe('the tie reading switch', () => {
  const tie = { distance: 1, terrain: 'plain', defender: 'queen' }; // 4 against 4
  it('default: equal values allow the attack and the attacker wins', async () => {
    expect((await attack(tie)).values).toMatchObject({ attackerValue: 4, defenderValue: 4, possible: true });
  });
  it('not-possible: equal values do not allow the attack', async () => {
    expect((await attack({ ...tie, ties: 'not-possible' })).values.possible).toBe(false);
  });
  it('the readings agree when the values differ', () => {
    const d = { kind: 'city', terrain: 'plain', withCity: false } as const;
    expect(resolveAttack(1, 1, d, 'attacker-wins').possible).toBe(resolveAttack(1, 1, d, 'not-possible').possible);
  });
});

describe('bad inputs get clear errors', () => {
  const cases: Array<[string, unknown, string]> = [
    ['distance < 0', { distance: -1, terrain: 'plain', defender: 'city' }, 'distance: distance must be >= 0'],
    [
      'an attacker on his own Queen',
      { distance: 0, terrain: 'plain', defender: 'city' },
      "distance: distance must be >= 1: an attacking Prince cannot end his move on his own Queen's hex",
    ],
    [
      'defenderDistance < 0',
      { distance: 2, terrain: 'plain', defender: 'prince', defenderDistance: -2 },
      'defenderDistance: defenderDistance must be >= 0',
    ],
    [
      'a defending Prince without a distance',
      { distance: 2, terrain: 'plain', defender: 'prince' },
      'defenderDistance: a defending Prince needs defenderDistance',
    ],
    [
      'a distance for a Queen',
      { distance: 2, terrain: 'plain', defender: 'queen', defenderDistance: 1 },
      'defenderDistance: defenderDistance only applies to a defending Prince',
    ],
    [
      'three attacking Princes',
      { princes: 3, distance: 2, terrain: 'plain', defender: 'queen' },
      'princes: princes must be 1 or 2',
    ],
    [
      'an unknown terrain',
      { distance: 2, terrain: 'forest', defender: 'queen' },
      'terrain: terrain must be "plain" or "mountain"',
    ],
    [
      'a City with a City',
      { distance: 2, terrain: 'plain', defender: 'city', withCity: true },
      'withCity: withCity adds a City to a defending pawn',
    ],
    ['an unknown key', { distance: 2, terrain: 'plain', defender: 'queen', knight: 1 }, 'knight'],
    [
      'the old table type',
      { type: 'table', maxDistance: 6 },
      'type: type must be "attack" (or left out); the table of attacks across distances and terrain is a sweep now',
    ],
  ];
  for (const [name, raw, message] of cases) {
    it(name, () => expect(problems(raw).join('\n')).toContain(message));
  }

  it('a scenario names the field', () => {
    expect(() =>
      compileEntry(system, { distance: 2, terrain: 'plain', defender: 'prince' }, 'x.json', 'battles[3]', 'b'),
    ).toThrow('x.json: battles[3].defenderDistance: a defending Prince needs defenderDistance');
  });
});

describe('the table of attack outcomes is a sweep (the bundled scenario)', () => {
  let report: ScenarioReport;
  const scenario = loadScenario(path.join(ROOT, 'scenarios/princes-and-queens-battle-values.json'));
  const run = async () => (report ??= await runScenario(scenario, {}, executor, { version: 'test', file: null }));

  it('covers attacker distance x 15 defenders x both terrains x one and two Princes, every cell exact', async () => {
    const sweep = (await run()).sweep!;
    expect(sweep.axes.map((a) => [a.name, a.values.length])).toEqual([
      ['distance', 6],
      ['defender', 15],
      ['terrain', 2],
      ['princes', 2],
    ]);
    expect(sweep.cells).toHaveLength(6 * 15 * 2 * 2);
    expect(sweep.cells.every((c) => c.method === 'exact')).toBe(true);
    expect(sweep.outcomes?.keys).toEqual(['attackPossible', 'attackNotPossible']);
    const cell = sweep.cells.find(
      (c) => c.at[0] === 2 && c.at[1] === 'Prince at 3' && c.at[2] === 'mountain' && c.at[3] === 1,
    )!;
    const byKey = new Map(cell.variants[0].metrics.map((m) => [m.key, m.exact]));
    expect(byKey.get('attackPossible')).toBe(0);
    expect([byKey.get('attackerValue'), byKey.get('defenderValue'), byKey.get('margin')]).toEqual([3, 4, -1]);
  });

  it('its thresholds give the farthest distance at which each attack is still possible', async () => {
    const sweep = (await run()).sweep!;
    const farthest = (defender: string, terrain: string, princes: number) => {
      const row = sweep.thresholds.find(
        (t) => t.at[0] === defender && t.at[1] === terrain && t.at[2] === princes && t.metric === 'attackPossible',
      )!;
      return row.value === null ? '-' : String(row.value);
    };
    const line = (terrain: string, princes: number) => {
      const at = (d: string) => farthest(d, terrain, princes);
      const ds = [1, 2, 3, 4, 5, 6];
      return (
        `Queen ${at('Queen')}, City ${at('City')}, Queen + City ${at('Queen + City')}; ` +
        `Prince at 1/2/3/4/5/6: ${ds.map((d) => at(`Prince at ${d}`)).join('/')}; ` +
        `with a City: ${ds.map((d) => at(`Prince at ${d} + City`)).join('/')}.`
      );
    };
    expect(sweep.thresholds).toHaveLength(15 * 2 * 2);
    // One Prince in a plain: 5 - a >= 4 (Queen) only at a = 1; >= 3 (City) up to a = 2 (the old table verdict).
    expect(line('plain', 1)).toBe(
      'Queen 1, City 2, Queen + City -; Prince at 1/2/3/4/5/6: 1/2/3/4/6/6; with a City: -/-/-/1/2/2.',
    );
    // Two Princes in a mountain: 2(5 - a) against a doubled Prince 2(5 - d): possible for a <= d.
    expect(line('mountain', 2)).toBe(
      'Queen 1, City 2, Queen + City -; Prince at 1/2/3/4/5/6: 1/2/3/4/6/6; with a City: -/1/1/2/2/2.',
    );
  });
});

describe('the question form (odds princes-and-queens, the page)', () => {
  const toEntry = (...words: string[]) => entryFromWords(princesAndQueensForm, words);
  it('makes a valid attack', () => {
    const raw = toEntry(
      '--distance',
      '2',
      '--princes',
      '1',
      '--defender',
      'prince',
      '--defender-distance',
      '3',
      '--terrain',
      'mountain',
    );
    expect(problems(raw)).toEqual([]);
  });
  it('refuses --table and --max-distance, pointing at the sweep', () => {
    for (const words of [['--table'], ['--table', '--max-distance', '4'], ['--distance', '2', '--max-distance', '4']]) {
      expect(() => toEntry(...words)).toThrow(FormProblem);
      expect(() => toEntry(...words)).toThrow(expect.objectContaining({ problem: { reason: 'retired' } }));
    }
    for (const key of ['table', 'maxDistance'])
      expect(princesAndQueensForm.fields.find((f) => f.key === key)?.cli.retired).toContain(
        'scenarios/princes-and-queens-battle-values.json',
      );
  });
});

describe('verdicts: possible or not, with the values and why', () => {
  const verdict = async (raw: Record<string, unknown>): Promise<BattleReport['verdict']> =>
    (await attack(raw)).report.verdict;

  it('the seed example that is not possible', async () => {
    expect(await verdict({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 })).toEqual([
      'Not possible: attack 3 (Prince, 5 - 2) is lower than defence 4 ' +
        '(Prince 5 - 3 = 2, doubled defending in a mountain).',
      'The move does not count.',
    ]);
  });

  it('two Princes against a plain Queen', async () => {
    expect(await verdict({ princes: 2, distance: 2, terrain: 'plain', defender: 'queen' })).toEqual([
      'Possible, and the attack wins: 6 (two Princes 3 + 3) against 4 (Queen, plain).',
      'The hex is taken.',
    ]);
  });

  it('equal values name the reading that decides them', async () => {
    const wins = (await verdict({ distance: 1, terrain: 'plain', defender: 'queen' }))[0];
    const strict = (await verdict({ distance: 1, terrain: 'plain', defender: 'queen', ties: 'not-possible' }))[0];
    expect(wins).toContain('equal values, which the default "attacker-wins" reading lets through');
    expect(strict).toContain('under the "not-possible" reading a strictly higher value is needed');
  });

  it('a City in the hex switches to the attacker', async () => {
    expect((await verdict({ princes: 2, distance: 1, terrain: 'plain', defender: 'city' }))[1]).toBe(
      'The hex is taken and the City switches to the attacker.',
    );
  });
});

describe('two Princes defending together', () => {
  it('add their values, each doubled in a mountain', async () => {
    expect(defenceValue({ kind: 'two-princes', terrain: 'plain', distance: 2, withCity: false }).value).toBe(6);
    expect(defenceValue({ kind: 'two-princes', terrain: 'mountain', distance: 3, withCity: false }).value).toBe(8);
    const { values } = await attack({
      princes: 2,
      distance: 1,
      terrain: 'plain',
      defender: 'two-princes',
      defenderDistance: 1,
    });
    expect(values).toMatchObject({ attackerValue: 8, defenderValue: 8, possible: true });
  });
});

describe('the Prince floor reading (princeFloor)', () => {
  it('zero (default) keeps a far Prince at 0; none lets 5 - distance go negative', async () => {
    expect(princeValue(7)).toBe(0);
    expect(princeValue(7, 'none')).toBe(-2);
    // A Prince 7 hexes from his Queen against a defending Prince 6 hexes from his: 0 against 0, or -2 against -1.
    const base = { distance: 7, terrain: 'plain', defender: 'prince', defenderDistance: 6 };
    const zero = (await attack(base)).values;
    const none = (await attack({ ...base, princeFloor: 'none' })).values;
    expect(zero).toMatchObject({ attackerValue: 0, defenderValue: 0, possible: true });
    expect(none).toMatchObject({ attackerValue: -2, defenderValue: -1, possible: false });
    // The floor said in words: the values that would fall below it count as zero.
    expect((await attack(base)).report.verdict[0]).toBe(
      'Possible, and the attack wins: 0 (Prince, 5 - 7, not below zero) against ' +
        '0 (Prince 5 - 6 = 0 (not below zero)); equal values, which the default "attacker-wins" reading lets ' +
        'through (ties: not-possible would forbid it).',
    );
  });

  it('a mountain does not lower a negative value: with none, a Prince 6 from his Queen defends with -1', async () => {
    // By hand: 5 - 6 = -1; doubling -1 gives -2, lower than the same Prince in a plain; it stays -1.
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 6, withCity: false }, 'none').value).toBe(-1);
    // Two Princes 7 from their Queen: 5 - 7 = -2 each, not doubled: -4 (doubled it would be -8).
    const two = { kind: 'two-princes', terrain: 'mountain', distance: 7, withCity: false } as const;
    expect(defenceValue(two, 'none').value).toBe(-4);
    // Positive values still double: 5 - 4 = 1, times 2 = 2.
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 4, withCity: false }, 'none').value).toBe(2);
    // A Prince 7 from his Queen (5 - 7 = -2) against that mountain Prince (-1): not possible. (Doubled to -2,
    // the defence would have equalled the attack, which the default tie reading lets through.)
    const { values, report } = await attack({
      distance: 7,
      terrain: 'mountain',
      defender: 'prince',
      defenderDistance: 6,
      princeFloor: 'none',
    });
    expect(values).toEqual({ attackerValue: -2, defenderValue: -1, margin: -1, possible: false });
    expect(report.verdict[0]).toBe(
      'Not possible: attack -2 (Prince, 5 - 7) is lower than defence -1 ' +
        '(Prince 5 - 6 = -1, not doubled in a mountain: doubling would lower a negative value).',
    );
  });

  it('a mountain never defends worse than a plain, under either floor, at any distance', () => {
    for (const floor of ['zero', 'none'] as const)
      for (const kind of ['prince', 'two-princes'] as const)
        for (let distance = 1; distance <= 12; distance++) {
          const plain = defenceValue({ kind, terrain: 'plain', distance, withCity: false }, floor).value;
          const mountain = defenceValue({ kind, terrain: 'mountain', distance, withCity: false }, floor).value;
          expect(mountain, `${kind} at ${distance}, floor ${floor}`).toBeGreaterThanOrEqual(plain);
        }
  });

  it('rejects an unknown floor', () => {
    expect(problems({ distance: 2, terrain: 'plain', defender: 'queen', princeFloor: 'minus' }).join()).toContain(
      'princeFloor must be "zero"',
    );
  });
});
