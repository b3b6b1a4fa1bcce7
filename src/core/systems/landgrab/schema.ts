/**
 * LandGrab scenario entries. Army counts accept both conventions peers use:
 * `attackers` = armies in the attacking territory (one must stay behind), or
 * `attackingArmies` = armies that may attack (one fewer). Exactly one is given.
 */
import { z } from 'zod';
import { userText } from '../../model/userText.js';
import { lazy } from '../../model/lazy.js';
import { MAX_DICE } from './rules/tables.js';
import { MAX_TERRITORY_WORTH, OBJECTIVES } from '../../model/question.js';
import { turnSchemas, turnInputs } from './turnBattle/schema.js';
import { MAX_BONUS, RULE_DEFAULTS } from './rules/defaults.js';

/** Upper bound on any army count: keeps tallies (one bin per army) small. */
export const MAX_ARMIES = 5000;
/** The most territories one chain of attacks crosses. */
export const MAX_PATH = 50;

const armies = (min: number, what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `is required (${what})` : `must be a number (${what})`) })
    .int({ error: `must be a whole number (${what})` })
    .min(min, { error: `must be at least ${min} (${what})` })
    .max(MAX_ARMIES, { error: `must be at most ${MAX_ARMIES}` });

/**
 * [reading] Where an attacking leader's bonus applies along a chain. The help page: "a leader
 * can be moved during fortification, but only if at least 1 army moves with the leader", so
 * the leader stays in the territory the chain starts from: `first-attack` (when left out). The
 * other reading, `every-attack`, lets the leader travel with the armies. Given only with an
 * attacking leader (a cross-field check below): without one it would be ignored.
 */
export const LEADER_MOVES = ['first-attack', 'every-attack'] as const;

/** Armies in the attacking territory, from whichever convention the entry used. */
export function territoryArmies(entry: { attackers?: number; attackingArmies?: number }): number {
  return entry.attackers ?? (entry.attackingArmies as number) + 1;
}

/**
 * The entry schemas, built on first use (lazy.ts): `landgrabEntrySchema` is the system's; the
 * others are its battle types'.
 */
