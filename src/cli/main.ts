#!/usr/bin/env node
/**
 * battle-odds command line entry, as dist/src/cli/main.js. `--version` answers before
 * anything heavy loads; the rest of the program (commander, the rule systems, zod) loads
 * on demand. The installed binary, dist/cli/main.js, is src/cli/launcher.ts instead: the
 * same two steps, from the bundle and its code cache.
 */
import { packageVersion } from '../files/packageInfo.js';
import { isVersionQuestion, writeVersion } from './version.js';

if (isVersionQuestion(process.argv)) {
  writeVersion(`${packageVersion()}\n`);
} else {
  const { startCli } = await import('./start.js');
  await startCli();
}
