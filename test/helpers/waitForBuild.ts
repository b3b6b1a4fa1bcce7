/**
 * A setup file of every test file (vitest.config.ts). Under `npm test` (scripts/test.mjs) the
 * build runs beside the tests: a file waits here, before it loads, until the command line's
 * bundle is written (~1.5 s), and a file of NEEDS_TSC (schedule.ts) until tsc's dist/src is too;
 * it fails with the build's errors if that part failed. Outside `npm test` (a focused
 * `npx vitest run`) nothing waits: dist/ is what the last build left, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { needsTsc } from './schedule.js';

const buildDir = process.env.BATTLE_ODDS_TEST_BUILD;
const file = expect.getState().testPath;
if (buildDir && file)
  for (const part of needsTsc(file) ? ['cli', 'tsc'] : ['cli']) {
    const status = path.join(buildDir, part);
    // tsc takes ~20 s here (a minute or two on a busy machine); ten minutes means it hangs.
    for (let waited = 0; !existsSync(status); waited += 100) {
      if (waited > 600_000)
        throw new Error(`npm test: the build (${part}) did not end within 10 minutes (${buildDir})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const code = readFileSync(status, 'utf8');
    if (code !== '0')
      throw new Error(
        `the build failed (${part === 'cli' ? 'the CLI bundle' : 'tsc'} exited ${code}); this file waits for it:\n` +
          readFileSync(path.join(buildDir, `${part}.log`), 'utf8'),
      );
  }
