/**
 * Every number a flag takes has a stated limit: a value beyond it (1e20, 2^53 + 1) is refused
 * naming the limit, never answered (`reinforcements --territories 1e20` printed
 * 3002399751580330). And a run whose size is days of computing says so before it starts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULES } from '../../src/core/registry/systems.js';
import { FormLimitError, readField } from '../../src/core/form/read.js';
import { buildProgram } from '../../src/cli/program.js';
import { bufferIO } from '../../src/cli/io.js';
import { LARGE_RUN_TRIALS, runSizeNote } from '../../src/core/run/runSize.js';
import { cli, tempDir } from '../helpers/cli.js';

/** Every system flag that takes whole numbers: `odds <system>` and the systems' own commands. */
const integerFlags = SYSTEM_MODULES.flatMap((m) =>
  [
    ...m.form.fields.map((field) => ({ command: `odds ${m.system.id}`, field })),
    ...(m.commands ?? []).flatMap((c) => c.fields.map((field) => ({ command: c.name, field }))),
  ].filter(({ field }) => field.kind === 'count' || field.kind === 'counts'),
);

/** Every option of every command of the program, with the command's path. */
function everyOption(command: Command, prefix = ''): Array<{ where: string; option: Command['options'][number] }> {
  const here = `${prefix} ${command.name()}`.trim();
  return [
    ...command.options.map((option) => ({ where: here, option })),
    ...command.commands.flatMap((sub) => everyOption(sub as unknown as Command, here)),
  ];
}

describe('integer flags', () => {
  it('each states a limit, refuses what is beyond it in those words, and accepts the limit itself', () => {
    expect(integerFlags.length).toBeGreaterThan(15);
    for (const { command, field } of integerFlags) {
      const what = `${command} ${field.cli.flag}`;
      expect(field.max, what).toBeTypeOf('number');
      const max = field.max as number;
      for (const beyond of [String(max + 1), '1e20', '9007199254740993', '1e999']) {
        expect(() => readField(field, beyond), `${what} ${beyond}`).toThrow(FormLimitError);
        expect(() => readField(field, beyond), `${what} ${beyond}`).toThrow(`at most ${max}.`);
      }
      const atMax = readField(field, String(max));
      expect(atMax, what).toEqual(field.kind === 'count' ? max : [max]);
    }
  });

  it('every numeric option of every command refuses 1e20 (none reads it as a number and goes on)', () => {
    const options = everyOption(buildProgram(bufferIO()) as unknown as Command);
    let numeric = 0;
    for (const { where, option } of options) {
      const parse = (option as unknown as { parseArg?: (value: string, previous: unknown) => unknown }).parseArg;
      if (!parse) continue;
      let value: unknown;
      try {
        value = parse.call(option, '1e20', undefined);
      } catch {
        numeric++;
        continue;
      }
      // Seeds and rosters are text (a seed "1e20" is a string); no reader may return 1e20 as a number.
      const numbers = Array.isArray(value) ? value : [value];
      expect(
        numbers.some((v) => typeof v === 'number'),
        `${where} ${option.flags}`,
      ).toBe(false);
    }
    expect(numeric).toBeGreaterThan(20);
  });

  it('the command line names the command, the flag and the limit, in help and in the refusal', async () => {
    const refused = await cli(['reinforcements', '--territories', '1e20']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('battle-odds: error: reinforcements: --territories: must be at most 10000\n');
    const bonus = await cli(['reinforcements', '--territories', '14', '--continent-bonus', '2,1e20']);
    expect(bonus.stderr).toBe(
      'battle-odds: error: reinforcements: --continent-bonus: each value must be at most 1000\n',
    );
    expect((await cli(['reinforcements', '--territories', '10000'])).stdout).toBe('3333\n');
    const stop = await cli(['odds', 'landgrab', '--attackers', '8', '--defenders', '3', '--stop-at', '1e20']);
    expect(stop.stderr).toBe('battle-odds: error: odds landgrab: --stop-at: must be at most 5000\n');
    const help = await cli(['reinforcements', '--help']);
    expect(help.stdout).toContain('territories owned (at most 10000)');
    const worth = await cli([
      'should-i-attack',
      'landgrab',
      '--attackers',
      '10',
      '--defenders',
      '5',
      '--objective',
      'value',
      '--territory-worth',
      '1e20',
    ]);
    expect(worth.code).toBe(2);
    expect(worth.stderr).toContain('must be at most 10000 armies');
  });
});

describe('the size of a run', () => {
  it('is stated before a run of more than 1e10 trials starts, with its time at a stated rate', () => {
    expect(runSizeNote(LARGE_RUN_TRIALS, false)).toBeUndefined();
    const note = runSizeNote(10_000 * 1e9, false) as string;
    expect(note).toContain('up to 1.0e13 battles in all (10,000,000,000,000)');
    expect(note).toContain('about 6 days at 20 million battles a second');
    expect(note).toContain('Ctrl-C stops it and keeps what finished');
    expect(runSizeNote(2e10, true)).toContain('fewer where an exact answer is found instead');
  });

  it('the run prints it on stderr first, and still runs (here every battle is solved exactly)', async () => {
    const dir = tempDir('battle-odds-size-');
    const file = path.join(dir, 'big.json');
    const battles = Array.from({ length: 11 }, (_, i) => ({ attackers: 4 + i, defenders: 3 }));
    writeFileSync(file, JSON.stringify({ name: 'big', system: 'landgrab', trials: 1e9, battles }));
    const r = await cli(['run', file, '--out', path.join(dir, 'out'), '--threads', '0', '--no-charts', '--brief']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^battle-odds: note: this run samples up to 1\.1e10 battles in all/);
    expect(r.stdout).toContain('battle 11  (landgrab battle; exact)');
  });
});
