/**
 * The battle a game is solved for: both sides' counters and the two switches of the rules
 * that change the game's moves (an unexplored hex, what buildings do when the defender's
 * creatures retreat), and the reading of who assigns losses first.
 *
 * @example
 * const battle: GameBattle = { attacker: [giant, elves], defender: [ogre, castle], fortAfterRetreat: 'falls' };
 */
import type { Counter } from '../rules/counters.js';
import type { RetreatControl } from './controls.js';
import type { SideModel } from './sideModel.js';

export interface GameBattle {
  /** The attacker's creatures and special characters. */
  attacker: readonly Counter[];
  /** The defender's creatures and characters, fort, and city or village. */
  defender: readonly Counter[];
  /** Defenders of an unexplored hex never retreat. */
  unexplored?: boolean;
  /** When the defender's creatures retreat while a building stands: it fights on alone (default), or the hex falls. */
  fortAfterRetreat?: 'fights-on' | 'falls';
}

/**
 * Who assigns a step's losses first; the other side answers knowing that choice (both
 * know both hit counts). The rules do not say; attacker-first follows 11.6's order.
 */
export type LossTurn = 'attacker-first' | 'defender-first';

/** The defender's creatures can leave its buildings fighting alone (the buildings-only compositions matter). */
export function buildingsMayFightAlone(battle: GameBattle, model: SideModel, retreat: RetreatControl): boolean {
  if (battle.unexplored || battle.fortAfterRetreat === 'falls') return false;
  if (model.buildings.length === 0 || model.creatureTypes.length === 0) return false;
  return retreat.kind === 'optimal' || retreat.rule.outnumbered > 0 || retreat.rule.downTo >= 0;
}
