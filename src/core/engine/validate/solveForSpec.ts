/** What a battle (or a sweep) of a scenario file asks to be solved for (engine/solve/): a field, a target, a range. */
import { z } from 'zod';
import { userText } from '../../model/userText.js';

const whole = z.number().int({ error: 'must be a whole number' });

export const solveForSchema = z.strictObject({
  field: userText(z.string().min(1, { error: 'must name a numeric field of the battle entry' }).max(200)),
  target: z.number().gt(0, { error: 'must be above 0' }).max(1, { error: 'must be at most 1' }).default(0.8),
  /** The whole numbers to search, [low, high] (default: every value the field takes in the battle). */
  range: z
    .tuple([whole, whole], { error: 'must be [low, high]: two whole numbers' })
    .refine(([lo, hi]) => lo <= hi, { error: 'must be [low, high] with low at most high' })
    .optional(),
});
