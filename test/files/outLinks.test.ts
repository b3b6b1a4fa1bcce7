/**
 * Issue 31 row 18 (and item 4): nothing under --out is written through a link. Every file or
 * folder a run writes or replaces there is created fresh in the folder, whatever stood in its
 * place: a symbolic link out (its target untouched), a FIFO, a folder where a file goes.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';
import { isCleanRefusal } from '../helpers/processes.js';

const SCENARIO = 'test/fleet/fleet-scenario.json';
const NAME = 'fleet-check';
const run = (out: string, ...more: string[]) =>
  cli(['run', SCENARIO, '--out', out, '--threads', '0', '--no-charts', '--brief', ...more]);

/** A folder with an --out in it and, beside it, an outside file and folder a link may point to. */
function setUp() {
  const dir = tempDir('battle-odds-out-links-');
  const out = path.join(dir, 'out');
  mkdirSync(out);
  const outsideFile = path.join(dir, 'outside.html');
  writeFileSync(outsideFile, 'precious');
  const outsideDir = path.join(dir, 'outside');
  mkdirSync(outsideDir);
  writeFileSync(path.join(outsideDir, 'keep.txt'), 'precious');
  return { dir, out, outsideFile, outsideDir };
}

describe('the results home, <out>/index.html', () => {
  it('a link to a file outside: --force replaces the link, never writes through it', async () => {
    const { out, outsideFile } = setUp();
    symlinkSync(outsideFile, path.join(out, 'index.html'));
    const r = await run(out, '--force');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(outsideFile, 'utf8')).toBe('precious');
    expect(lstatSync(path.join(out, 'index.html')).isFile()).toBe(true);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(NAME);
  });

  it('a FIFO or a folder in its place: --force replaces it (no hang)', async () => {
    for (const make of ['fifo', 'folder']) {
      const { out } = setUp();
      const home = path.join(out, 'index.html');
      if (make === 'fifo') execFileSync('mkfifo', [home]);
      else mkdirSync(home);
      const r = await run(out, '--force');
      expect(r.code, `${make}: ${r.stderr}`).toBe(0);
      expect(lstatSync(home).isFile(), make).toBe(true);
    }
  });
});

describe("a scenario's folder, <out>/<name>", () => {
  it('a link to a folder outside: refused without --force, replaced (not followed) with it', async () => {
    const { out, outsideDir } = setUp();
    symlinkSync(outsideDir, path.join(out, NAME));
    const refused = await run(out);
    expect(isCleanRefusal(refused), refused.stderr).toBe(true);
    expect(refused.stderr).toContain('symbolic link');
    const r = await run(out, '--force');
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(outsideDir)).toEqual(['keep.txt']);
    expect(lstatSync(path.join(out, NAME)).isDirectory()).toBe(true);
    expect(readdirSync(path.join(out, NAME))).toContain('report.json');
  });

  it('merge too: a link in the place of the folder is refused, its target untouched', async () => {
    const { dir, out, outsideDir } = setUp();
    const parts = path.join(dir, 'part');
    expect((await cli(['run', SCENARIO, '--shard', '0/1', '--out', parts, '--threads', '0'])).code).toBe(0);
    symlinkSync(outsideDir, path.join(out, NAME));
    const r = await cli(['merge', parts, '--out', out, '--no-charts']);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(readdirSync(outsideDir)).toEqual(['keep.txt']);
  });
});

describe("a shard's tally file", () => {
  it('a link in its place is refused, never written through', async () => {
    const { out, outsideFile } = setUp();
    symlinkSync(outsideFile, path.join(out, `${NAME}.tally.json.gz`));
    const r = await cli(['run', SCENARIO, '--shard', '0/1', '--out', out, '--threads', '0']);
    expect(isCleanRefusal(r), r.stderr).toBe(true);
    expect(r.stderr).toContain('symbolic link');
    expect(readFileSync(outsideFile, 'utf8')).toBe('precious');
  });
});
