/**
 * Advanced Civilization conflicts with Dr. Petrov's fortifications. The rules have no
 * dice: a conflict with known token counts has one outcome (deterministic: solved, with
 * its removal log); uncertain token counts are sampled, and solved exactly by enumeration
 * when the combinations are few enough. Engineering matchup tables are scenario sweeps.
 * Headline: `controls_0`, the first nation listed (the attacker) controls the area. Its tokens
 * may be left out to ask how many are needed for a target (force.ts).
 * Rules and readings: docs/advanced-civilization.md.
 */
import type { RuleSystem } from '../../model/contract.js';
import { advancedCivilizationEntrySchema, type AdvCivEntry } from './schema.js';
import type { ConflictPlan } from './plan.js';
import { compileAdvCiv } from './compile.js';
import { advCivSampler } from './kernels.js';
import { solveConflict } from './exact.js';
import { describeAdvCiv } from './describe.js';
import { adviseAdvCiv } from './advice/advise.js';
import { advCivForce } from './force.js';
import { advancedCivilizationDecisions } from './decisions.js';

export const advancedCivilization: RuleSystem<AdvCivEntry, ConflictPlan> = {
  id: 'advanced-civilization',
  title:
    "Advanced Civilization conflicts with Dr. Petrov's fortifications " +
    '(deterministic; Monte Carlo over unknown token counts)',
  get entry() {
    return advancedCivilizationEntrySchema();
  },
  compile: compileAdvCiv,
  sampler: advCivSampler,
  solve: solveConflict,
  describe: describeAdvCiv,
  advise: adviseAdvCiv,
  force: advCivForce,
  // The conflict step by step and the tokens a target needs: decisions.ts.
  decisions: advancedCivilizationDecisions,
};
