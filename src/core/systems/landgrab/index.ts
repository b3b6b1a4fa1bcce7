/**
 * LandGrab: Risk-style dice with fortresses, leaders and capitols.
 * Rules: README "LandGrab"; readings: attacker rolls min(3, territory armies - 1),
 * defender min(2, armies), bonuses on each side's single highest die, ties to the defender.
 */
import type { RuleSystem } from '../../model/contract.js';
import { landgrabSchemas, type LandgrabEntry } from './schema.js';
import type { LandgrabPlan } from './plan.js';
import { compileLandgrab, layoutOf } from './compile.js';
import { landgrabSampler } from './kernels.js';
import { MAX_EXACT_STATES, exactStates, solvePlan } from './exact.js';
import { describeLandgrab } from './describe.js';
import { adviseLandgrab } from './advice/advise.js';
import { landgrabForce } from './force.js';
import { landgrabDecisions } from './decisions.js';
import { quickLandgrabEntry } from './quickEntry.js';

export const landgrab: RuleSystem<LandgrabEntry, LandgrabPlan> = {
  id: 'landgrab',
  title: 'LandGrab (Risk-style dice with fortresses, leaders and capitols)',
  get entry() {
    return landgrabSchemas().landgrabEntrySchema;
  },
  quickEntry: quickLandgrabEntry,
  compile: compileLandgrab,
  sampler: landgrabSampler,
  solve: (plan) => {
    const states = exactStates(plan);
    if (states > MAX_EXACT_STATES) {
      return {
        unsolved:
          `${states.toLocaleString('en-US')} states, ` +
          `more than the exact solver's ${MAX_EXACT_STATES.toLocaleString('en-US')}`,
      };
    }
    return solvePlan(plan, layoutOf(plan).size);
  },
  describe: describeLandgrab,
  // The armies needed for a target, and the stop rule for an objective: advice/.
  advise: adviseLandgrab,
  // What the stop rule optimises (`--objective`, `objective`; "stopRule" in an entry): advice/objectives.ts.
  objectives: ['armies', 'conquest', 'value'],
  // "How many armies do I need?" with the attacking force left out: force.ts.
  force: landgrabForce,
  // How many armies a target needs, when to stop, the defender's spread: decisions.ts.
  decisions: landgrabDecisions,
};
