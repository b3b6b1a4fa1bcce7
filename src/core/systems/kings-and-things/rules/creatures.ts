/**
 * A side's creatures as an entry lists them: roster names or inline text (`3x Elves:2R`),
 * or objects. They are resolved against the bundled roster while parsing, so a misspelt name
 * fails with a message naming it; the validated entry holds every creature as a full object
 * (name, value and flags), which validates again to itself.
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { lazy } from '../../../model/lazy.js';
import {
  MAX_COUNTERS_PER_SIDE,
  creatureCounter,
  creatureSpec,
  fromRoster,
  resolveText,
  type Counter,
  type CreatureSpec,
} from './counters.js';

/** A side's creature list as an entry gives it, and one creature entry: built on first use (lazy.ts). */
export const creatureSchemas = lazy(() => {
  const creatureObject = z.strictObject({
    name: userText(z.string().min(1, { error: 'a creature needs a name' })),
    value: z
      .number()
      .int()
      .min(1, { error: 'combat value must be 1-6' })
      .max(6, { error: 'combat value must be 1-6' })
      .optional(),
    magic: z.boolean().optional(),
    ranged: z.boolean().optional(),
    charge: z.boolean().optional(),
    flying: z.boolean().optional(),
    /**
     * House-rule knobs, not official rules (11.52 names the Sword Master as taking more than one
     * hit; 004 says the Talisman and Black Cloud "could affect these creatures and their rolls";
     * the exact effects are in a pull-out that is not available): hits taken before elimination,
     * and a modifier to the hit number.
     */
    hits: z
      .number()
      .int()
      .min(1, { error: 'hits must be 1-6 (hits the counter takes before it is eliminated)' })
      .max(6, { error: 'hits must be 1-6 (hits the counter takes before it is eliminated)' })
      .optional(),
    hitModifier: z
      .number()
      .int()
      .min(-5, { error: 'hitModifier must be -5 to 5 (added to the hit number)' })
      .max(5, { error: 'hitModifier must be -5 to 5 (added to the hit number)' })
      .optional(),
    count: z.number().int().min(1).max(MAX_COUNTERS_PER_SIDE).default(1),
  });

  /** One creature entry: roster name or inline text, or an object; resolves to one full object per counter. */
  const creatureEntry = z
    .union([userText(z.string().min(1)), creatureObject])
    .transform((entry, ctx): CreatureSpec[] => {
      if (typeof entry === 'string') {
        const r = resolveText(entry);
        if (!r.ok) {
          ctx.issues.push({ code: 'custom', message: r.message, input: entry });
          return z.NEVER;
        }
        return r.counters.map(creatureSpec);
      }
      let counter: Counter;
      if (entry.value === undefined) {
        if (
          entry.magic !== undefined ||
          entry.ranged !== undefined ||
          entry.charge !== undefined ||
          entry.flying !== undefined
        ) {
          ctx.issues.push({
            code: 'custom',
            message: `give 'value' to describe '${entry.name}' inline, or only 'name' to use the roster`,
            input: entry,
          });
          return z.NEVER;
        }
        const found = fromRoster(entry.name);
        if (typeof found === 'string') {
          ctx.issues.push({ code: 'custom', message: found, input: entry });
          return z.NEVER;
        }
        counter = { ...found, hits: entry.hits ?? 1, hitModifier: entry.hitModifier ?? 0 };
      } else {
        if (entry.magic && entry.ranged) {
          ctx.issues.push({
            code: 'custom',
            message: `'${entry.name}' fires in one step: magic or ranged, not both`,
            input: entry,
          });
          return z.NEVER;
        }
        counter = creatureCounter(entry.name, {
          value: entry.value,
          magic: entry.magic ?? false,
          ranged: entry.ranged ?? false,
          charge: entry.charge ?? false,
          flying: entry.flying ?? false,
          hits: entry.hits,
          hitModifier: entry.hitModifier,
        });
      }
      return Array.from({ length: entry.count }, () => creatureSpec(counter));
    });

  const creatureList = z
    .array(creatureEntry)
    .transform((lists) => lists.flat())
    .refine((list) => list.length <= MAX_COUNTERS_PER_SIDE, {
      error: `at most ${MAX_COUNTERS_PER_SIDE} creatures and characters per side`,
    });

  return { creatureEntry, creatureList };
});
