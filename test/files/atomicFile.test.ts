/** `schema --write FILE`: whole or not at all. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { InputError } from '../../src/core/model/inputError.js';
import { writeFileAtomically } from '../../src/files/atomicFile.js';
import { tempDir } from '../helpers/cli.js';

describe('writeFileAtomically', () => {
  it('writes a new file and replaces an old one, leaving no temporary file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'schema.json');
    writeFileAtomically(file, 'one');
    writeFileAtomically(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['schema.json']);
  });

  it('removes temporary files of dead runs, keeps those of live ones', () => {
    const dir = tempDir();
    const file = path.join(dir, 'schema.json');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(path.join(dir, `.schema.json.tmp-${dead}-0000`), 'half');
    writeFileSync(path.join(dir, `.schema.json.tmp-${process.pid}-1111`), 'mine');
    writeFileAtomically(file, 'new');
    expect(readdirSync(dir).sort()).toEqual([`.schema.json.tmp-${process.pid}-1111`, 'schema.json']);
  });

  it('refuses a folder, an empty name and a missing folder, in one line naming the flag', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'sub'));
    const refusal = (file: string) => {
      try {
        writeFileAtomically(file, 'x', 'schema --write');
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal(path.join(dir, 'sub'))).toBe(`schema --write: ${path.join(dir, 'sub')} is a folder, not a file`);
    expect(refusal('')).toBe('schema --write: needs a file name');
    expect(refusal(path.join(dir, 'missing', 'x.json'))).toContain('its folder does not exist (ENOENT)');
  });

  it('writes through a symbolic link, keeping the link', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'real.json'), 'old');
    symlinkSync(path.join(dir, 'real.json'), path.join(dir, 'link.json'));
    writeFileAtomically(path.join(dir, 'link.json'), 'new');
    expect(readFileSync(path.join(dir, 'real.json'), 'utf8')).toBe('new');
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json']);
  });
});
