/**
 * The package's bookkeeping agrees with itself: the lock file describes package.json as it
 * is (after `npm install` a fresh clone's tree stays clean), and no line of code is longer
 * than the formatter's width (scripts/check-lines.mjs, also run by `npm run format:check`).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';

const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

describe('housekeeping', () => {
  it("package-lock.json's root entry matches package.json (name, version, bin, dependency ranges)", () => {
    const manifest = json('package.json');
    const locked = json('package-lock.json').packages[''];
    for (const field of ['name', 'version', 'bin', 'dependencies', 'devDependencies', 'engines'])
      expect(locked[field], field).toEqual(manifest[field]);
  });

  it('has no line over 120 characters', () => {
    const result = spawnSync(process.execPath, ['scripts/check-lines.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
