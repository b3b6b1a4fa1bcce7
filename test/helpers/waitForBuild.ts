/**
 * A setup file of every test file (vitest.config.ts). Under `npm test` (scripts/test.mjs) the
 * build runs beside the tests: a file that may run the built code (every file but those of
 * WITHOUT_BUILD in schedule.ts) waits here, before it loads, until the build has ended, and
 * fails with the build's errors if it failed. Outside `npm test` (a focused `npx vitest run`)
 * nothing waits: dist/ is what the last `npm run build` left, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { runsWithoutBuild } from './schedule.js';

const buildDir = process.env.BATTLE_ODDS_TEST_BUILD;
const file = expect.getState().testPath;
if (buildDir && file && !runsWithoutBuild(file)) {
  const status = path.join(buildDir, 'status');
  // tsc takes ~20 s here (a minute on a busy machine); ten minutes means it hangs.
  for (let waited = 0; !existsSync(status); waited += 100) {
    if (waited > 600_000) throw new Error(`npm test: the build did not end within 10 minutes (${buildDir})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const code = readFileSync(status, 'utf8');
  if (code !== '0')
    throw new Error(
      `npm run build failed (exit ${code}); this file waits for it (schedule.ts: not WITHOUT_BUILD):\n` +
        readFileSync(path.join(buildDir, 'log'), 'utf8'),
    );
}
