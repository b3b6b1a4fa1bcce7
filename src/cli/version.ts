/** `battle-odds --version` (or `-V`) alone: answered before the program loads. */
export function isVersionQuestion(argv: readonly string[]): boolean {
  return argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V');
}

/**
 * Writes the version: one line, and if standard output cannot take it (a closed pipe, a full disk),
 * one line on stderr and the exit code src/cli/io.ts gives lost output (141 for a closed pipe, else 74).
 */
export function writeVersion(text: string): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.on('error', () => {});
    process.stderr.write(`battle-odds: error: standard output cannot be written (${error.code ?? error.message})\n`);
    process.exitCode = error.code === 'EPIPE' ? 141 : 74;
  });
  process.stdout.write(text);
}
