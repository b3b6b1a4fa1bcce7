/**
 * The defended hex: its fort (tower 1, keep 2, castle 3, citadel 4; 12.3), city or village,
 * and special income counters. Forts, cities and villages fight as the defender's counters
 * and absorb hits (counters.ts); everything in the hex takes the post-battle roll (11.72,
 * postBattle.ts). What a building does when the defender's creatures retreat is a reading
 * (`fortAfterRetreat`).
 */
import { z } from 'zod';
import { userText } from '../../../model/userText.js';
import { lazy } from '../../../model/lazy.js';
import {
  FORT_NAMES,
  cityCounter,
  countersOf,
  fortCounter,
  villageCounter,
  type Counter,
  type CreatureSpec,
} from './counters.js';

/**
 * [reading] What a fort, city or village does when the defender's creatures retreat and it
 * still stands: `fights-on` (default; 11.6 note: "they may continue to fight alone") or
 * `falls` (the hex is captured at once, reading 11.71's "forced to retreat" as covering them).
 */
export const FORT_AFTER_RETREAT = ['fights-on', 'falls'] as const;

/** What is in the hex besides the defender's creatures: only the post-battle roll (11.72) uses these. */
export interface HexAfter {
  /** Fort level 0-4 (0: no fort). */
  fortLevel: number;
  /** Cities, villages and special income counters: destroyed on a 1 or 6. */
  specials: number;
}

/** The defender's counters in the hex: creatures, then the fort, city and village. */
export function hexCounters(
  d: { creatures: CreatureSpec[]; city?: boolean; village?: boolean },
  fort: number,
): Counter[] {
  return [
    ...countersOf(d.creatures),
    ...(fort > 0 ? [fortCounter(fort)] : []),
    ...(d.city ? [cityCounter()] : []),
    ...(d.village ? [villageCounter()] : []),
  ];
}

export function specialsIn(d: { city?: boolean; village?: boolean; income?: string[] }): number {
  return (d.city ? 1 : 0) + (d.village ? 1 : 0) + (d.income?.length ?? 0);
}

/**
 * The hex's schemas, built on first use (lazy.ts): a fort by name or level, `fortAfterRetreat`, the
 * buildings and income counters a defender's entry gives, and what a battle at a hex gives.
 */
export const hexSchemas = lazy(() => {
  /** A fort by name or level; the validated entry holds the name. */
  const fortLevel = z
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

  const fortAfterRetreat = z.enum(FORT_AFTER_RETREAT, {
    error: `fortAfterRetreat must be ${FORT_AFTER_RETREAT.join(' or ')}`,
  });

  /** The hex's buildings and income counters, as a defender's entry gives them (besides its fort). */
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

  /** What a battle at a hex (`battle`, `multi`) gives besides its sides. */
  const hexBattle = {
    label: userText(z.string().min(1)).optional(),
    /** The hex was unexplored: its defenders never retreat (11.6). */
    unexplored: z.boolean().default(false),
  };

  return { fortLevel, fortAfterRetreat, hexBuildings, hexBattle };
});
