#!/usr/bin/env node
/**
 * battle-odds command line entry. `--version` answers before anything heavy loads; the
 * rest of the program (commander, the rule systems, zod) loads on demand.
 */
import { packageVersion } from '../files/packageInfo.js';
import { exitCodeAfter, installInterruptHandlers } from '../session/interrupt.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  // Handlers first: a Ctrl-C that comes while the program is still loading is seen.
  installInterruptHandlers();
  // `battle-odds ... | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const { runProgram } = await import('./program.js');
  const code = await runProgram(process.argv);
  // Interrupted runs still write their partial results, but scripts must see they were cut short (130 / 143).
  process.exitCode = exitCodeAfter(code);
}
