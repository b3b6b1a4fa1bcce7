/**
 * The command line past `--version`: the entry of the bundle the installed binary loads
 * (dist/cli/cli.js, through src/cli/launcher.ts), and what dist/src/cli/main.js runs.
 */
import { exitCodeAfter, installInterruptHandlers } from '../session/interrupt.js';

/** Runs the command line on the process's arguments and streams, and sets its exit code. */
export async function startCli(): Promise<void> {
  // Handlers first: a Ctrl-C that comes while the program is still loading is seen.
  installInterruptHandlers();
  // Standard output closed early (`| head`) or full: src/cli/io.ts keeps the run going and says so.
  const { runProgram } = await import('./program.js');
  const code = await runProgram(process.argv);
  // Interrupted runs still write their partial results, but scripts must see they were cut short (130 / 143).
  process.exitCode = exitCodeAfter(code);
}

/**
 * The program alone, no handlers installed: the build runs a command through it to record
 * which functions the command line compiles (scripts/bundle-cli.mjs, the code cache).
 */
export function loadProgram(): Promise<typeof import('./program.js')> {
  return import('./program.js');
}