export const landgrabSchemas = lazy(() => {
  const rules = {
    label: userText(z.string().min(1)).optional(),
    attackers: armies(2, 'armies in the attacking territory; one must stay behind').optional(),
    attackingArmies: armies(1, 'armies that may attack; the one staying behind is not counted').optional(),
    attackingLeader: z.boolean().default(RULE_DEFAULTS.attackingLeader),
    stopAt: z
      .number()
      .int()
      .min(1, { error: 'must be at least 1 (armies left in the attacking territory when the attacker stops)' })
      .max(MAX_ARMIES, { error: `must be at most ${MAX_ARMIES}` })
      .default(RULE_DEFAULTS.stopAt),
    attackerDice: z.number().int().min(1).max(MAX_DICE).default(RULE_DEFAULTS.attackerDice),
    defenderDice: z.number().int().min(1).max(MAX_DICE).default(RULE_DEFAULTS.defenderDice),
    ties: z.enum(['defender', 'attacker']).default(RULE_DEFAULTS.ties),
    fortressBonus: z.number().int().min(0).max(MAX_BONUS).default(RULE_DEFAULTS.fortressBonus),
    leaderBonus: z.number().int().min(0).max(MAX_BONUS).default(RULE_DEFAULTS.leaderBonus),
  };

  const defenders = armies(1, 'defending armies');

  const probability = z
    .number({ error: 'must be a probability' })
    .gt(0, { error: 'must be above 0' })
    .max(1, { error: 'must be at most 1' });

  /**
   * Attack under a stop rule, the one solved exactly (over every state) for an objective:
   * `armies` (the default) keeps the most armies on average while still taking the battle (or
   * the whole path) with at least `minConquest`; `conquest` takes it as often as possible (it
   * never stops: fighting to the end is optimal); `value` maximises the armies kept plus
   * `territoryWorth` armies for each territory taken.
   */
  const stopRule = z
    .strictObject({
      objective: z.enum(OBJECTIVES, { error: `must be one of ${OBJECTIVES.join(', ')}` }).default('armies'),
      minConquest: probability.optional(),
      territoryWorth: z
        .number({ error: 'must be a number of armies' })
        .min(0, { error: 'must be 0 or more' })
        .max(MAX_TERRITORY_WORTH, { error: `must be at most ${MAX_TERRITORY_WORTH}` })
        .optional(),
    })
    .superRefine((rule, ctx) => {
      const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      if (rule.objective === 'armies' && rule.minConquest === undefined)
        issue('minConquest', 'is required with objective armies (the P(conquest) the rule must still reach)');
      if (rule.objective !== 'armies' && rule.minConquest !== undefined)
        issue('minConquest', `applies only with objective armies (not ${rule.objective})`);
      if (rule.objective === 'value' && rule.territoryWorth === undefined)
        issue('territoryWorth', 'is required with objective value (what one territory taken is worth, in armies)');
      if (rule.objective !== 'value' && rule.territoryWorth !== undefined)
        issue('territoryWorth', `applies only with objective value (not ${rule.objective})`);
    })
    .optional();

  /** 1-based positions on a path of `territories`, e.g. the fortresses. */
  const positions = z
    .array(z.number().int().min(1, { error: 'positions start at 1' }))
    .max(20)
    .default([]);

  const territorySchema = z.strictObject({
    defenders,
    fortress: z.boolean().default(false),
    defendingLeader: z.boolean().default(false),
  });

  const battleEntrySchema = z.strictObject({
    type: z.literal('battle').default('battle'),
    ...rules,
    defenders,
    fortress: z.boolean().default(false),
    defendingLeader: z.boolean().default(false),
    stopRule,
  });

  const leaderMoves = z
    .enum(LEADER_MOVES, { error: `must be ${LEADER_MOVES.join(' or ')}` })
    .optional()
    .describe(
      "where an attacking leader's +1 applies along the path: first-attack (when left out; the leader stays " +
        'where the chain starts) or every-attack (it travels with the armies); only with attackingLeader',
    );

  const chainEntrySchema = z.strictObject({
    type: z.literal('chain'),
    ...rules,
    path: z.array(territorySchema).min(1, { error: 'needs at least one territory' }).max(MAX_PATH),
    leaderMoves,
    stopRule,
  });

  /**
   * The defender's question: how to spread `armies` over a path of `territories` (each at least
   * one) against an attacker who attacks along it to the end. The battle fought is the chain
   * with the best spread (solved exactly); the headline is P(the defender keeps at least one).
   */
  const defenceEntrySchema = z.strictObject({
    type: z.literal('defence'),
    ...rules,
    armies: armies(1, 'defending armies to spread over the territories'),
    territories: z.number().int().min(1, { error: 'must be at least 1' }).max(8, { error: 'must be at most 8' }),
    fortresses: positions,
    leaders: positions,
    leaderMoves,
  });

  const capitolEntrySchema = z.strictObject({
    type: z.literal('capitol'),
    ...rules,
    defenders,
    defendingLeader: z.boolean().default(false),
    fortress: z.literal(false, { error: 'a capitol cannot be placed on a fortress' }).default(false),
    territories: z.array(armies(1, "armies in each of the capitol owner's other territories")).max(200).default([]),
  });

  /**
   * `type` may be left out: it then defaults to `battle` (the JSON Schema says so too).
   * Cross-field rules: exactly one army-count convention, a stop level below the army count, and
   * `leaderMoves` only with an attacking leader (a setting that does not apply is refused, never ignored).
   * A `turn` (turnBattle/schema.ts) has no attacking force: its checks are its board's and objective's.
   */
  const { turnEntrySchema } = turnSchemas();
  const landgrabEntrySchema = z
    .discriminatedUnion('type', [
      battleEntrySchema,
      chainEntrySchema,
      capitolEntrySchema,
      defenceEntrySchema,
      turnEntrySchema,
    ])
    .superRefine((entry, ctx) => {
      if (entry.type === 'turn') {
        // zod runs this even after a field's own issue (a number out of range): check a well-formed turn only.
        if (!turnEntrySchema.safeParse(entry).success) return;
        const checked = turnInputs(entry);
        if ('issue' in checked)
          ctx.addIssue({ code: 'custom', path: checked.issue.path, message: checked.issue.message });
        return;
      }
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
      if (entry.type === 'defence') {
        if (entry.armies < entry.territories) {
          ctx.addIssue({
            code: 'custom',
            path: ['armies'],
            message: `must be at least 1 per territory (${entry.territories})`,
          });
        }
        for (const [field, list] of [
          ['fortresses', entry.fortresses],
          ['leaders', entry.leaders],
        ] as const) {
          const outside = list.find((p) => p > entry.territories);
          if (outside !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `position ${outside} is not on the path (1..${entry.territories})`,
            });
          }
        }
      }
      if (
        (entry.type === 'chain' || entry.type === 'defence') &&
        entry.leaderMoves !== undefined &&
        !entry.attackingLeader
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['leaderMoves'],
          message:
            'applies only when the attacker has a leader (attackingLeader: true, --attacking-leader): ' +
            "without one no attack gets a leader's +1",
        });
      }
      if (entry.stopAt >= a) {
        ctx.addIssue({
          code: 'custom',
          path: ['stopAt'],
          message: `must be below the ${a} armies in the attacking territory, or no attack happens`,
        });
      }
    });

  return {
    territorySchema,
    battleEntrySchema,
    chainEntrySchema,
    defenceEntrySchema,
    capitolEntrySchema,
    landgrabEntrySchema,
  };
});

/** Every LandGrab entry, a whole turn included. */
export type LandgrabAnyEntry = z.output<ReturnType<typeof landgrabSchemas>['landgrabEntrySchema']>;
/** A battle entry: an attack, a chain, a capitol or a defence (a turn is turnBattle/'s). */
export type LandgrabEntry = Exclude<LandgrabAnyEntry, { type: 'turn' }>;
