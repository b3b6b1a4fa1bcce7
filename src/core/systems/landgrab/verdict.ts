/**
 * LandGrab's verdict line: the answer as a sentence opening with the recommendation, from the
 * layout's metrics by name (what is taken, how often, the armies kept when it is). The advice
 * (advice/advise.ts) restates it when the recommendation follows the stop rule.
 */
import type { ResultView } from '../../model/contract.js';
import type { Recommendation } from '../../words/verdict.js';
import { metricQuote, ofTheTime, quote, say, type Sentence } from '../../words/sentence.js';
import type { LandgrabPlan } from './plan.js';

type View = Pick<ResultView<unknown, LandgrabPlan>, 'plan' | 'metric' | 'shown' | 'method'>;

/** The headline: P(attacker conquers) (the chain: all its territories; the capitol: it). */
export const HEADLINE = 'pAttackerWins';

/** "Attack: you take the territory 53.1% of the time and keep 5.8 armies ... when you do." */
export function firstLine(view: View, r: Recommendation): Sentence {
  const plan = view.plan;
  const win = ofTheTime(view, HEADLINE);
  const ruled = plan.kind !== 'capitol' && plan.policy ? ' following the stop rule' : '';
  const some = view.shown(HEADLINE).value > 0;
  if (plan.kind === 'chain') {
    const kept = some
      ? say`, moving ${metricQuote(view, 'finalArmies', 'fixed1')} armies into the last on average when you do`
      : say``;
    return say`${r.word}: you take ${what(plan)}${ruled} ${win}${kept}; ${metricQuote(
      view,
      'territoriesTaken',
      'fixed2',
    )} territories on average.`;
  }
  const left = metricQuote(view, 'attackerLeftIfConquers', 'fixed1');
  const kept = some ? say` and keep ${left} armies in the attacking territory on average when you do` : say``;
  return say`${r.word}: you take ${what(plan)}${ruled} ${win}${kept}.`;
}

/** What is taken: "the territory", "the capitol", "all 3 territories". */
export function what(plan: LandgrabPlan): Sentence {
  if (plan.kind === 'chain') return say`all ${quote('entry.path.length', plan.steps.length, 'count')} territories`;
  return plan.kind === 'capitol' ? say`the capitol` : say`the territory`;
}
