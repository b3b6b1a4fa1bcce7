/**
 * The static rules of one Advanced Civilization conflict: who is in the area, what
 * each nation holds, the fort and the city. Plain arrays only, so a plan carrying it
 * is structured-cloneable for worker threads.
 */

/**
 * How Advantage Levels act (rules-notes section 3):
 * - `order` (default): the side with the higher level removes after the lower side,
 *   whatever the counts; equal levels resolve by counts. Reduces exactly to 24.24.
 * - `extra-removals`: each point of difference makes the lower side remove one extra
 *   token first; then the counts decide as in the base rules.
 */
export type AdvantageReading = 'order' | 'extra-removals';
export const ADVANTAGE_READINGS: readonly AdvantageReading[] = ['order', 'extra-removals'];

/**
 * The fort in a space whose city a conflict destroys (the city was attacked and none of its
 * owner's tokens are left), seed 003:
 * - `removed` (default): "a Fort [...] in a space where a city is destroyed (not reduced)
 *   [...] is removed from the board";
 * - `by-control`: the city's fate does not matter; the nation in control of the space
 *   captures the fort, as after any other conflict.
 */
/**
 * "The opponent holds Engineering" for the fort's bonus when three or more nations are in
 * the area (the seed speaks of two: "both or neither player involved in the conflict"):
 * - `any` (default): when any other nation present holds it;
 * - `all`: only when every other nation present holds it.
 * With two nations both are the seed's rule.
 */
export type FortEngineeringOpponents = 'any' | 'all';
export const FORT_ENGINEERING_OPPONENTS: readonly FortEngineeringOpponents[] = ['any', 'all'];

/**
 * A tie for control after the city was attacked (it was replaced by its owner's tokens),
 * once the fort's controller has had the tie: the sources define no control of an area.
 * - `owner` (default): the tie goes to the city's former owner, as the incumbent (the seed
 *   gives a tied fort to whoever owned it last turn);
 * - `none`: the city is gone, so a tie is a tie: nobody controls the area.
 */
export type ReplacedCityTieBreak = 'owner' | 'none';
export const REPLACED_CITY_TIE_BREAKS: readonly ReplacedCityTieBreak[] = ['owner', 'none'];

export type DestroyedCityFort = 'removed' | 'by-control';
export const DESTROYED_CITY_FORT: readonly DestroyedCityFort[] = ['removed', 'by-control'];

export interface ConflictRules {
  /** The area's population limit. */
  limit: number;
  names: string[];
  metalworking: boolean[];
  engineering: boolean[];
  military: boolean[];
  mathematics: boolean[];
  /** Index of the nation controlling the fort, or -1 when there is no fort. */
  fortOwner: number;
  /** Index of the nation owning a city in the area, or -1 when there is none. */
  cityOwner: number;
  reading: AdvantageReading;
  fortWhereCityDestroyed: DestroyedCityFort;
  fortEngineeringOpponents: FortEngineeringOpponents;
  replacedCityTieBreak: ReplacedCityTieBreak;
}

/** City attack threshold and replacement tokens by Engineering (24.31-24.35). */
export function cityThreshold(
  attackerEngineering: boolean,
  defenderEngineering: boolean,
): { attack: number; replacement: number } {
  if (attackerEngineering && !defenderEngineering) return { attack: 6, replacement: 5 };
  if (defenderEngineering && !attackerEngineering) return { attack: 8, replacement: 7 };
  return { attack: 7, replacement: 6 };
}

/**
 * The fort's bonus to its controller (seed 003): +1 when both or neither side holds
 * Engineering, +2 when only the controller does, 0 when only the opponent does.
 */
export function fortBonus(controllerEngineering: boolean, opponentEngineering: boolean): number {
  if (controllerEngineering === opponentEngineering) return 1;
  return controllerEngineering ? 2 : 0;
}
