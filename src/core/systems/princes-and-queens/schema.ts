/**
 * Princes & Queens scenario entries: one attack by one or two Princes on a hex (the only
 * battle type). The table of attacks across distances, defenders and terrain is a sweep
 * over these entries (scenarios/princes-and-queens-battle-values.json), not a type.
 * Cross-field checks are folded in (issues name the field).
 */
import { z } from 'zod';
import { userText } from '../../model/userText.js';
import { lazy } from '../../model/lazy.js';
import { PRINCE_FLOORS, TIE_READINGS } from './values.js';

export const MAX_DISTANCE = 50;

const distance = (what: string) =>
  z
    .number({ error: `${what} must be a number (hexes)` })
    .int({ error: `${what} must be a whole number of hexes` })
    .min(0, { error: `${what} must be >= 0` })
    .max(MAX_DISTANCE, { error: `${what} must be at most ${MAX_DISTANCE} hexes` });

/** The entry schema (one attack, with the checks that need more than one field): built on first use (lazy.ts). */
export const princesAndQueensEntrySchema = lazy(() => {
  const terrain = z.enum(['plain', 'mountain'], { error: 'terrain must be "plain" or "mountain"' });
  const ties = z.enum(TIE_READINGS as ['attacker-wins', 'not-possible'], {
    error:
      'ties must be "attacker-wins" (equal values: the attack goes ahead and wins) or ' +
      '"not-possible" (a strictly higher value is needed)',
  });

  const princeFloor = z.enum(PRINCE_FLOORS as ['zero', 'none'], {
    error: 'princeFloor must be "zero" (a Prince\'s value never goes below 0) or "none" (5 - distance may go negative)',
  });

  const attackEntrySchema = z.strictObject({
    type: z
      .literal('attack', {
        error:
          'type must be "attack" (or left out); the table of attacks across distances and terrain is a sweep now: ' +
          'see scenarios/princes-and-queens-battle-values.json',
      })
      .default('attack'),
    label: userText(z.string().min(1)).optional(),
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

  return attackEntrySchema.superRefine((entry, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (entry.distance === 0)
      issue('distance', "distance must be >= 1: an attacking Prince cannot end his move on his own Queen's hex");
    const prince = entry.defender === 'prince' || entry.defender === 'two-princes';
    if (prince && entry.defenderDistance === undefined)
      issue('defenderDistance', 'a defending Prince needs defenderDistance: the hexes from him to his own Queen');
    if (prince && entry.defenderDistance === 0)
      issue('defenderDistance', 'defenderDistance must be >= 1: a Prince cannot share a hex with his own Queen');
    if (!prince && entry.defenderDistance !== undefined)
      issue('defenderDistance', `defenderDistance only applies to a defending Prince, not a ${entry.defender}`);
    if (entry.defender === 'city' && entry.withCity)
      issue(
        'withCity',
        'withCity adds a City to a defending pawn; for a City alone use defender "city" without withCity',
      );
  });
});

export type PqEntry = z.output<ReturnType<typeof princesAndQueensEntrySchema>>;
