/**
 * The player's objective for a stop rule (the question's `objective`, an entry's `stopRule`)
 * as the decisions solver's objective:
 *
 * - `armies` (the default): the most armies kept with P(conquest) >= the target;
 * - `conquest`: the best chance of taking the territory (or the whole path);
 * - `value`: the most armies kept plus `territoryWorth` armies for each territory taken.
 */
import type { Objective } from '../../../model/question.js';
import type { StoppingObjective } from './stopping/whenToStop.js';

export interface ObjectiveChoice {
  objective: Objective;
  /** With `armies`: the P(conquest) the rule must still reach. */
  minConquest?: number;
  /** With `value`: what one territory taken is worth, in armies. */
  territoryWorth?: number;
}

/**
 * @example
 * stoppingObjective({ objective: 'value', territoryWorth: 10 }) // { kind: 'value', perTerritory: 10 }
 * stoppingObjective({ objective: 'armies', minConquest: 0.8 }) // { kind: 'max-armies', minConquest: 0.8 }
 */
export function stoppingObjective(choice: ObjectiveChoice): StoppingObjective {
  if (choice.objective === 'conquest') return { kind: 'max-conquest' };
  if (choice.objective === 'value') return { kind: 'value', perTerritory: choice.territoryWorth ?? 0 };
  if (choice.minConquest === undefined) throw new RangeError('the armies objective needs a target P(conquest)');
  return { kind: 'max-armies', minConquest: choice.minConquest };
}
