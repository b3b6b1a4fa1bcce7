/** `battle-odds --version` (or `-V`) alone: answered before the program loads. */
export function isVersionQuestion(argv: readonly string[]): boolean {
  return argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V');
}
