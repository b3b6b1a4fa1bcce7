/**
 * What a player asks beyond the odds, defined once for every face (the command line's flags, the
 * page's fields, a scenario's `question`, the library's options): a target probability, advice on
 * the decisions and what it optimises, the force left out ("how many do I need?"), a field to
 * solve for. A question asks beyond the odds when it names a target or asks for advice; then "how
 * much is needed" is answered for the target (the player's, else DEFAULT_TARGET), and with advice
 * the decisions too (when to stop, what to give up).
 *
 * @example
 * askedOf({}) // null: the odds alone
 * askedOf({ advise: true }) // { target: 0.8, targetNamed: false, advise: true }
 * askedOf({ target: 0.9 }) // { target: 0.9, targetNamed: true, advise: false }
 */

/**
 * What advice can optimise, where a system offers a choice (it lists them in
 * `RuleSystem.objectives`, its default first; its advice/ folder says how): `armies` keeps the
 * most armies while still reaching the target, `conquest` maximises the chance of taking
 * everything attacked, `value` maximises the armies kept plus `territoryWorth` for each
 * territory taken.
 */
export const OBJECTIVES = ['armies', 'conquest', 'value'] as const;
export type Objective = (typeof OBJECTIVES)[number];
/** The most one territory taken may be worth, in armies (objective `value`): twice the largest army. */
export const MAX_TERRITORY_WORTH = 10_000;

/**
 * What the player asks beyond the odds, for systems that can answer it (advise() answers it):
 * a target probability ("how many do I need for at least p?") and whether to advise on the
 * decisions (when to stop, what to give up, how to defend), and for what objective.
 * `checkQuestion` (engine/validate/checkQuestion.ts) refuses combinations the system cannot answer.
 */
export interface Question {
  /** A probability the player wants to reach, 0 < target <= 1. */
  target?: number;
  /** Answer the decisions too (stop rules, optimal play), not only the odds. */
  advise?: boolean;
  /** What the advice optimises (only with `advise`, where the system lists objectives); default its first. */
  objective?: Objective;
  /** With objective `value`: what one territory taken is worth, in armies (0 or more). */
  territoryWorth?: number;
  /**
   * The player left out the attacking force and asked how much is needed (RuleSystem.force):
   * the entry holds the fewest that reaches the target, and the answer says so ("you need"),
   * never "you have".
   */
  forceAsked?: boolean;
  /**
   * Solve the battle for this numeric field of its entry (a dotted path, or a front end's name
   * for it): where the headline reaches `target` (engine/solve/). The target is then the solve's.
   */
  solveFor?: string;
  /** With `solveFor`: the whole numbers to search, [low, high] (default: every value the field takes). */
  solveRange?: [number, number];
  /** Each numeric knob of the battle one step down and up: the headline's change, largest first (a tornado). */
  sensitivity?: boolean;
}

/**
 * What a question asks beyond the odds, as every system reads it (kit/advice.ts `askedOf` makes
 * it): the target to answer for, and whether the decisions are asked too.
 */
export interface Asked {
  /** The target of "how much is needed": the player's, or the default one (DEFAULT_TARGET) of an advice. */
  target: number;
  /** The player named the target (it is not the default that comes with advice). */
  targetNamed: boolean;
  /** Advice on the decisions too (when to stop, what to give up): not only how much is needed. */
  advise: boolean;
}

/** The target of an advice (`--advise`, `should-i-attack`) when the player named none. */
export const DEFAULT_TARGET = 0.8;

/** What the question asks beyond the odds, or null when it asks the odds alone (advise() is then not called). */
export function askedOf(question: Question): Asked | null {
  const { target, advise = false } = question;
  if (target === undefined && !advise) return null;
  return { target: target ?? DEFAULT_TARGET, targetNamed: target !== undefined, advise };
}
