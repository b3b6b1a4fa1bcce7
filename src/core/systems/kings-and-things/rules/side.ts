/**
 * What every side of every battle type gives in an entry: its creatures, its loss policy
 * (lossOrder.ts), its retreat policy and where it would retreat to (retreat.ts).
 */
import { z } from 'zod';
import { creatureList } from './creatures.js';
import { lossPolicy } from './lossOrder.js';
import { retreatHex, retreatPolicy } from './retreat.js';

export const sideRules = {
  creatures: creatureList.default([]),
  losses: lossPolicy.optional(),
  retreat: retreatPolicy.default('never'),
  retreatHex: retreatHex.default({ creatures: 0 }),
};

/** An attacking (or exploring) side: nothing but the side's rules. */
export const attackerSchema = z.strictObject({ ...sideRules });
