/**
 * LandGrab scenario entries. Army counts accept both conventions peers use:
 * `attackers` = armies in the attacking territory (one must stay behind), or
 * `attackingArmies` = armies that may attack (one fewer). Exactly one is given.
 */
import { z } from 'zod';
import { MAX_DICE } from './tables.js';

/** Upper bound on any army count: keeps tallies (one bin per army) small. */
export const MAX_ARMIES = 5000;

const armies = (min: number, what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `is required (${what})` : `must be a number (${what})`) })
    .int({ error: `must be a whole number (${what})` })
    .min(min, { error: `must be at least ${min} (${what})` })
    .max(MAX_ARMIES, { error: `must be at most ${MAX_ARMIES}` });

const rules = {
  label: z.string().min(1).optional(),
  attackers: armies(2, 'armies in the attacking territory; one must stay behind').optional(),
  attackingArmies: armies(1, 'armies that may attack; the one staying behind is not counted').optional(),
  attackingLeader: z.boolean().default(false),
  stopAt: z
    .number()
    .int()
    .min(1, { error: 'must be at least 1 (armies left in the attacking territory when the attacker stops)' })
    .default(1),
  attackerDice: z.number().int().min(1).max(MAX_DICE).default(3),
  defenderDice: z.number().int().min(1).max(MAX_DICE).default(2),
  ties: z.enum(['defender', 'attacker']).default('defender'),
  fortressBonus: z.number().int().min(0).max(6).default(1),
  leaderBonus: z.number().int().min(0).max(6).default(1),
};

const defenders = armies(1, 'defending armies');

export const territorySchema = z.strictObject({
  defenders,
  fortress: z.boolean().default(false),
  defendingLeader: z.boolean().default(false),
});

export const battleEntrySchema = z.strictObject({
  type: z.literal('battle').default('battle'),
  ...rules,
  defenders,
  fortress: z.boolean().default(false),
  defendingLeader: z.boolean().default(false),
});

export const chainEntrySchema = z.strictObject({
  type: z.literal('chain'),
  ...rules,
  path: z.array(territorySchema).min(1, { error: 'needs at least one territory' }).max(50),
});

export const capitolEntrySchema = z.strictObject({
  type: z.literal('capitol'),
  ...rules,
  defenders,
  defendingLeader: z.boolean().default(false),
  fortress: z.literal(false, { error: 'a capitol cannot be placed on a fortress' }).default(false),
  territories: z.array(armies(1, "armies in each of the capitol owner's other territories")).max(200).default([]),
});

/** Armies in the attacking territory, from whichever convention the entry used. */
export function territoryArmies(entry: { attackers?: number; attackingArmies?: number }): number {
  return entry.attackers ?? (entry.attackingArmies as number) + 1;
}

/**
 * `type` may be left out: it then defaults to `battle` (the JSON Schema says so too).
 * Cross-field rules: exactly one army-count convention, and a stop level below the army count.
 */
export const landgrabEntrySchema = z
  .discriminatedUnion('type', [battleEntrySchema, chainEntrySchema, capitolEntrySchema])
  .superRefine((entry, ctx) => {
    if ((entry.attackers === undefined) === (entry.attackingArmies === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['attackers'],
        message:
          'give exactly one of "attackers" (armies in the attacking territory, one stays behind) or ' +
          '"attackingArmies" (armies that may attack)',
      });
      return;
    }
    const a = territoryArmies(entry);
    if (a > MAX_ARMIES)
      ctx.addIssue({ code: 'custom', path: ['attackingArmies'], message: `must be at most ${MAX_ARMIES - 1}` });
    if (entry.stopAt >= a) {
      ctx.addIssue({
        code: 'custom',
        path: ['stopAt'],
        message: `must be below the ${a} armies in the attacking territory, or no attack happens`,
      });
    }
  });

export type LandgrabEntry = z.output<typeof landgrabEntrySchema>;
