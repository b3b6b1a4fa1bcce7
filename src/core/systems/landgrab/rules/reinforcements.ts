/**
 * LandGrab reinforcements: max(3, floor(territories / 3)) plus the bonus of every
 * continent the player owns whole.
 *
 * @example
 * reinforcements(14, [2, 5]) // max(3, 4) + 7 = 11
 */
/** Far above any map (the classic one has 42): the flags' limits, so an answer is never a 16-digit number. */
export const MAX_TERRITORIES = 10_000;
export const MAX_CONTINENT_BONUS = 1_000;

export function reinforcements(territories: number, continentBonuses: readonly number[] = []): number {
  if (!Number.isInteger(territories) || territories < 0)
    throw new RangeError('territories must be a whole number >= 0');
  const base = Math.max(3, Math.floor(territories / 3));
  return base + continentBonuses.reduce((s, x) => s + x, 0);
}
