/**
 * Kings & Things scenario entries (strict: unknown keys are errors): one of the battle types'
 * entries (duel/schema.ts, multi/schema.ts, explore/schema.ts), each with the checks across its
 * fields folded in with superRefine; every issue names its field. `type` may be left out: it
 * then defaults to `battle` (the JSON Schema says so too). Fort levels compared on one battle
 * are a scenario sweep (variants that set `defender.fort`), not a battle type.
 */
import { z } from 'zod';
import { lazy } from '../../model/lazy.js';
import { duelIssues, duelSchemas } from './duel/schema.js';
import { multiIssues, multiSchemas } from './multi/schema.js';
import { exploreIssues, exploreSchemas } from './explore/schema.js';
import type { FieldIssue } from './rules/checks.js';

/** The system's entry schema, built on first use (lazy.ts). */
export const kingsAndThingsEntrySchema = lazy(() =>
  z
    .discriminatedUnion('type', [
      duelSchemas().battleEntrySchema,
      multiSchemas().multiEntrySchema,
      exploreSchemas().exploreEntrySchema,
    ])
    .superRefine((entry, ctx) => {
      for (const issue of entryIssues(entry))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
);

export type KtEntry = z.output<ReturnType<typeof kingsAndThingsEntrySchema>>;

function entryIssues(entry: KtEntry): FieldIssue[] {
  switch (entry.type) {
    case 'battle':
      return duelIssues(entry);
    case 'multi':
      return multiIssues(entry);
    case 'explore':
      return exploreIssues(entry);
  }
}
