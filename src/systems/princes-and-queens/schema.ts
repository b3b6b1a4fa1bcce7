/**
 * Princes & Queens scenario entries.
 * - `attack` (the default type): one attack by one or two Princes on a hex.
 * - `table`: every attack across distances and terrain, for the balancing table.
 */
import { z } from 'zod';
import { PRINCE_FLOORS, TIE_READINGS } from './values.js';

export const MAX_DISTANCE = 50;

const distance = (what: string) =>
  z
    .number({ error: `${what} must be a number (hexes)` })
    .int({ error: `${what} must be a whole number of hexes` })
    .min(0, { error: `${what} must be >= 0` })
    .max(MAX_DISTANCE, { error: `${what} must be at most ${MAX_DISTANCE} hexes` });

const terrain = z.enum(['plain', 'mountain'], { error: 'terrain must be "plain" or "mountain"' });
const ties = z.enum(TIE_READINGS as ['attacker-wins', 'not-possible'], {
  error:
    'ties must be "attacker-wins" (equal values: the attack goes ahead and wins) or "not-possible" (a strictly higher value is needed)',
});

const princeFloor = z.enum(PRINCE_FLOORS as ['zero', 'none'], {
  error: 'princeFloor must be "zero" (a Prince\'s value never goes below 0) or "none" (5 - distance may go negative)',
});

export const attackEntrySchema = z.strictObject({
  type: z.literal('attack').default('attack'),
  label: z.string().min(1).optional(),
  princes: z
    .union([z.literal(1), z.literal(2)], {
      error: 'princes must be 1 or 2 (two Princes in one hex may attack together)',
    })
    .default(1),
  /** Hexes from the battle hex to the attacker's own Queen, at the end of the move. */
  distance: distance('distance'),
  terrain,
  defender: z.enum(['prince', 'two-princes', 'queen', 'city'], {
    error: 'defender must be "prince", "two-princes", "queen" or "city"',
  }),
  /** Hexes from the battle hex to the defending Prince's own Queen (Prince defenders only). */
  defenderDistance: distance('defenderDistance').optional(),
  /** A City shares the hex with the defending pawn. */
  withCity: z.boolean().default(false),
  ties: ties.default('attacker-wins'),
  princeFloor: princeFloor.default('zero'),
});

export const tableEntrySchema = z.strictObject({
  type: z.literal('table'),
  label: z.string().min(1).optional(),
  /** Distances 1..maxDistance are tabulated for attackers and defending Princes. */
  maxDistance: distance('maxDistance')
    .min(1, { error: 'maxDistance must be >= 1' })
    .max(12, { error: 'maxDistance must be at most 12' })
    .default(6),
  ties: ties.default('attacker-wins'),
  princeFloor: princeFloor.default('zero'),
});

/** `type` may be left out: it then defaults to `attack` (the JSON Schema says so too). */
export const princesAndQueensEntrySchema = z.discriminatedUnion('type', [attackEntrySchema, tableEntrySchema]);

export type PqEntry = z.output<typeof princesAndQueensEntrySchema>;
export type AttackEntry = z.output<typeof attackEntrySchema>;
