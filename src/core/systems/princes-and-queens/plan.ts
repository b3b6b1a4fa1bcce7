/**
 * Princes & Queens plans and their tally layout: one definition, read by name by the
 * summary and by offset (`plan.at`) by solve(). Nothing is sampled: solve() puts a 1 on
 * the one outcome that happens (a one-hot vector over the `outcome` partition).
 */
import { LayoutBuilder, type TallyLayout } from '../../model/tallyLayout.js';
import type { Defence, PrinceFloor, TieReading } from './values.js';

/**
 * The headline: the attack is possible, and then it wins (a possible attack always wins
 * the hex; an impossible one does not count). Its complement is the other outcome.
 */
export const HEADLINE = 'attackPossible';
export const NOT_POSSIBLE = 'attackNotPossible';

/** Bins of the outcome block: the attack is possible (and wins), or not possible. */
export interface AttackOffsets {
  possible: number;
  notPossible: number;
}

export interface PqPlan {
  princes: 1 | 2;
  /** Hexes from the battle hex to the attacker's own Queen, at the end of the move. */
  distance: number;
  defence: Defence;
  ties: TieReading;
  floor: PrinceFloor;
  at: AttackOffsets;
}

/** The layout of an attack: two outcome bins, an event for each, and the partition they form. */
export function attackLayout(): { layout: TallyLayout; at: AttackOffsets } {
  const b = new LayoutBuilder();
  const outcome = b.block('outcomes', 2);
  const at = { possible: outcome, notPossible: outcome + 1 };
  b.event(HEADLINE, 'Attack possible (and it wins)', [[at.possible, 1]]);
  b.event(NOT_POSSIBLE, 'Attack not possible (the move does not count)', [[at.notPossible, 1]]);
  b.partition('outcome', 'Outcome', [HEADLINE, NOT_POSSIBLE]);
  return { layout: b.build(), at };
}
