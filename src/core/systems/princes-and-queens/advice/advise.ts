/**
 * Princes & Queens' answer to the player's question (RuleSystem.advise: `--target`, `--advise`,
 * `should-i-attack`): from how far the attack is still possible (one and two Princes) and,
 * against a defending Prince, how far from his Queen he still holds (reach.ts). Nothing is
 * random, so the target is moot: the lines say what is possible, with a small table.
 */
import type { AdviceView, Description } from '../../../model/contract.js';
import { withAdvice } from '../../../model/advice.js';
import type { PqEntry } from '../schema.js';
import type { PqPlan } from '../plan.js';
import { reachDecision, reachLines, reachTable } from './reachText.js';

export function advisePq(view: AdviceView<PqEntry, PqPlan>): Description {
  const reach = reachDecision(view.plan);
  return withAdvice(view.described, {
    decisions: { reach },
    lines: reachLines(view.plan, reach),
    tables: [reachTable(view.plan)],
  });
}
