/**
 * Kings & Things scenario entries (strict: unknown keys are errors). Creature lists are
 * resolved against the bundled roster while parsing, so a misspelt name fails with a
 * message naming it; the validated entry holds every creature as a full object (name,
 * value and flags), which validates again to itself. Cross-field rules (check.ts) are
 * folded in with superRefine; every issue names its field.
 */
import { z } from 'zod';
import { userText } from '../../engine/scenario/userText.js';
import { MAX_DRAWN, STACK_LIMIT } from './plan.js';
import {
  FORT_NAMES,
  MAX_COUNTERS_PER_SIDE,
  creatureCounter,
  creatureSpec,
  fromRoster,
  resolveText,
  type Counter,
  type CreatureSpec,
} from './counters.js';
import { entryIssues } from './check.js';

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
export const creatureEntry = z
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

export const creatureList = z
  .array(creatureEntry)
  .transform((lists) => lists.flat())
  .refine((list) => list.length <= MAX_COUNTERS_PER_SIDE, {
    error: `at most ${MAX_COUNTERS_PER_SIDE} creatures and characters per side`,
  });

export const LOSS_POLICIES = ['weakest-first', 'buildings-first', 'protect-strongest'] as const;
export const lossPolicy = z.union([z.enum(LOSS_POLICIES), z.array(userText(z.string().min(1))).min(1)], {
  error: `loss policy must be one of ${LOSS_POLICIES.join(', ')}, or a list of counter names (an explicit loss order)`,
});
export type LossPolicy = z.output<typeof lossPolicy>;

export const retreatPolicy = z.union(
  [
    z.literal('never'),
    z.strictObject({
      /** Retreat at the end of round N if the battle is still on. */
      afterRounds: z.number().int().min(1).optional(),
      /** Retreat when the enemy's remaining strength is at least this many times your own. */
      whenOutnumbered: z.number().min(1, { error: 'the outnumbered ratio must be at least 1' }).optional(),
      /** Retreat when down to this many creatures and characters (or fewer). */
      whenDownTo: z.number().int().min(0).optional(),
    }),
  ],
  { error: "retreat must be 'never' or an object with afterRounds, whenOutnumbered and/or whenDownTo" },
);
export type RetreatPolicy = z.output<typeof retreatPolicy>;

/** A fort by name or level; the validated entry holds the name. */
export const fortLevel = z
  .union([z.enum(FORT_NAMES), z.number().int()], {
    error: `fort must be one of ${FORT_NAMES.join(', ')}, or a level 0-4`,
  })
  .transform((v, ctx) => {
    const level = typeof v === 'number' ? v : FORT_NAMES.indexOf(v);
    if (level < 0 || level > 4) {
      ctx.issues.push({
        code: 'custom',
        message: `fort level ${v} is out of range: 0 none, 1 tower, 2 keep, 3 castle, 4 citadel`,
        input: v,
      });
      return z.NEVER;
    }
    return FORT_NAMES[level];
  });

/**
 * Where a side's creatures would retreat to (11.6): `false` when it has no adjacent hex it
 * controls free of enemy counters (it then cannot retreat, whatever its policy), else the
 * friendly creatures and characters already standing there (more than 10 after the retreat lose
 * the excess, 9.2).
 */
export const retreatHex = z.union(
  [
    z.literal(false),
    z.strictObject({
      creatures: z
        .number()
        .int()
        .min(0, { error: 'creatures already in the retreat hex must be 0-10' })
        .max(STACK_LIMIT, { error: 'creatures already in the retreat hex must be 0-10 (a hex holds at most 10, 9.2)' })
        .default(0),
    }),
  ],
  { error: 'retreatHex must be false (no hex to retreat to) or { "creatures": n } (friendly creatures already there)' },
);
export type RetreatHex = z.output<typeof retreatHex>;

const sideRules = {
  creatures: creatureList.default([]),
  losses: lossPolicy.optional(),
  retreat: retreatPolicy.default('never'),
  retreatHex: retreatHex.default({ creatures: 0 }),
};

export const attackerSchema = z.strictObject({ ...sideRules });

/**
 * [reading] What a fort, city or village does when the defender's creatures retreat and it
 * still stands: `fights-on` (default; 11.6 note: "they may continue to fight alone") or
 * `falls` (the hex is captured at once, reading 11.71's "forced to retreat" as covering them).
 */
export const FORT_AFTER_RETREAT = ['fights-on', 'falls'] as const;
export const fortAfterRetreat = z.enum(FORT_AFTER_RETREAT, {
  error: `fortAfterRetreat must be ${FORT_AFTER_RETREAT.join(' or ')}`,
});

const hexBuildings = {
  city: z.boolean().default(false),
  village: z.boolean().default(false),
  /** Special income counters in the hex (names from the roster): only the post-battle roll. */
  income: z
    .array(userText(z.string().min(1)))
    .max(10)
    .default([]),
  fortAfterRetreat: fortAfterRetreat.default('fights-on'),
};

export const defenderSchema = z.strictObject({ ...sideRules, fort: fortLevel.default('none'), ...hexBuildings });

const common = {
  label: userText(z.string().min(1)).optional(),
  /** The hex was unexplored: its defenders never retreat (11.6). */
  unexplored: z.boolean().default(false),
};

export const battleEntrySchema = z.strictObject({
  type: z.literal('battle').default('battle'),
  ...common,
  attacker: attackerSchema,
  defender: defenderSchema,
});

export const playerSchema = z.strictObject({
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

export const CUPS = ['all-counters', 'creatures'] as const;
/** A cup: the whole 1986 cup, its creatures only, or a custom list of creature entries. */
export const cupSchema = z.union([z.enum(CUPS), creatureList]);

export const multiEntrySchema = z.strictObject({
  type: z.literal('multi'),
  ...common,
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

/**
 * Bribing every defender of the largest draw: 5 counters x value 6 x double cost. The tally
 * has a bin per gold piece spent.
 */
export const MAX_BRIBE_GOLD = MAX_DRAWN * 6 * 2;

export const exploreEntrySchema = z.strictObject({
  type: z.literal('explore'),
  label: userText(z.string().min(1)).optional(),
  explorer: attackerSchema,
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

/**
 * `type` may be left out: it then defaults to `battle` (the JSON Schema says so too).
 * Fort levels compared on one battle are a scenario sweep (variants that set `defender.fort`),
 * not a battle type.
 */
export const kingsAndThingsEntrySchema = z
  .discriminatedUnion('type', [battleEntrySchema, multiEntrySchema, exploreEntrySchema])
  .superRefine((entry, ctx) => {
    for (const issue of entryIssues(entry)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export type KtEntry = z.output<typeof kingsAndThingsEntrySchema>;
export type BattleEntry = z.output<typeof battleEntrySchema>;
export type MultiEntry = z.output<typeof multiEntrySchema>;
export type ExploreEntry = z.output<typeof exploreEntrySchema>;
