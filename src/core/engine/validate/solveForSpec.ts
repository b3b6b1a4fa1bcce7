/** What a battle (or a sweep) of a scenario file asks to be solved for (engine/solve/): a field and a target. */
import { z } from 'zod';
import { userText } from '../../model/userText.js';

export const solveForSchema = z.strictObject({
  field: userText(z.string().min(1, { error: 'must name a numeric field of the battle entry' }).max(200)),
  target: z.number().gt(0, { error: 'must be above 0' }).max(1, { error: 'must be at most 1' }).default(0.8),
});
