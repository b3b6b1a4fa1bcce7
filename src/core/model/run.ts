/**
 * What a run is, before any of it runs: how a battle is answered, and the trials and seed a
 * question gets when it names none. Defined once; the command line, the page, the library, the
 * scenario files and the fleet read them from here.
 */

/**
 * How a battle is answered:
 * - `auto`: exactly where the system solves it, else by Monte Carlo (the report says which);
 * - `sample`: by Monte Carlo (with `check`, exact values beside the estimates where solvable);
 * - `exact`: exactly, or not at all (NoExactAnswer).
 * A battle with nothing random is always solved.
 */
export type Method = 'auto' | 'sample' | 'exact';
export const METHODS = ['auto', 'sample', 'exact'] as const satisfies readonly Method[];

/** The most trials one battle may ask for (about a minute of the slowest kernel). */
export const MAX_TRIALS = 1e9;
/** Trials of a sampled battle when the question or scenario names none. */
export const DEFAULT_TRIALS = 1_000_000;
/** With a precision target and no trials given, the cap is this high, so the target is what stops the run. */
export const DEFAULT_PRECISION_CAP = 100_000_000;
/** The longest seed written as text (a scenario file's, a flag's, a part's). */
export const MAX_SEED_CHARS = 200;
/** The seed of a question or scenario that names none: a run is a pure function of (scenario, seed, trials). */
export const DEFAULT_SEED = 'battle-odds';
