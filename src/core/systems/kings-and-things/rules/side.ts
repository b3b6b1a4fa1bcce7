/**
 * What every side of every battle type gives in an entry: its creatures, its loss policy
 * (lossOrder.ts), its retreat policy and where it would retreat to (retreat.ts). Built on first
 * use (lazy.ts).
 */
import { z } from 'zod';
import { lazy } from '../../../model/lazy.js';
import { creatureSchemas } from './creatures.js';
import { lossPolicySchema } from './lossOrder.js';
import { retreatSchemas } from './retreat.js';

export const sideSchemas = lazy(() => {
  const { retreatHex, retreatPolicy } = retreatSchemas();
  const sideRules = {
    creatures: creatureSchemas().creatureList.default([]),
    losses: lossPolicySchema().optional(),
    retreat: retreatPolicy.default('never'),
    retreatHex: retreatHex.default({ creatures: 0 }),
  };

  /** An attacking (or exploring) side: nothing but the side's rules. */
  const attackerSchema = z.strictObject({ ...sideRules });

  return { sideRules, attackerSchema };
});
