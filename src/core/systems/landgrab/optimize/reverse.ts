/**
 * The reverse questions: how many armies do I need for P(conquest) >= p, and how many
 * defenders can I beat with P(conquest) >= p? Exact, with the P(conquest) curve around the
 * answer for a chart. The attacker follows each step's `stopAt` rule (1 = fight to the end).
 */
import type { ChainStepPlan } from '../plan.js';
import type { BattleTables } from '../rules/tables.js';
import { ConquestByAttackers } from './conquestByAttackers.js';
import { ConquestByDefenders } from './conquestByDefenders.js';
import { probabilityTarget, wholeNumber } from './path.js';

/** Largest army count the searches try by default (the scenario schema's limit). */
export const MAX_SEARCH_ARMIES = 5000;
/** The default curve runs from where P(conquest) first reaches CURVE_LOW to where it reaches CURVE_HIGH. */
export const CURVE_LOW = 0.01;
export const CURVE_HIGH = 0.99;
/** Curve points returned at most when the target cannot be met. */
const MAX_CURVE_POINTS = 400;

export interface AttackersPoint {
  /** Armies in the attacking territory. */
  attackers: number;
  pConquest: number;
}

export interface MinimumAttackersAnswer {
  target: number;
  /** Defenders of each territory on the path (one entry for a single battle). */
  defenders: number[];
  /** Smallest army count in the attacking territory with P(conquest) >= target; null if none up to the limit. */
  attackers: number | null;
  /** P(conquest) with that many armies; null when the target was not met. */
  pConquest: number | null;
  /** P(conquest) for every army count in the chart window (default: from 1% to 99%, widened to the answer). */
  curve: AttackersPoint[];
  /**
   * True when P(conquest) never fell as armies were added, checked over every count solved:
   * then every larger force also meets the target.
   */
  monotone: boolean;
}

export interface MinimumAttackersOptions {
  /** Largest army count tried (default MAX_SEARCH_ARMIES). */
  maxAttackers?: number;
  /** Chart window, inclusive; defaults as described on MinimumAttackersAnswer.curve. */
  curveFrom?: number;
  curveTo?: number;
}

/**
 * Smallest force (armies in the attacking territory) that takes the whole path with
 * P >= target, in O(attackers * sum of defenders * dice) time and O(sum of defenders) memory.
 *
 * @example
 * minimumAttackers([{ defenders: 10, tables }], 0.8) // plain dice
 * // { target: 0.8, defenders: [10], attackers: 15, pConquest: 0.8346, monotone: true,
 * //   curve: [{ attackers: 4, pConquest: 0.0208 }, ..., { attackers: 24, pConquest: 0.9916 }] }
 */
export function minimumAttackers(
  steps: readonly ChainStepPlan[],
  target: number,
  options: MinimumAttackersOptions = {},
): MinimumAttackersAnswer {
  probabilityTarget(target, 'target');
  if (steps.length === 0) throw new RangeError('a path needs at least one territory');
  for (const s of steps) wholeNumber(s.defenders, 'defenders', 1);
  const maxAttackers = options.maxAttackers ?? MAX_SEARCH_ARMIES;
  const table = new ConquestByAttackers(steps);
  const p: number[] = [];
  let answer: number | null = null;
  let low: number | null = null;
  let monotone = true;
  const wantedTo = options.curveTo ?? 0;
  for (let a = 0; a <= maxAttackers; a++) {
    p.push(table.next());
    if (a > 0 && p[a] < p[a - 1]) monotone = false;
    if (low === null && p[a] >= CURVE_LOW) low = a;
    if (answer === null && p[a] >= target) answer = a;
    if (answer !== null && p[a] >= CURVE_HIGH && a >= wantedTo) break;
  }
  const last = p.length - 1;
  const from = Math.max(1, options.curveFrom ?? Math.min(low ?? 2, answer ?? Infinity));
  const to = Math.min(last, options.curveTo ?? (answer === null ? from + MAX_CURVE_POINTS - 1 : last));
  const curve: AttackersPoint[] = [];
  for (let a = from; a <= to; a++) curve.push({ attackers: a, pConquest: p[a] });
  return {
    target,
    defenders: steps.map((s) => s.defenders),
    attackers: answer,
    pConquest: answer === null ? null : p[answer],
    curve,
    monotone,
  };
}

export interface DefendersPoint {
  defenders: number;
  pConquest: number;
}

export interface MaximumDefendersAnswer {
  target: number;
  /** Armies in the attacking territory. */
  attackers: number;
  /** Largest d with P(conquest) >= target against every count 1..d; 0 if even one defender is too many. */
  defenders: number;
  /** P(conquest) against that many defenders; null when defenders is 0. */
  pConquest: number | null;
  /** True when the search stopped at maxDefenders still meeting the target. */
  reachedLimit: boolean;
  /** P(conquest) for defender counts 1 .. (where it falls to 1%, at least the answer + 1). */
  curve: DefendersPoint[];
  /** True when P(conquest) never rose as defenders were added, over every count solved. */
  monotone: boolean;
}

/**
 * How many defenders one territory's attack beats with P(conquest) >= target, in
 * O(attackers * defenders * dice) time and O(attackers) memory.
 *
 * @example
 * maximumDefenders(tables, 20, 0.75) // plain dice
 * // { target: 0.75, attackers: 20, defenders: 16, pConquest: 0.7806, reachedLimit: false, monotone: true,
 * //   curve: [{ defenders: 1, pConquest: 0.99999... }, ... 44 points, down to P <= 1%] }
 */
export function maximumDefenders(
  tables: BattleTables,
  attackers: number,
  target: number,
  options: { maxDefenders?: number } = {},
): MaximumDefendersAnswer {
  probabilityTarget(target, 'target');
  wholeNumber(attackers, 'attackers', 1);
  const maxDefenders = options.maxDefenders ?? MAX_SEARCH_ARMIES;
  const table = new ConquestByDefenders(tables, attackers);
  table.next(); // d = 0
  const curve: DefendersPoint[] = [];
  let answer: number | null = null;
  let monotone = true;
  let previous = 1;
  for (let d = 1; d <= maxDefenders; d++) {
    const p = table.next();
    curve.push({ defenders: d, pConquest: p });
    if (p > previous) monotone = false;
    previous = p;
    if (answer === null && p < target) answer = d - 1;
    if (answer !== null && p <= CURVE_LOW) break;
  }
  const reachedLimit = answer === null;
  const defenders = answer ?? maxDefenders;
  return {
    target,
    attackers,
    defenders,
    pConquest: defenders === 0 ? null : curve[defenders - 1].pConquest,
    reachedLimit,
    curve,
    monotone,
  };
}
