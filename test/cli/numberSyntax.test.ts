/**
 * Issue 31 rows 6, 14 and 19: one number syntax for every numeric flag (decimal, exponent, `_`
 * grouping; a percentage where a fraction is asked; never hex, Infinity or a space inside), and a
 * limit stated in help for every one of them, enforced where the value is read.
 */
import type { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { buildProgram } from '../../src/cli/program.js';
import { bufferIO } from '../../src/cli/io.js';
import { parseVerify } from '../../src/fleet/verify.js';
import { parseShardSpec } from '../../src/fleet/shard/assign.js';
import { cli, tempDir } from '../helpers/cli.js';
import { isCleanRefusal } from '../helpers/processes.js';

type AnyOption = Command['options'][number] & { parseArg?: (value: string, previous: unknown) => unknown };

function everyOption(command: Command, prefix = ''): Array<{ where: string; option: AnyOption }> {
  const here = `${prefix} ${command.name()}`.trim();
  return [
    ...command.options.map((option) => ({ where: here, option: option as AnyOption })),
    ...command.commands.flatMap((sub) => everyOption(sub as unknown as Command, here)),
  ];
}

const read = (option: AnyOption, value: string): unknown => {
  try {
    return option.parseArg!.call(option, value, undefined);
  } catch {
    return 'refused';
  }
};

const isNumeric = (value: unknown) =>
  typeof value === 'number' || (Array.isArray(value) && value.length > 0 && typeof value[0] === 'number');

/** Every option whose reader turns some plain number into a number: the numeric flags. */
const numeric = everyOption(buildProgram(bufferIO()) as unknown as Command).filter(
  ({ option }) =>
    option.long !== '--seed' && option.parseArg && ['1', '0.5', '80%', '0'].some((v) => isNumeric(read(option, v))),
);

/** Options whose value holds numbers read elsewhere than an argParser (each names its limit in help too). */
const NUMBERS_IN_TEXT = ['--verify', '--shard', '--seed', '--retreat', '--defender-retreat', '--lock-timeout'];

describe('one number syntax (row 19)', () => {
  it('every numeric flag reads the same spellings alike and refuses hex, Infinity and inner spaces', () => {
    expect(numeric.length).toBeGreaterThan(30);
    for (const { where, option } of numeric) {
      const what = `${where} ${option.flags}`;
      for (const plain of ['1', '2', '10', '0.5', '80%']) {
        const value = read(option, plain);
        if (value === 'refused') continue;
        const body = plain.replace('%', '');
        const suffix = plain.endsWith('%') ? '%' : '';
        for (const same of [
          `${body}e0${suffix}`,
          ` ${plain} `,
          `+${plain}`,
          `${body}${body.includes('.') ? '0' : '.0'}${suffix}`,
        ])
          expect(read(option, same), `${what} '${same}'`).toEqual(value);
      }
      for (const hostile of ['0x1', '0x10', '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '', ' ', '1 0', '5 %', '1,'])
        expect(read(option, hostile), `${what} '${hostile}'`).toBe('refused');
    }
  });

  it('--target 0x1 and 50 % are refused; 80% and 0.8 agree', async () => {
    for (const target of ['0x1', '50 %', '0x50%'])
      expect(
        isCleanRefusal(await cli(['odds', 'landgrab', '--attackers', '3', '--defenders', '2', '--target', target])),
      ).toBe(true);
  });

  it('--verify, --shard and --port read numbers the same way', () => {
    expect(parseVerify('0')).toEqual({ kind: 'none' });
    expect(parseVerify('0%')).toEqual({ kind: 'none' });
    expect(parseVerify('1e1')).toEqual({ kind: 'count', count: 10 });
    expect(parseVerify('2.5%')).toEqual({ kind: 'percent', percent: 2.5 });
    expect(parseVerify('1_000_000')).toEqual({ kind: 'count', count: 1_000_000 });
    for (const hostile of ['0x2', '2 %', '1000001', '101%', '-1', 'Infinity', '1.5'])
      expect(() => parseVerify(hostile), hostile).toThrow(/is not a count of chunks from 0 to 1,000,000/);
    expect(parseShardSpec('1e0/2')).toEqual({ index: 1, count: 2 });
    for (const hostile of ['0x0/2', '1/0x2', '1/2/3', ' /2', '-0.5/2', '0/100001'])
      expect(parseShardSpec(hostile)).toBe(null);
  });
});

describe('limits stated in help and enforced (rows 6, 14)', () => {
  it('every numeric flag states its limit in its help', () => {
    const options = everyOption(buildProgram(bufferIO()) as unknown as Command).filter(
      ({ option }) => numeric.some((n) => n.option === option) || NUMBERS_IN_TEXT.includes(option.long ?? ''),
    );
    const limit = /at most|\d to (\d|1e9|the cores)|between|above 0|below|\bi < N\b|0 <= i/;
    for (const { where, option } of options)
      expect(option.description, `${where} ${option.flags}: ${option.description}`).toMatch(limit);
  });

  it('a seed of 201 characters is refused at the flag, also for a shard (row 6)', async () => {
    const dir = tempDir('battle-odds-seed-');
    const r = await cli([
      'run',
      'test/fleet/fleet-scenario.json',
      '--shard',
      '0/2',
      '--seed',
      'x'.repeat(201),
      '--out',
      path.join(dir, 'part'),
    ]);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stderr).toContain("option '--seed <s>' argument");
    expect(r.stderr).toContain('must be at most 200 characters');
  });

  it("Kings & Things' retreat conditions: limits enforced, numbers read as everywhere (row 14)", async () => {
    const ask = (retreat: string) =>
      cli([
        'odds',
        'kings-and-things',
        '--attackers',
        'Giant',
        '--defenders',
        'Elves:2R',
        '--retreat',
        retreat,
        '--json',
      ]);
    for (const retreat of ['rounds:999999999999', 'outnumbered:1e308', 'down-to:1e6', 'rounds:0x10', 'rounds:1 0']) {
      const r = await ask(retreat);
      expect(isCleanRefusal(r), `${retreat}: ${r.stderr}`).toBe(true);
      expect(r.stderr).toContain('--retreat');
    }
    const ok = await ask('rounds:1e1+outnumbered:1_000');
    expect(ok.code, ok.stderr).toBe(0);
  });
});
