/**
 * Huge and hostile names: file names, keys, values and labels with control characters,
 * bidirectional overrides, thousands of characters or path tricks. Refusals stay one short
 * line; nothing is written outside the results folder. The first case runs the built binary (the
 * names pass through a real exec); the others run the same program in this process (`cli`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cli } from '../helpers/cli.js';
import { ensureBuilt, isCleanRefusal, run, tempDir } from '../helpers/processes.js';

const valid = { name: 'hostile', system: 'landgrab', trials: 200, battles: [{ attackers: 5, defenders: 3 }] };

function scenarioFile(dir: string, name: string, body: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  return file;
}

const runArgs = (file: string, out: string) => ['run', file, '--threads', '0', '--no-charts', '--out', out];

describe('hostile names', () => {
  beforeAll(ensureBuilt);

  it('a missing scenario whose name holds a newline, an override and 3000 characters: one escaped line', async () => {
    const dir = tempDir();
    // The hostile characters at the end: a long path is shortened in its middle, whatever folder the tests run in.
    const name = path.join(dir, `${'n'.repeat(200)}evil\n\u202e.json`);
    const [r, long] = await Promise.all([
      run(runArgs(name, path.join(dir, 'out'))),
      run(runArgs(path.join(dir, `${'d'.repeat(3000)}.json`), path.join(dir, 'out'))),
    ]);
    expect(isCleanRefusal(r)).toBe(true);
    expect(r.stderr).toContain('evil\\n\\u202e');
    expect(isCleanRefusal(long)).toBe(true);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it('a value of 100,000 characters and a key with a newline are quoted short, on one line', async () => {
    const dir = tempDir();
    const system = scenarioFile(dir, 'system.json', { ...valid, system: 'r'.repeat(100_000) });
    const key = scenarioFile(dir, 'key.json', { ...valid, battles: [{ attackers: 5, defenders: 3, 'a\nb': 1 }] });
    const r = await cli(runArgs(system, path.join(dir, 'out')));
    const k = await cli(runArgs(key, path.join(dir, 'out')));
    expect(isCleanRefusal(r)).toBe(true);
    expect(r.stderr).toContain('(100000 characters)');
    expect(isCleanRefusal(k)).toBe(true);
    expect(k.stderr).toContain('battles[0].a\\nb: unknown key');
  });

  it('labels that look like paths or formulas stay file names inside the results folder', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    const battles = ['../../escape', '/etc/passwd', '=HYPERLINK("x")', '\u202eevil', '日本語'].map((label, i) => ({
      label,
      attackers: 5 + i,
      defenders: 3,
    }));
    const r = await cli(runArgs(scenarioFile(dir, 'labels.json', { ...valid, battles }), out));
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['labels.json', 'out']);
    expect(readdirSync(out).sort()).toEqual(['hostile', 'index.html']); // the folder and the results home
  });

  it('a label too long for a file name runs (files get a short stem); a too-long name is refused', async () => {
    const dir = tempDir();
    const label = scenarioFile(dir, 'label.json', {
      ...valid,
      battles: [{ label: 'x'.repeat(5000), attackers: 5, defenders: 3 }],
    });
    const out = path.join(dir, 'out');
    const ran = await cli(runArgs(label, out));
    expect(ran.code).toBe(0);
    const files = readdirSync(path.join(out, valid.name));
    expect(files.every((f) => Buffer.byteLength(f) < 255)).toBe(true);
    const name = scenarioFile(dir, 'name.json', { ...valid, name: 'a'.repeat(300) });
    const refused = await cli(runArgs(name, path.join(dir, 'out2')));
    expect(isCleanRefusal(refused)).toBe(true);
    expect(existsSync(path.join(dir, 'out2'))).toBe(false);
  });
});

describe("names that are JavaScript's own property names", () => {
  // Players, nations and variants are chart series: looked up in plain objects, "constructor"
  // found Object's own constructor and the chart could not be drawn (after the whole run).
  it('players, nations and variants named constructor, __proto__ or toString get charts like any other', async () => {
    const dir = tempDir();
    const names = ['constructor', '__proto__', 'toString'];
    const multi = scenarioFile(dir, 'multi.json', {
      name: 'proto-players',
      system: 'kings-and-things',
      trials: 500,
      battles: [
        {
          type: 'multi',
          players: names.map((name, i) => ({ name, creatures: [['Ogre:2'], ['Giant:4'], ['3x Orc:2']][i] })),
        },
      ],
    });
    const nations = scenarioFile(dir, 'nations.json', {
      name: 'proto-nations',
      system: 'advanced-civilization',
      trials: 500,
      battles: [{ type: 'conflict', limit: 4, nations: names.map((name, i) => ({ name, tokens: [8, 2, 3][i] })) }],
    });
    const variants = scenarioFile(dir, 'variants.json', {
      name: 'proto-variants',
      system: 'landgrab',
      trials: 200,
      sweep: {
        base: { type: 'battle', attackers: 3, defenders: 2 },
        axes: { attackers: [3, 4] },
        variants: names.map((label, i) => ({ label, set: { defenders: 2 + i } })),
      },
    });
    for (const file of [multi, nations, variants]) {
      const out = path.join(dir, path.basename(file, '.json'));
      const r = await cli(['run', file, '--threads', '0', '--out', out]);
      expect(r.stderr, file).toBe('');
      expect(r.code, file).toBe(0);
      // The scenario's folder (beside it, the results home index.html).
      const folder = readdirSync(out).find((name) => name !== 'index.html')!;
      const written = readdirSync(path.join(out, folder));
      expect(written.some((f) => f.endsWith('.png'))).toBe(true);
    }
  });
});
