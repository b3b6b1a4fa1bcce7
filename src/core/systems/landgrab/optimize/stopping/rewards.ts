/**
 * What an attack's end is worth: a linear reward over the attacker's armies kept, the
 * territories taken and the whole path taken. Every stopping objective is one such reward
 * (maximising P(conquest) is onCompletion = 1 and nothing else).
 *
 * Armies kept = every attacker army alive at the end on this path: the armies left in the
 * current attacking territory plus the one left behind in each territory taken before it.
 * With a armies in the attacking territory at step k (0-based) that is a + k; a single
 * battle ends with a kept, whether it is won (a - 1 move in, 1 stays) or broken off.
 */
export interface RewardWeights {
  /** Value of each attacker army alive at the end. */
  perArmy: number;
  /** perTerritory[k] = value of taking step k of the path. */
  perTerritory: readonly number[];
  /** Bonus for taking the whole path. */
  onCompletion: number;
}

/**
 * The reward whose expectation is P(taking the whole path).
 *
 * @example
 * conquestReward(2) // { perArmy: 0, perTerritory: [0, 0], onCompletion: 1 }
 */
export function conquestReward(steps: number): RewardWeights {
  return { perArmy: 0, perTerritory: new Array<number>(steps).fill(0), onCompletion: 1 };
}
