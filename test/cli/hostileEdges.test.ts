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
});
