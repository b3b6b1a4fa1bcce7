/** Reading scenario files: only regular files, bounded, UTF-8 with or without a BOM, exact numbers. */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../src/core/model/inputError.js';
import { expandScenarioPaths, loadScenario, readJsonFile } from '../../src/files/scenarioFile.js';
import { inspectJsonText } from '../../src/files/jsonText.js';
import { MAX_SCENARIO_BYTES } from '../../src/files/userFile.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('battle-odds-scenario-file-');
const valid = { name: 'file-test', system: 'landgrab', trials: 1000, battles: [{ attackers: 5, defenders: 3 }] };

function write(name: string, body: string | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, body);
  return file;
}

/** The one-line message `read` refuses with. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('what is not a regular file is refused before reading', () => {
  it('a named pipe (FIFO) with no writer: refused at once, not a hang', () => {
    const fifo = path.join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const started = performance.now();
    expect(refusal(() => readJsonFile(fifo))).toBe(`${fifo}: is a named pipe (FIFO), not a scenario file`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('/dev/zero, a folder', () => {
    expect(refusal(() => readJsonFile('/dev/zero'))).toBe('/dev/zero: is a character device, not a scenario file');
    expect(refusal(() => readJsonFile(dir))).toBe(`${dir}: is a folder, not a scenario file`);
  });

  it('a file over the size limit, with the limit in the message', () => {
    const big = write('big.json', Buffer.alloc(MAX_SCENARIO_BYTES + 1, 0x20));
    expect(refusal(() => readJsonFile(big))).toBe(`${big}: is 4,194,305 bytes; scenario files may be at most 4 MiB`);
    const small = write('small-limit.json', JSON.stringify(valid));
    expect(refusal(() => readJsonFile(small, 10))).toContain('scenario files may be at most 10 bytes');
  });
});

describe('missing files and links say what is wrong', () => {
  it('a symbolic link loop says so (ELOOP), not "no such file"', () => {
    const a = path.join(dir, 'loop-a.json');
    const b = path.join(dir, 'loop-b.json');
    symlinkSync(b, a);
    symlinkSync(a, b);
    expect(refusal(() => readJsonFile(a))).toBe(`${a}: is a symbolic link loop (ELOOP)`);
    expect(refusal(() => expandScenarioPaths([a]))).toBe(`${a}: is a symbolic link loop (ELOOP)`);
  });

  it('a dangling link, a missing file, a path through a file', () => {
    const dangling = path.join(dir, 'dangling.json');
    symlinkSync(path.join(dir, 'nowhere.json'), dangling);
    expect(refusal(() => readJsonFile(dangling))).toContain('is a symbolic link to a missing file');
    expect(refusal(() => readJsonFile(path.join(dir, 'missing.json')))).toContain(': no such file');
    expect(refusal(() => expandScenarioPaths([path.join(dir, 'missing.json')]))).toContain('no such file or folder');
    const file = write('plain.json', '{}');
    expect(refusal(() => readJsonFile(path.join(file, 'x.json')))).toContain('part of the path is not a folder');
  });

  it('an empty path, a folder without scenarios', () => {
    expect(refusal(() => expandScenarioPaths(['']))).toContain('empty path');
    const empty = path.join(dir, 'empty-folder');
    mkdirSync(empty);
    expect(refusal(() => expandScenarioPaths([empty]))).toContain('no .json scenario files');
  });
});

describe('text encoding', () => {
  it('accepts a UTF-8 byte-order mark', () => {
    const file = write('bom.json', `\ufeff${JSON.stringify(valid)}`);
    expect(loadScenario(file).name).toBe('file-test');
  });

  it('refuses UTF-16 and bytes that are not UTF-8, in words', () => {
    const utf16 = write('utf16.json', Buffer.from(`\ufeff${JSON.stringify(valid)}`, 'utf16le'));
    expect(refusal(() => readJsonFile(utf16))).toContain('is UTF-16 text');
    const latin1 = write('latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    expect(refusal(() => readJsonFile(latin1))).toContain('is not UTF-8 text');
  });
});

describe('numbers JSON.parse would round, and absurd nesting', () => {
  it('refuses a seed beyond 2^53 and says to write it as a string', () => {
    const file = write('big-seed.json', JSON.stringify(valid).replace('"trials"', '"seed":9007199254740993,"trials"'));
    expect(refusal(() => readJsonFile(file))).toBe(
      `${file}: seed: 9007199254740993 is beyond 2^53 - 1 (9007199254740991) and cannot be read exactly; ` +
        'write it as a string: "9007199254740993"',
    );
    const asString = write('string-seed.json', JSON.stringify({ ...valid, seed: '9007199254740993' }));
    expect(loadScenario(asString).seed).toBe('9007199254740993');
  });

  it('names the field of any other integer beyond 2^53; fractions and exponents are left to validation', () => {
    const file = write('big-armies.json', '{"battles":[{"attackers": 1, "defenders": -123456789012345678901}]}');
    expect(refusal(() => readJsonFile(file))).toContain('battles[0].defenders: -123456789012345678901 is beyond 2^53');
    expect(inspectJsonText('{"a": 1e300, "b": 9007199254740993.5, "c": 9007199254740991}').inexactIntegers).toEqual([]);
  });

  it('tracks keys and indices through strings with escapes and nested containers', () => {
    const text = '{"a\\"b": [1, {"x": "]}\\\\", "y": [0, 0, 18446744073709551616]}], "z": 1}';
    expect(inspectJsonText(text)).toEqual({
      maxDepth: 4,
      inexactIntegers: [{ path: ['a"b', 1, 'y', 2], literal: '18446744073709551616' }],
    });
  });

  it('refuses nesting deeper than 64 levels', () => {
    const file = write('deep.json', `{"battles": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(refusal(() => readJsonFile(file))).toBe(`${file}: nests 10001 levels deep; at most 64`);
  });
});

describe('a key written twice in one object', () => {
  it('is refused, naming the key and the path to it, in a file and in --entry', async () => {
    const text = JSON.stringify(valid).replace('"attackers":5', '"attackers":5,"defenders":4,"attackers":50');
    const file = write('duplicate.json', text);
    expect(refusal(() => readJsonFile(file))).toBe(
      `${file}: battles[0].attackers: the key 'attackers' appears twice in one object ` +
        '(JSON would keep only the last); remove one',
    );
    const top = write('duplicate-top.json', JSON.stringify(valid).replace('"trials"', '"trials":5,"trials"'));
    expect(refusal(() => readJsonFile(top))).toContain(`${top}: trials: the key 'trials' appears twice`);
    const { cli } = await import('../helpers/cli.js');
    const r = await cli(['odds', 'landgrab', '--entry', '{"attackers": 5, "defenders": 3, "defenders": 30}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--entry: defenders: the key 'defenders' appears twice");
  });

  it('compares keys as JSON reads them (escapes decoded); the same key in two objects, or in a string, is fine', () => {
    expect(inspectJsonText('{"ab": 1, "a\\u0062": 2}').duplicateKey).toEqual(['ab']);
    expect(inspectJsonText('{"": 1, "": 2}').duplicateKey).toEqual(['']);
    expect(inspectJsonText('[{"k": 1}, {"k": 2}]').duplicateKey).toBeUndefined();
    expect(
      inspectJsonText('{"a": {"b": 1}, "c": {"b": 2}, "s": "{\\"a\\": 1, \\"a\\": 2}"}').duplicateKey,
    ).toBeUndefined();
    expect(inspectJsonText('{"x": [0, {"y": 1, "z": {}, "y": 2}]}').duplicateKey).toEqual(['x', 1, 'y']);
  });

  it('a scenario file at the size limit is still checked whole (every object, every key)', () => {
    const battles = Array.from({ length: 30_000 }, (_, i) => ({ label: `battle ${i}`, attackers: 5, defenders: 3 }));
    const body = JSON.stringify({ ...valid, battles }, null, 2);
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const last = body.lastIndexOf('"defenders"');
    const twice = `${body.slice(0, last)}"attackers": 6, ${body.slice(last)}`;
    expect(inspectJsonText(body).duplicateKey).toBeUndefined();
    expect(inspectJsonText(twice).duplicateKey).toEqual(['battles', 29_999, 'attackers']);
  });
});
