/**
 * A two-sided battle's entry (`battle`; `type` may be left out): the attacker, and the defender
 * with its hex (fort, city, village, income counters); and the checks across its fields.
 */
import { z } from 'zod';
import { countersOf, fortLevelOf } from '../rules/counters.js';
import { lazy } from '../../../model/lazy.js';
import { hexCounters, hexSchemas } from '../rules/hex.js';
import { sideSchemas } from '../rules/side.js';
import { compileRetreat, isNever, type RetreatPolicy } from '../rules/retreat.js';
import { hexIssues, lossOrderIssues, type FieldIssue } from '../rules/checks.js';

/** A two-sided battle's entry and its defender: built on first use (lazy.ts). */
export const duelSchemas = lazy(() => {
  const { hexBattle, hexBuildings, fortLevel } = hexSchemas();
  const { attackerSchema, sideRules } = sideSchemas();
  const defenderSchema = z.strictObject({ ...sideRules, fort: fortLevel.default('none'), ...hexBuildings });

  const battleEntrySchema = z.strictObject({
    type: z.literal('battle').default('battle'),
    ...hexBattle,
    attacker: attackerSchema,
    defender: defenderSchema,
  });

  return { defenderSchema, battleEntrySchema };
});

export type BattleEntry = z.output<ReturnType<typeof duelSchemas>['battleEntrySchema']>;

/** Judged on the compiled rule, so `{}` (no condition set) counts as never, like 'never'. */
const retreats = (r: RetreatPolicy) => !isNever(compileRetreat(r));

export function duelIssues(entry: BattleEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const d = entry.defender;
  const fort = fortLevelOf(d.fort);
  if (entry.attacker.creatures.length === 0)
    issues.push({ path: ['attacker', 'creatures'], message: 'the attacker needs at least one creature or character' });
  if (entry.unexplored && retreats(d.retreat)) {
    issues.push({
      path: ['defender', 'retreat'],
      message:
        "defenders of an unexplored hex never retreat (11.6): set defender.retreat to 'never' or drop 'unexplored'",
    });
  }
  if (entry.unexplored && fort > 0)
    issues.push({ path: ['defender', 'fort'], message: 'an unexplored hex has no fort (nobody has built one there)' });
  issues.push(...hexIssues(['defender'], d));
  issues.push(...lossOrderIssues(['attacker', 'losses'], countersOf(entry.attacker.creatures), entry.attacker.losses));
  issues.push(...lossOrderIssues(['defender', 'losses'], hexCounters(d, fort), d.losses));
  return issues;
}
