/**
 * Kings & Things in words, by battle type (duel/, multi/, explore/ describe.ts): the verdict
 * (first line = the answer, opening with the recommendation), tables and chart requests, all
 * from the engine's metrics read by name; every number of a line quotes a named value of the
 * report (kit/sentence.ts). What the player asks beyond the odds is advice/.
 */
import type { Description, ResultView } from '../../engine/contract.js';
import type { KtEntry } from './schema.js';
import type { KtPlan } from './plan.js';
import { describeDuel } from './duel/describe.js';
import { describeMulti } from './multi/describe.js';
import { describeExplore } from './explore/describe.js';
import { adviseKingsAndThings } from './advice/advise.js';

export function describeKingsAndThings(view: ResultView<KtEntry, KtPlan>): Description {
  const described = describeByType(view);
  const { target, advise } = view.question;
  return target !== undefined || advise ? adviseKingsAndThings(view, described) : described;
}

function describeByType(view: ResultView<KtEntry, KtPlan>): Description {
  const plan = view.plan;
  switch (plan.kind) {
    case 'battle':
      return describeDuel(view, plan);
    case 'multi':
      return describeMulti(view, plan);
    case 'explore':
      return describeExplore(view, plan);
  }
}
