/**
 * Advanced Civilization conflicts with Dr. Petrov's fortifications: a deterministic
 * resolver (exact), Engineering matchup sweeps, and Monte Carlo over uncertain token
 * counts. Rules and readings: docs/advanced-civilization.md.
 */
import type { RuleSystemWithOdds } from '../../engine/system.js';
import { advancedCivilizationEntrySchema, type AdvCivEntry } from './schema.js';
import { checkEntry, compileEntry } from './compile.js';
import { conflictLayout, type AdvCivPlan } from './plan.js';
import { advCivKernels } from './kernels.js';
import { solveAdvCiv } from './exact.js';
import { summarizeAdvCiv } from './summarize.js';
import { advCivOdds } from './odds.js';

/** Headline: the first nation listed (the attacker) controls the area (alone or by majority). */
function headlineCount(plan: AdvCivPlan, tally: Float64Array): number {
  if (plan.kind !== 'conflict' || !plan.sampled) return 0;
  return tally[conflictLayout(plan).holder + 0];
}

export const advancedCivilization: RuleSystemWithOdds<AdvCivEntry, AdvCivPlan> = {
  id: 'advanced-civilization',
  title:
    "Advanced Civilization conflicts with Dr. Petrov's fortifications (deterministic; Monte Carlo over unknown token counts)",
  battleSchema: advancedCivilizationEntrySchema as never,
  check: checkEntry,
  compile: compileEntry,
  kernels: advCivKernels,
  headlineCount,
  solve: solveAdvCiv,
  summarize: summarizeAdvCiv,
  odds: advCivOdds,
  benchCase: {
    label: 'unknown defender against a fort',
    entry: {
      type: 'conflict',
      limit: 3,
      nations: [
        { name: 'attacker', tokens: 7, engineering: true },
        { name: 'defender', tokens: { min: 1, max: 9 } },
      ],
      fort: { owner: 'defender' },
    },
  },
};
