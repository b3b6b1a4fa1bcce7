/**
 * A battle of several players (`multi`, 11.8): the players in seating order, the owner first,
 * and over an unexplored hex the cup its last army draws from; and the checks across its fields.
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { countersOf, fortLevelOf } from '../rules/counters.js';
import { lazy } from '../../../model/lazy.js';
import { hexCounters, hexSchemas } from '../rules/hex.js';
import { sideSchemas } from '../rules/side.js';
import { TARGET_POLICIES } from '../rules/targets.js';
import { hexIssues, lossOrderIssues, type FieldIssue } from '../rules/checks.js';
import { exploreSchemas } from '../explore/schema.js';

/** A battle of several players' entry and one player's, built on first use (lazy.ts). */
export const multiSchemas = lazy(() => {
  const { fortAfterRetreat, fortLevel, hexBattle } = hexSchemas();
  const { sideRules } = sideSchemas();
  const { cupSchema } = exploreSchemas();

  const playerSchema = z.strictObject({
    name: userText(z.string().min(1)).optional(),
    ...sideRules,
    /** Whom to send this player's hits to each round: a policy or another player's name. */
    target: userText(z.string().min(1)).default('strongest'),
    fort: fortLevel.optional(),
    city: z.boolean().optional(),
    village: z.boolean().optional(),
    income: z
      .array(userText(z.string().min(1)))
      .max(10)
      .optional(),
    /** Defender (first player) only: see `fortAfterRetreat` above. */
    fortAfterRetreat: fortAfterRetreat.optional(),
  });

  const multiEntrySchema = z.strictObject({
    type: z.literal('multi'),
    ...hexBattle,
    /**
     * Seating order: the defender first, then the attackers from the defender's left. In an owned
     * hex the defender is the owner; over an unexplored hex (11.9-11.92, `unexplored: true`) it is
     * the player to the right of the one who starts the fight, and that one (the attacker) sits next.
     */
    players: z
      .array(playerSchema)
      .min(2, { error: 'a battle needs at least two players' })
      .max(6, { error: 'at most 6 players' }),
    /** `unexplored` only: what the army left after the fight draws its defenders from (default all-counters). */
    cup: cupSchema.optional(),
  });

  return { playerSchema, multiEntrySchema };
});

export type MultiEntry = z.output<ReturnType<typeof multiSchemas>['multiEntrySchema']>;

export function playerNames(entry: MultiEntry): string[] {
  return entry.players.map((p, i) => p.name ?? (i === 0 ? 'Defender' : `Attacker ${i}`));
}

export function multiIssues(entry: MultiEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const names = playerNames(entry);
  if (entry.cup !== undefined && !entry.unexplored)
    issues.push({
      path: ['cup'],
      message: 'a cup applies only to a fight over an unexplored hex (unexplored: true), whose last army explores it',
    });
  if (Array.isArray(entry.cup) && entry.cup.length === 0)
    issues.push({ path: ['cup'], message: 'a custom cup needs at least one counter' });
  if (new Set(names).size !== names.length)
    issues.push({ path: ['players'], message: `player names must differ (got ${names.join(', ')})` });
  entry.players.forEach((p, i) => {
    const path = ['players', i];
    if (
      i > 0 &&
      (p.fort !== undefined ||
        p.city !== undefined ||
        p.village !== undefined ||
        p.income !== undefined ||
        p.fortAfterRetreat !== undefined)
    ) {
      issues.push({
        path,
        message:
          'only the defender (the first player, who owns the hex) has a fort, city, village or income ' +
          'counters (and fortAfterRetreat)',
      });
    }
    const counters = i === 0 ? hexCounters(p, fortLevelOf(p.fort)) : countersOf(p.creatures);
    if (counters.length === 0)
      issues.push({ path: [...path, 'creatures'], message: `${names[i]} has no counters in the battle` });
    if (!(TARGET_POLICIES as readonly string[]).includes(p.target)) {
      if (!names.includes(p.target)) {
        issues.push({
          path: [...path, 'target'],
          message:
            `unknown target '${p.target}': use ${TARGET_POLICIES.join(', ')} ` +
            `or another player's name (${names.join(', ')})`,
        });
      } else if (p.target === names[i])
        issues.push({ path: [...path, 'target'], message: 'a player cannot target himself' });
    }
    // A fight over an unexplored hex (11.9): nobody owns it, so nobody has buildings there.
    if (i === 0 && entry.unexplored) {
      for (const field of ['fort', 'city', 'village', 'income'] as const) {
        const value = p[field];
        if (value !== undefined && value !== false && value !== 'none' && !(Array.isArray(value) && !value.length))
          issues.push({
            path: [...path, field],
            message: 'an unexplored hex has no fort, city, village or income counters (nobody owns it yet)',
          });
      }
    }
    if (i === 0) issues.push(...hexIssues(path, p));
    issues.push(...lossOrderIssues([...path, 'losses'], counters, p.losses));
  });
  return issues;
}
