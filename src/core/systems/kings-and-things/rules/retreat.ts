/**
 * Retreats (11.6): the policy as an entry gives it, compiled to numbers, and the decision
 * taken at the end of each round: the attacker first, then the defender (with several
 * players: the attackers from the defender's left, then the defender). Only creatures and
 * characters retreat; a side with none left cannot; a side with no retreat hex never does.
 * After a retreat, the excess over 10 friendly creatures in the retreat hex is lost (9.2).
 *
 * Readings: conditions combine with "or". Strength is the sum of current combat value
 * x dice of the counters still in the fight (buildings count at their reduced value);
 * "outnumbered by r" means the enemy's strength (all opponents still fighting) is at
 * least r times one's own.
 */
import { z } from 'zod';
import { lazy } from '../../../model/lazy.js';

/** 9.2 (via 11.6): more than this many friendly creatures in a hex after a retreat lose the excess. */
export const STACK_LIMIT = 10;

/**
 * The largest number each retreat condition takes: a battle ends by round 1000 (MAX_ROUNDS,
 * counterBattle.ts), and a ratio or a count beyond these never differs from "never".
 */
export const RETREAT_LIMITS = { rounds: 1000, outnumbered: 1000, downTo: 1000 } as const;

/**
 * A side's retreat policy and where it would retreat to, as an entry gives them: built on first use
 * (lazy.ts).
 */
export const retreatSchemas = lazy(() => {
  const retreatPolicy = z.union(
    [
      z.literal('never'),
      z.strictObject({
        /** Retreat at the end of round N if the battle is still on. */
        afterRounds: z
          .number()
          .int()
          .min(1)
          .max(RETREAT_LIMITS.rounds, { error: `must be at most ${RETREAT_LIMITS.rounds} rounds` })
          .optional(),
        /** Retreat when the enemy's remaining strength is at least this many times your own. */
        whenOutnumbered: z
          .number()
          .min(1, { error: 'the outnumbered ratio must be at least 1' })
          .max(RETREAT_LIMITS.outnumbered, {
            error: `the outnumbered ratio must be at most ${RETREAT_LIMITS.outnumbered}`,
          })
          .optional(),
        /** Retreat when down to this many creatures and characters (or fewer). */
        whenDownTo: z
          .number()
          .int()
          .min(0)
          .max(RETREAT_LIMITS.downTo, { error: `must be at most ${RETREAT_LIMITS.downTo} counters` })
          .optional(),
      }),
    ],
    { error: "retreat must be 'never' or an object with afterRounds, whenOutnumbered and/or whenDownTo" },
  );
  /**
   * Where a side's creatures would retreat to (11.6): `false` when it has no adjacent hex it
   * controls free of enemy counters (it then cannot retreat, whatever its policy), else the
   * friendly creatures and characters already standing there (more than 10 after the retreat lose
   * the excess, 9.2).
   */
  const retreatHex = z.union(
    [
      z.literal(false),
      z.strictObject({
        creatures: z
          .number()
          .int()
          .min(0, { error: 'creatures already in the retreat hex must be 0-10' })
          .max(STACK_LIMIT, {
            error: 'creatures already in the retreat hex must be 0-10 (a hex holds at most 10, 9.2)',
          })
          .default(0),
      }),
    ],
    {
      error: 'retreatHex must be false (no hex to retreat to) or { "creatures": n } (friendly creatures already there)',
    },
  );

  return { retreatPolicy, retreatHex };
});
export type RetreatPolicy = z.output<ReturnType<typeof retreatSchemas>['retreatPolicy']>;
export type RetreatHex = z.output<ReturnType<typeof retreatSchemas>['retreatHex']>;

/** Retreat policy compiled to numbers; all off is `never`. */
export interface RetreatRule {
  /** Retreat at the end of this round (0: off). */
  afterRounds: number;
  /** Retreat when enemy strength >= ratio x own strength (0: off). */
  outnumbered: number;
  /** Retreat when down to this many creatures and characters (-1: off). */
  downTo: number;
}

export const NEVER: RetreatRule = { afterRounds: 0, outnumbered: 0, downTo: -1 };

export const mayRetreat = (r: RetreatRule) => r.afterRounds > 0 || r.outnumbered > 0 || r.downTo >= 0;

export function compileRetreat(policy: RetreatPolicy): RetreatRule {
  if (policy === 'never') return NEVER;
  return {
    afterRounds: policy.afterRounds ?? 0,
    outnumbered: policy.whenOutnumbered ?? 0,
    downTo: policy.whenDownTo ?? -1,
  };
}

export function isNever(r: RetreatRule): boolean {
  return r.afterRounds === 0 && r.outnumbered === 0 && r.downTo < 0;
}

/** A side's retreat rule: NEVER without a retreat hex (11.6: "your force may not retreat"). */
export function retreatRule(side: { retreat: RetreatPolicy; retreatHex: RetreatHex }): RetreatRule {
  return side.retreatHex === false ? NEVER : compileRetreat(side.retreat);
}

/** Friendly creatures already in a side's retreat hex. */
export const friendlyIn = (side: { retreatHex: RetreatHex }) =>
  side.retreatHex === false ? 0 : side.retreatHex.creatures;

export function wantsRetreat(
  r: RetreatRule,
  round: number,
  ownStrength: number,
  enemyStrength: number,
  creatures: number,
): boolean {
  if (creatures === 0) return false;
  return (
    (r.afterRounds > 0 && round >= r.afterRounds) ||
    (r.outnumbered > 0 && enemyStrength >= r.outnumbered * ownStrength) ||
    (r.downTo >= 0 && creatures <= r.downTo)
  );
}

/**
 * Creatures removed at the stack limit when `retreated` creatures join `friendly` ones already in
 * the retreat hex: the excess over STACK_LIMIT, at most all of those retreating.
 */
export function stackExcess(retreated: number, friendly: number): number {
  const over = retreated + friendly - STACK_LIMIT;
  return over <= 0 ? 0 : over > retreated ? retreated : over;
}

/** Can a side with this rule, n creatures and `friendly` in its retreat hex lose any at the stack limit? */
export const stackLossPossible = (r: RetreatRule, n: number, friendly: number) =>
  mayRetreat(r) && n + friendly > STACK_LIMIT;
