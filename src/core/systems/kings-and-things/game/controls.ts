/**
 * Who decides a side's losses and retreats: optimal play (chosen by the solver, after the
 * dice, state by state) or a fixed policy decided before the battle (the project's named
 * loss policies and retreat rules), so both are solved by the same state machine.
 *
 * A fixed retreat rule must depend on the position only: `afterRounds` needs the round
 * number, which the game state does not carry, so it is refused (`retreatRuleProblem`).
 *
 * @example
 * const defender = namedControl(defenderCounters, 'buildings-first'); // fixed order, retreat never
 * solveGame(battle, { attacker: OPTIMAL, defender }); // the attacker's best play against it
 */
import type { Counter } from '../rules/counters.js';
import { NEVER, type RetreatRule } from '../rules/retreat.js';
import { namedLossOrder, type NamedLossPolicy } from './namedOrders.js';

export type LossControl = { kind: 'optimal' } | { kind: 'order'; label: string; order: readonly Counter[] };
export type RetreatControl = { kind: 'optimal' } | { kind: 'rule'; rule: RetreatRule };

export interface SideControl {
  losses: LossControl;
  retreat: RetreatControl;
}

export const OPTIMAL: SideControl = { losses: { kind: 'optimal' }, retreat: { kind: 'optimal' } };

/** A named loss policy (../rules/lossOrder.ts) with a fixed retreat rule (default: never). */
export function namedControl(counters: readonly Counter[], policy: NamedLossPolicy, rule = NEVER): SideControl {
  return {
    losses: { kind: 'order', label: policy, order: namedLossOrder(counters, policy) },
    retreat: { kind: 'rule', rule },
  };
}

/** An explicit loss order (e.g. a compiled plan's) with a fixed retreat rule. */
export function orderControl(order: readonly Counter[], label: string, rule = NEVER): SideControl {
  return { losses: { kind: 'order', label, order }, retreat: { kind: 'rule', rule } };
}

/** Optimal losses, but a fixed retreat rule (e.g. never: the side fights to the end). */
export function optimalLosses(rule = NEVER): SideControl {
  return { losses: { kind: 'optimal' }, retreat: { kind: 'rule', rule } };
}

/** Why a retreat rule cannot be used by the game solver, or null. */
export function retreatRuleProblem(rule: RetreatRule): string | null {
  return rule.afterRounds > 0
    ? 'a retreat after N rounds depends on the round number, which the game state does not carry'
    : null;
}

/** A short label: 'optimal', the loss policy's name, plus the retreat rule when it is not never. */
export function controlLabel(c: SideControl): string {
  const losses = c.losses.kind === 'optimal' ? 'optimal' : c.losses.label;
  if (c.retreat.kind === 'optimal') return c.losses.kind === 'optimal' ? 'optimal' : `${losses}, optimal retreat`;
  const r = c.retreat.rule;
  const parts = [
    r.outnumbered > 0 ? `retreat when outnumbered ${r.outnumbered}:1` : '',
    r.downTo >= 0 ? `retreat when down to ${r.downTo}` : '',
  ].filter((s) => s);
  if (c.losses.kind === 'optimal' && parts.length === 0) return 'optimal losses, never retreats';
  return [losses, ...parts].join(', ');
}
