/**
 * The end of a round and the no-hit loop, in closed form.
 *
 * Within a position (a, d), each step's value is V_s = c_s + q_s V_{s+1}: c_s is the
 * chance-weighted value of the outcomes with at least one hit (positions already solved),
 * q_s the chance that the step scores no hit on either side. After melee comes the retreat
 * node, whose value is g(x) with x = V_magic of the same position (the next round):
 * the attacker may retreat (0), then the defender (beta: 1, or the attacker against the
 * defender's buildings alone), else the round repeats. So g is a constant (a rule makes a
 * side retreat) or a clamp: max(lo, min(hi, x)) with lo = 0 when the attacker may choose
 * and hi = beta when the defender may choose. The fixed point of x = C + Q g(x), with
 * C = c0 + q0 (c1 + q1 c2) and Q = q0 q1 q2 < 1 (some counter always has a chance to
 * hit), is unique (a contraction) and equals x = C + Q clamp(C / (1 - Q), lo, hi):
 * if C / (1 - Q) lies in [lo, hi] it is the fixed point; above hi the clamp is hi and
 * C + Q hi > hi; below lo symmetrically.
 *
 * @example
 * const out = [0, 0, 0, 0];
 * closeRound([0.3, 0.1, 0.2], [0.5, 0.8, 0.6], retreatNode(CHOOSE, STAY, 1), out);
 * out[0]; // V_magic of the position
 */
import type { RetreatControl } from './controls.js';
import type { RetreatRule } from '../rules/retreat.js';

/** How a side acts at the retreat node: must stay, chooses, or its rule makes it retreat. */
export const STAY = 0;
export const CHOOSE = 1;
export const RETREAT = 2;
export type RetreatMode = typeof STAY | typeof CHOOSE | typeof RETREAT;

/** A side's mode from its control; `wants` evaluates a fixed rule at this position. */
export function retreatMode(
  control: RetreatControl,
  able: boolean,
  wants: (rule: RetreatRule) => boolean,
): RetreatMode {
  if (!able) return STAY;
  if (control.kind === 'optimal') return CHOOSE;
  return wants(control.rule) ? RETREAT : STAY;
}

/** The retreat node's value as a function of fighting on: `constant`, or clamp(x, lo, hi). */
export interface RetreatNode {
  constant: number | null;
  lo: number;
  hi: number;
}

/** The attacker decides first (retreat: 0), then the defender (retreat: beta). */
export function retreatNode(attacker: RetreatMode, defender: RetreatMode, beta: number): RetreatNode {
  if (attacker === RETREAT) return { constant: 0, lo: -Infinity, hi: Infinity };
  if (defender === RETREAT) return { constant: beta, lo: -Infinity, hi: Infinity };
  return { constant: null, lo: attacker === CHOOSE ? 0 : -Infinity, hi: defender === CHOOSE ? beta : Infinity };
}

/** Fill out = [V_magic, V_ranged, V_melee, V_retreat] of a position from its steps' c and q. */
export function closeRound(c: readonly number[], q: readonly number[], node: RetreatNode, out: number[]): void {
  closeWith(c, q, node.constant, node.lo, node.hi, out);
}

/** closeRound of retreatNode(attacker, defender, beta), without building the node (once per state). */
export function closeRoundWith(
  c: readonly number[],
  q: readonly number[],
  attacker: RetreatMode,
  defender: RetreatMode,
  beta: number,
  out: number[],
): void {
  if (attacker === RETREAT) closeWith(c, q, 0, -Infinity, Infinity, out);
  else if (defender === RETREAT) closeWith(c, q, beta, -Infinity, Infinity, out);
  else closeWith(c, q, null, attacker === CHOOSE ? 0 : -Infinity, defender === CHOOSE ? beta : Infinity, out);
}

function closeWith(
  c: readonly number[],
  q: readonly number[],
  constant: number | null,
  lo: number,
  hi: number,
  out: number[],
): void {
  const C = c[0] + q[0] * (c[1] + q[1] * c[2]);
  const Q = q[0] * q[1] * q[2];
  const x = constant === null ? C + Q * Math.min(hi, Math.max(lo, C / (1 - Q))) : C + Q * constant;
  out[3] = constant === null ? Math.min(hi, Math.max(lo, x)) : constant;
  out[2] = c[2] + q[2] * out[3];
  out[1] = c[1] + q[1] * out[2];
  out[0] = x;
}
