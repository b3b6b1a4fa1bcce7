/**
 * How a rule system is asked from the command line (and, from the same data, from the web
 * page's form): plain data, no commander types. Each system's folder has a `cli.ts` with
 * one of these; the composition root (src/app/systems.ts) pairs it with the system.
 */

/** One flag of `battle-odds odds <system>`. */
export interface OddsOption {
  /** Flag syntax, e.g. `--attackers <n>` or `--fortress`. */
  flags: string;
  description: string;
  /** How to read the value: integers, numbers, comma-separated integers, or text. */
  parse?: 'int' | 'number' | 'int-list' | 'text';
  /**
   * The largest value an integer flag (or each value of a list) accepts: every `int` and
   * `int-list` flag states one (a test checks), so `--territories 1e20` is refused in those
   * words rather than answered. Finer limits (at least 2 attackers ...) are the entry schema's.
   */
  max?: number;
  default?: string | boolean;
}

/** How a system answers `battle-odds odds <system> [flags]`. */
export interface OddsCommand {
  summary: string;
  options: OddsOption[];
  /** Lines shown under "Examples:" in --help. */
  examples: string[];
  /** Turn the parsed flags into one raw battle entry (validated like a scenario entry). */
  toBattle(flags: Record<string, unknown>): unknown;
  /**
   * The flag a user typed for a field of the battle entry (e.g. `defender.fort` -> `--fort`),
   * so validation errors name the flag; undefined falls back to the field's own name in flag form.
   */
  flagFor?(field: string): string | undefined;
}

/** An extra subcommand a system offers (e.g. LandGrab's reinforcements), as plain data. */
export interface ExtraCommand {
  name: string;
  description: string;
  options: Array<OddsOption & { required?: boolean }>;
  examples: string[];
  /** The answer, as the text to print; throws InputError on bad values. */
  run(flags: Record<string, unknown>): string;
}

export interface SystemCli {
  odds: OddsCommand;
  commands?: ExtraCommand[];
}
