/**
 * The recommendation word every system's verdict starts with, from the attacker's chance of
 * taking what it attacks, so the same chance reads the same in every rule system.
 */

/** "Attack:", "A gamble:" or "Hold back:": a plain recommendation from the chance of taking it. */
export function recommendation(p: number): Recommendation['word'] {
  if (p >= 0.6) return 'Attack';
  if (p >= 0.4) return 'A gamble';
  return 'Hold back';
}

/** The recommendation a verdict opens with, as a decision of the report. */
export interface Recommendation {
  word: 'Attack' | 'A gamble' | 'Hold back';
  basis: 'chance' | 'objective';
  chance: number;
  of: string;
}

/**
 * The recommendation read from a chance (`of` names the metric it is).
 *
 * @example
 * fromChance(0.53, 'pAttackerWins') // { word: 'A gamble', basis: 'chance', chance: 0.53, of: 'pAttackerWins' }
 */
export function fromChance(chance: number, of: string): Recommendation {
  return { word: recommendation(chance) as Recommendation['word'], basis: 'chance', chance, of };
}
