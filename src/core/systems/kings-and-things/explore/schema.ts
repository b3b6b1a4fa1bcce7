/**
 * An exploration's entry (`explore`, 10.x, 11.9): the explorer, the cup its defenders are drawn
 * from, bribery; and the checks across its fields.
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { countersOf } from '../rules/counters.js';
import { lazy } from '../../../model/lazy.js';
import { creatureSchemas } from '../rules/creatures.js';
import { sideSchemas } from '../rules/side.js';
import { lossOrderIssues, type FieldIssue } from '../rules/checks.js';
import { MAX_DRAWN } from './plan.js';

export const CUPS = ['all-counters', 'creatures'] as const;

/**
 * Bribing every defender of the largest draw: 5 counters x value 6 x double cost. The tally
 * has a bin per gold piece spent.
 */
export const MAX_BRIBE_GOLD = MAX_DRAWN * 6 * 2;

/** An exploration's entry and its cup, built on first use (lazy.ts). */
export const exploreSchemas = lazy(() => {
  /** A cup: the whole 1986 cup, its creatures only, or a custom list of creature entries. */
  const cupSchema = z.union([z.enum(CUPS), creatureSchemas().creatureList]);

  const exploreEntrySchema = z.strictObject({
    type: z.literal('explore'),
    label: userText(z.string().min(1)).optional(),
    explorer: sideSchemas().attackerSchema,
    /**
     * What the defenders are drawn from: `all-counters` (default: the whole 1986 cup, 184 counters;
     * the 37 that are not creatures use up the draw but do not fight), `creatures` (the 147 creature
     * counters only), or a custom cup of creature entries where `count` is the number of copies.
     * [reading] rules-notes 2: "on 2-5 that many counters are drawn from the cup".
     */
    cup: cupSchema.default('all-counters'),
    /** Remove the explorer's own roster counters from the cup (they cannot be drawn). */
    removeExplorerFromCup: z.boolean().default(true),
    bribery: z
      .union([
        z.literal(false),
        z.strictObject({
          gold: z
            .number()
            .int()
            .min(0, { error: 'bribery gold must be 0 or more' })
            .max(MAX_BRIBE_GOLD, {
              error:
                `bribery gold above ${MAX_BRIBE_GOLD} buys nothing more (at most ${MAX_DRAWN} defenders ` +
                `of value 6 at double cost); give at most ${MAX_BRIBE_GOLD}`,
            }),
          /** Bribes cost double (some hexes, e.g. with special income counters; see the rulebook). */
          double: z.boolean().default(false),
        }),
      ])
      .default(false),
  });

  return { cupSchema, exploreEntrySchema };
});

export type ExploreEntry = z.output<ReturnType<typeof exploreSchemas>['exploreEntrySchema']>;

export function exploreIssues(entry: ExploreEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (entry.explorer.creatures.length === 0)
    issues.push({
      path: ['explorer', 'creatures'],
      message: 'the explorer needs at least one creature or character',
    });
  if (Array.isArray(entry.cup) && entry.cup.length === 0)
    issues.push({ path: ['cup'], message: 'a custom cup needs at least one counter' });
  issues.push(...lossOrderIssues(['explorer', 'losses'], countersOf(entry.explorer.creatures), entry.explorer.losses));
  return issues;
}
