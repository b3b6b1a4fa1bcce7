/**
 * Bad input: one clear line naming the file (or flag) and field, exit code 2, no
 * stack trace, and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';

function scenario(dir: string, name: string, body: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  return file;
}

const valid = { name: 'bad-input', system: 'landgrab', trials: 1000, battles: [{ attackers: 5, defenders: 3 }] };
const withBattle = (battle: Record<string, unknown>) => ({ ...valid, battles: [battle] });

async function expectCleanFailure(args: string[], ...mustMention: string[]): Promise<string> {
  const out = tempDir();
  const r = await cli([...args, '--out', path.join(out, 'results')]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines[0]).toMatch(/^battle-odds: error: /);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  for (const m of mustMention) expect(r.stderr).toContain(m);
  expect(existsSync(path.join(out, 'results'))).toBe(false);
  return r.stderr;
}

describe('bad scenario files', () => {
  const dir = tempDir();

  it('unknown system', async () => {
    const f = scenario(dir, 'unknown-system.json', { ...valid, system: 'risk' });
    await expectCleanFailure(['run', f], 'unknown-system.json', 'system', "unknown rule system 'risk'", 'landgrab');
  });

  it('non-integer army count', async () => {
    const f = scenario(dir, 'fractional.json', withBattle({ attackers: 5.5, defenders: 3 }));
    await expectCleanFailure(['run', f], 'fractional.json', 'battles[0].attackers', 'whole number');
  });

  it('fewer than 2 armies in the attacking territory', async () => {
    const f = scenario(dir, 'one-attacker.json', withBattle({ attackers: 1, defenders: 3 }));
    await expectCleanFailure(['run', f], 'one-attacker.json', 'battles[0].attackers', 'at least 2');
  });

  it('0 defenders', async () => {
    const f = scenario(dir, 'no-defenders.json', withBattle({ attackers: 5, defenders: 0 }));
    await expectCleanFailure(['run', f], 'no-defenders.json', 'battles[0].defenders', 'at least 1');
  });

  it('a typo in a key', async () => {
    const f = scenario(dir, 'typo.json', withBattle({ attackers: 5, defenders: 3, fortres: true }));
    await expectCleanFailure(['run', f], 'typo.json', 'battles[0].fortres', 'unknown key');
  });

  it('an unknown top-level key', async () => {
    const f = scenario(dir, 'top-typo.json', { ...valid, trails: 5 });
    await expectCleanFailure(['run', f], 'top-typo.json', 'trails', 'unknown key');
  });

  it('both army-count conventions at once', async () => {
    const f = scenario(dir, 'both.json', withBattle({ attackers: 5, attackingArmies: 4, defenders: 3 }));
    await expectCleanFailure(['run', f], 'both.json', 'battles[0].attackers', 'exactly one');
  });

  it('trials <= 0 in the file', async () => {
    const f = scenario(dir, 'zero-trials.json', { ...valid, trials: 0 });
    await expectCleanFailure(['run', f], 'zero-trials.json', 'trials', 'at least 1');
  });

  it('not JSON', async () => {
    const f = scenario(dir, 'broken.json', '{ "name": "x", ');
    await expectCleanFailure(['run', f], 'broken.json', 'not valid JSON');
  });

  it('unreadable: missing file, and a folder with no scenarios', async () => {
    await expectCleanFailure(['run', path.join(dir, 'missing.json')], 'missing.json', 'no such file');
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    await expectCleanFailure(['run', empty], 'empty', 'no .json');
  });

  it('one bad file among good ones writes nothing at all', async () => {
    const good = scenario(dir, 'good.json', valid);
    const bad = scenario(dir, 'zz-bad.json', withBattle({ attackers: 5, defenders: -1 }));
    await expectCleanFailure(['run', good, bad], 'zz-bad.json');
  });

  it("zod's own wording becomes plain words", async () => {
    const tooMany = scenario(dir, 'too-many-dice.json', withBattle({ attackers: 5, defenders: 3, attackerDice: 9 }));
    await expectCleanFailure(['run', tooMany], 'battles[0].attackerDice: must be at most 5');
    const ties = scenario(dir, 'bad-ties.json', withBattle({ attackers: 5, defenders: 3, ties: 'nobody' }));
    await expectCleanFailure(['run', ties], 'battles[0].ties: must be one of: "defender", "attacker"');
    const seed = scenario(dir, 'empty-seed.json', { ...valid, seed: '' });
    await expectCleanFailure(['run', seed], 'seed: must not be empty');
  });

  it('a bad sweep axis names the field inside it, not "Invalid input"', async () => {
    const sweep = (axis: unknown) => ({
      name: 'bad-sweep',
      system: 'landgrab',
      trials: 1000,
      sweep: { base: { attackers: 5, defenders: 3 }, axes: { attackers: axis } },
    });
    const expectLine = async (name: string, axis: unknown, line: string) => {
      const f = scenario(dir, name, sweep(axis));
      expect(await expectCleanFailure(['run', f])).toBe(`battle-odds: error: ${f}: ${line}\n`);
    };
    await expectLine(
      'tiny-step.json',
      { from: 2, to: 10, step: 1e-300 },
      'sweep.axes.attackers.step: must be a whole number, at least 1',
    );
    await expectLine(
      'zero-step.json',
      { from: 2, to: 10, step: 0 },
      'sweep.axes.attackers.step: must be a whole number, at least 1',
    );
    await expectLine(
      'huge-to.json',
      { from: 2, to: 1e308 },
      'sweep.axes.attackers.to: must be at most 9007199254740991',
    );
    await expectLine(
      'typo-step.json',
      { from: 2, to: 10, stpe: 2 },
      'sweep.axes.attackers.stpe: unknown key; check the spelling against the scenario schema',
    );
    await expectLine(
      'text-axis.json',
      'x',
      'sweep.axes.attackers: must be a list of values or a range {"from", "to", "step"}',
    );
    await expectLine(
      'bad-value.json',
      [{ label: 'x' }],
      'sweep.axes.attackers[0]: must be a number, text, true or false, {"label", "value"} or {"label", "set"}',
    );
  });

  it('a capitol on a fortress', async () => {
    const f = scenario(
      dir,
      'capitol-fortress.json',
      withBattle({ type: 'capitol', attackers: 5, defenders: 3, fortress: true }),
    );
    await expectCleanFailure(
      ['run', f],
      'capitol-fortress.json',
      'battles[0].fortress',
      'capitol cannot be placed on a fortress',
    );
  });
});

describe('bad flags', () => {
  const dir = tempDir();
  it('trials <= 0', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--trials', '0'],
      '--trials',
      'at least 1',
    );
  });

  it('non-integer armies', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', 'five', '--defenders', '3'],
      '--attackers',
      'whole number',
    );
  });

  it('impossible army counts name the flag', async () => {
    await expectCleanFailure(['odds', 'landgrab', '--attackers', '1', '--defenders', '3'], '--attackers', 'at least 2');
    await expectCleanFailure(['odds', 'landgrab', '--attackers', '4', '--defenders', '0'], '--defenders', 'at least 1');
  });

  it('army counts beyond the limit say the limit however they are written; 1e3 is 1000', async () => {
    for (const value of ['6000', '1e308', '9007199254740993', '1e999'])
      expect(
        await expectCleanFailure(['odds', 'landgrab', '--attackers', value, '--defenders', '3'], '--attackers'),
      ).toBe('battle-odds: error: odds landgrab: --attackers: must be at most 5000\n');
    const entry = JSON.stringify({ attackers: 1e308, defenders: 3 });
    expect(await expectCleanFailure(['odds', 'landgrab', '--entry', entry])).toBe(
      'battle-odds: error: odds landgrab: --entry attackers: must be at most 5000\n',
    );
    const f = scenario(dir, 'huge.json', withBattle({ attackers: 5, defenders: -1e308 }));
    await expectCleanFailure(['run', f], 'huge.json', 'battles[0].defenders', 'at least 1');
    const thousand = await cli(['odds', 'landgrab', '--attackers', '1e3', '--defenders', '1_000', '--json']);
    expect(thousand.code).toBe(0);
    expect(JSON.parse(thousand.stdout).battles[0].entry).toMatchObject({ attackers: 1000, defenders: 1000 });
  });

  it('an empty seed', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--seed', ''],
      '--seed',
      'must not be empty',
    );
  });

  it('trials beyond the 1e9 cap, and trials that are not plain decimal numbers', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--trials', '1e20'],
      '--trials',
      'at most 1e9',
    );
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--trials', '0x10'],
      '--trials',
      'whole number',
    );
  });

  it('flags that do not apply to a chain are refused, not silently dropped', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '16', '--path', '3,4,2', '--fortress'],
      '--fortress',
      '--fortresses',
    );
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '16', '--path', '3,4,2', '--defending-leader'],
      '--defending-leader',
      '--leaders',
    );
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '16', '--path', '3,4,2', '--fortresses', '4'],
      '--fortresses',
      'position 4 is not on the path (1..3)',
    );
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '16', '--defenders', '3', '--fortresses', '1'],
      '--fortresses',
      'only with --path',
    );
    await expectCleanFailure(['odds', 'landgrab', '--attackers', '16'], '--defenders', 'is required');
  });

  it('errors in a capitol list name the flag typed', async () => {
    await expectCleanFailure(
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--capitol', '0,3'],
      '--capitol',
      'at least 1',
    );
  });

  it('negative continent bonuses', async () => {
    const r = await cli(['reinforcements', '--territories', '14', '--continent-bonus', '2,-5']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('battle-odds: error: reinforcements: --continent-bonus: bonuses must be at least 0');
  });

  it('two battles with the same label', async () => {
    const f = scenario(dir, 'label-clash.json', {
      ...valid,
      battles: [
        { label: 'fortress', attackers: 5, defenders: 3 },
        { label: 'fortress', attackers: 6, defenders: 3 },
      ],
    });
    await expectCleanFailure(['run', f], 'label-clash.json', 'battles[1].label', 'also the label of battles[0]');
  });

  it('two sweep variants whose labels name the same columns', async () => {
    const f = scenario(dir, 'variant-clash.json', {
      name: 'variant-clash',
      system: 'landgrab',
      trials: 1000,
      sweep: {
        base: { attackers: 5, defenders: 3 },
        axes: { defenders: [1, 2] },
        variants: [{ label: 'fortress +1' }, { label: 'fortress 1', set: { fortress: true } }],
      },
    });
    await expectCleanFailure(['run', f], 'variant-clash.json', 'sweep.variants[1].label');
  });

  it('unknown system and unknown flag', async () => {
    await expectCleanFailure(['odds', 'risk'], "unknown command 'risk'");
    await expectCleanFailure(['odds', 'landgrab', '--atackers', '5'], "unknown option '--atackers'", '--attackers');
  });
});
