/**
 * "How many tokens do I need?" asked without the attacker's count: the fewest attacker tokens
 * that control the area at least `target` of the time (advice/needed.ts: exact, every other nation as
 * given). The Army tokens the player names are among the tokens, so the answer is never fewer.
 */
import type { ForceQuestion } from '../../model/contract.js';
import type { AdvCivEntry } from './schema.js';
import { MAX_TOKENS } from './schema.js';
import { isNotSearched, tokensNeeded } from './tokensNeeded.js';
import { percentTarget } from '../../words/format.js';

export const advCivForce: ForceQuestion<AdvCivEntry> = {
  field: 'nations.0.tokens',
  // Any count will do while the rest of the entry is validated, as long as the Army tokens fit in it.
  placeholder: MAX_TOKENS,
  fewest(entry, target) {
    const answer = tokensNeeded(entry, target, entry.nations[0].armies);
    if (isNotSearched(answer)) return { none: `no token search: ${answer.notSearched}` };
    const found = answer.controls.tokens;
    if (found === null) {
      const often = answer.certain ? '' : ` at least ${percentTarget(target)} of the time`;
      return { none: `no count up to ${answer.searchedTo} tokens controls the area${often}` };
    }
    return { count: found };
  },
};
