#!/usr/bin/env node
/**
 * battle-odds command line entry. `--version` answers before anything heavy loads; the
 * rest of the program (commander, the rule systems, zod) loads on demand.
 */
import { packageVersion } from '../files/packageInfo.js';
import { exitCodeAfter, installInterruptHandlers } from '../session/interrupt.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // One line, and the exit code src/cli/io.ts gives lost output, if standard output cannot take it.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.on('error', () => {});
    process.stderr.write(`battle-odds: error: standard output cannot be written (${error.code ?? error.message})\n`);
    process.exitCode = error.code === 'EPIPE' ? 141 : 74;
  });
  process.stdout.write(`${packageVersion()}\n`);
} else {
  // Handlers first: a Ctrl-C that comes while the program is still loading is seen.
  installInterruptHandlers();
  // Standard output closed early (`| head`) or full: src/cli/io.ts keeps the run going and says so.
  const { runProgram } = await import('./program.js');
  const code = await runProgram(process.argv);
  // Interrupted runs still write their partial results, but scripts must see they were cut short (130 / 143).
  process.exitCode = exitCodeAfter(code);
}
