/**
 * "How many armies do I need?" asked without a force: the fewest armies in the attacking
 * territory that take the territory (the chain, the capitol) at least `target` of the time,
 * exact (advice/reverse.ts). Dice can always fail, so no count makes a conquest certain.
 */
import type { ForceQuestion } from '../../model/contract.js';
import type { LandgrabEntry } from './schema.js';
import { compileLandgrab } from './compile.js';
import { MAX_SEARCH_ARMIES, minimumAttackers } from './optimize/reverse.js';
import { percentTarget } from '../../words/format.js';

export const landgrabForce: ForceQuestion<LandgrabEntry> = {
  field: 'attackers',
  alternatives: ['attackingArmies'],
  // A turn plans its own attacks: it has no attacking force to leave out.
  appliesTo: (entry) => (entry as { type?: unknown }).type !== 'turn',
  placeholder: 2,
  fewest(entry, target) {
    if (entry.type === 'defence')
      return { none: 'a defence spreads your armies against a given attacker: give the attacking armies' };
    if (target >= 1)
      return {
        none:
          'no army count makes a conquest certain (the defender keeps a chance against any force); ' +
          'ask for less than 100%',
      };
    const plan = compileLandgrab(entry).plan;
    const steps = plan.kind === 'chain' ? plan.steps : [{ defenders: plan.defenders, tables: plan.tables }];
    const found = minimumAttackers(steps, target).attackers;
    if (found === null)
      return {
        none: `no army count up to ${MAX_SEARCH_ARMIES} takes it at least ${percentTarget(target)} of the time`,
      };
    return { count: found };
  },
};
