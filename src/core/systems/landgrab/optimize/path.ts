/**
 * The attack every decision solver reasons about: armies in the attacking territory, then
 * the territories to take in order. A single battle is a path of one step.
 *
 * Conventions (as everywhere in LandGrab): `attackers` counts the armies IN the attacking
 * territory, one of which must stay behind. After taking a territory with a armies in the
 * attacking territory, a - 1 move in and attack the next territory from there; one army
 * stays in every territory left behind. Each step's tables carry its dice rules (fortress,
 * leaders, house rules) and its `stopAt`, which only the fixed "stop at k" rule uses: the
 * optimal solvers decide for themselves when to stop.
 */
import type { ChainStepPlan, LandgrabPlan } from '../plan.js';
import type { BattleTables } from '../rules/tables.js';

export interface AttackPath {
  /** Armies in the attacking territory (one must stay behind). */
  attackers: number;
  /** Territories to take, in order, with their defenders and dice tables. */
  steps: readonly ChainStepPlan[];
}

/**
 * A single battle as a one-step path.
 *
 * @example
 * battlePath(compileTables(standardRule), 10, 6) // { attackers: 10, steps: [{ defenders: 6, tables }] }
 */
export function battlePath(tables: BattleTables, attackers: number, defenders: number): AttackPath {
  return { attackers, steps: [{ defenders, tables }] };
}

/**
 * Throws a RangeError unless the path is well formed and its state space, the sum over
 * steps of (attackers + 1) * (defenders + 1), stays within `maxStates`.
 *
 * @example
 * checkPath({ attackers: 1, steps: [] }, 1e6) // throws: a path needs at least one territory
 */
export function checkPath(path: AttackPath, maxStates: number): void {
  if (path.steps.length === 0) throw new RangeError('a path needs at least one territory');
  wholeNumber(path.attackers, 'attackers', 1);
  let states = 0;
  for (const step of path.steps) {
    wholeNumber(step.defenders, 'defenders', 1);
    states += (path.attackers + 1) * (step.defenders + 1);
  }
  if (states > maxStates) {
    throw new RangeError(`${states} states exceed the solver's limit of ${maxStates}; use fewer armies`);
  }
}

/**
 * Throws a RangeError unless `value` is a whole number of at least `min`.
 *
 * @example
 * wholeNumber(2.5, 'defenders', 1) // throws: defenders must be a whole number >= 1
 */
export function wholeNumber(value: number, name: string, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be a whole number >= ${min}`);
}

/**
 * Throws a RangeError unless `p` is a probability target in (0, 1].
 *
 * @example
 * probabilityTarget(0.8, 'target') // ok
 */
export function probabilityTarget(p: number, name: string): void {
  if (!(p > 0 && p <= 1)) throw new RangeError(`${name} must be a probability in (0, 1]`);
}

/** The attack a plan fights: a chain's steps, or a battle (a capitol) as a path of one step. */
export function planPath(plan: LandgrabPlan): AttackPath {
  if (plan.kind === 'chain') return { attackers: plan.attackers, steps: plan.steps };
  return { attackers: plan.attackers, steps: [{ defenders: plan.defenders, tables: plan.tables }] };
}
