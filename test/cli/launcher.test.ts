/**
 * The installed binary's launcher (src/cli/launcher.ts, dist/cli/main.js): the code cache the build
 * recorded is used when it is this bundle's and this Node's, and otherwise the same program runs
 * without it: another Node's cache, an edited bundle (the edit is what runs, not stale code), a
 * damaged cache, one V8 refuses (recorded under other V8 flags), none at all. Each case runs a copy
 * of the built package, changed, and checks what the launcher did with the cache and what it printed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, binary, tempDir } from '../helpers/cli.js';

const ODDS = ['odds', 'landgrab', '--attackers', '10', '--defenders', '10'];

/** A copy of the built package (its manifest and dist/cli; its dependencies linked): the folder of its main.js. */
function copyOfPackage(): string {
  const root = tempDir('battle-odds-launcher-');
  cpSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
  cpSync(path.join(ROOT, 'dist/cli'), path.join(root, 'dist/cli'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return path.join(root, 'dist/cli');
}

function node(args: string[], cwd = ROOT): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What the launcher in `dir` does with its cache (a process of its own). */
function cacheUse(dir: string, nodeFlags: string[] = []): string {
  const main = JSON.stringify(path.join(dir, 'main.js'));
  const script = `process.stdout.write(require(${main}).loadBundle(${JSON.stringify(dir)}).cache)`;
  const r = node([...nodeFlags, '-e', script]);
  expect(r.stderr).toBe('');
  return r.stdout;
}

/** The exact answer from the binary in `dir`. */
function odds(dir: string): { code: number | null; stdout: string; stderr: string } {
  return node([path.join(dir, 'main.js'), ...ODDS]);
}

/** The cache file's header line (JSON) and V8's data after it. */
function readCache(dir: string): { header: Record<string, unknown>; data: Buffer } {
  const contents = readFileSync(path.join(dir, 'cli.js.cache'));
  const end = contents.indexOf(10);
  return { header: JSON.parse(contents.toString('latin1', 0, end)), data: contents.subarray(end + 1) };
}

function writeCache(dir: string, header: Record<string, unknown>, data: Buffer): void {
  writeFileSync(path.join(dir, 'cli.js.cache'), Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), data]));
}

describe('the launcher and the code cache', () => {
  let expected: ReturnType<typeof binary>;
  beforeAll(() => {
    expected = binary(ODDS);
    expect(expected.code, expected.stderr).toBe(0);
    expect(expected.stdout).toContain('A gamble');
  });

  it('uses the cache the build recorded, in the checkout and in a copy elsewhere', () => {
    expect(cacheUse(path.join(ROOT, 'dist/cli'))).toBe('used');
    const dir = copyOfPackage();
    expect(cacheUse(dir)).toBe('used');
    expect(odds(dir)).toEqual(expected);
  });

  it('answers the exact question without loading zod (the schemas build on first use; the quick entry check)', () => {
    const main = JSON.stringify(path.join(ROOT, 'dist/cli/main.js'));
    const run = (args: string[]) =>
      node([
        '-e',
        `const { bundle } = require(${main}).loadBundle(${JSON.stringify(path.join(ROOT, 'dist/cli'))});
        const quiet = { write: () => true };
        const argv = ['node', 'battle-odds', ...${JSON.stringify(args)}];
        bundle.loadProgram()
          .then(({ runProgram }) => runProgram(argv, { stdout: quiet, stderr: quiet }))
          .then((code) => process.stdout.write(code + ' ' + Boolean(globalThis[Symbol.for('battle-odds.zod')])));`,
      ]).stdout;
    expect(run(ODDS)).toBe('0 false');
    // A field the quick check leaves to the schema: zod loads, and words the error.
    expect(run(['odds', 'landgrab', '--entry', '{"attackers":5,"defenders":3,"bogus":1}'])).toBe('2 true');
  });

  it("passes over another Node's cache, a damaged one and a missing one, and answers the same", () => {
    const dir = copyOfPackage();
    const { header, data } = readCache(dir);
    writeCache(dir, { ...header, node: 'v20.0.0' }, data);
    expect(cacheUse(dir)).toBe('unfit');
    expect(odds(dir)).toEqual(expected);

    const damaged = Buffer.from(data);
    damaged[damaged.length >> 1] ^= 0xff;
    writeCache(dir, header, damaged);
    expect(cacheUse(dir)).toBe('unfit');
    expect(odds(dir)).toEqual(expected);

    rmSync(path.join(dir, 'cli.js.cache'));
    expect(cacheUse(dir)).toBe('unfit');
    expect(odds(dir)).toEqual(expected);
  });

  it('runs an edited bundle as edited, never the cached code of the one before (same length)', () => {
    const dir = copyOfPackage();
    const bundle = path.join(dir, 'cli.js');
    const text = readFileSync(bundle, 'latin1');
    expect(text).toContain('"A gamble"');
    writeFileSync(bundle, text.replaceAll('"A gamble"', '"B gamble"'), 'latin1');
    expect(cacheUse(dir)).toBe('unfit');
    const r = odds(dir);
    expect(r.stdout).toBe(expected.stdout.replace('A gamble', 'B gamble'));
  });

  it('compiles the bundle as plain JavaScript when V8 refuses the cache (other V8 flags), and answers the same', () => {
    const dir = copyOfPackage();
    expect(cacheUse(dir, ['--no-opt'])).toBe('rejected');
    const r = node(['--no-opt', path.join(dir, 'main.js'), ...ODDS]);
    expect(r).toEqual(expected);
  });
});
