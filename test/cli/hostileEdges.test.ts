/**
 * Issue 31, the command line's edges: a file where a folder is expected, an empty flag value that
 * meant "not given", each refused in one line with exit 2.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';
import { isCleanRefusal } from '../helpers/processes.js';

const dir = tempDir('battle-odds-edges-');

describe('schema --write (rows 11, 15)', () => {
  it('a path through a file is refused in one line', async () => {
    const file = path.join(dir, 'afile');
    writeFileSync(file, 'x');
    const r = await cli(['schema', '--write', path.join(file, 'x')]);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stderr).toContain('part of the path is a file, not a folder');
  });

  it("an empty file name is refused, not taken for 'print it'", async () => {
    const r = await cli(['schema', '--write', '']);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stdout).toBe('');
  });
});

describe('run --queue (row 15)', () => {
  it('an empty --queue is refused before anything runs, not run here without a word', async () => {
    const out = path.join(dir, 'queue-out');
    const r = await cli(['run', 'test/fleet/fleet-scenario.json', '--queue', '', '--out', out, '--threads', '0']);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stderr).toContain('--queue');
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});

describe('a refusal of a flag quotes what was typed, cut as every refusal is (found by the fuzzer)', () => {
  it('a 400-character value: one short line', async () => {
    const r = await cli(['odds', 'landgrab', '--attackers', 'x'.repeat(400), '--defenders', '3']);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stderr).toContain('(400 characters)');
  });
});
