/**
 * The recommendation word every system's verdict starts with, from the attacker's chance of
 * taking what it attacks, so the same chance reads the same in every rule system.
 */

/** "Attack:", "A gamble:" or "Hold back:": a plain recommendation from the chance of taking it. */
export function recommendation(p: number): string {
  if (p >= 0.6) return 'Attack';
  if (p >= 0.4) return 'A gamble';
  return 'Hold back';
}

/** The target of an advice (`--advise`, `should-i-attack`) when the player named none. */
export const DEFAULT_TARGET = 0.8;
