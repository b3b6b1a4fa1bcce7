/** LandGrab's words: the answer as a sentence, from the layout's metrics by name. */
import type { Description, ResultView } from '../../engine/contract.js';
import type { LandgrabEntry } from './schema.js';
import type { LandgrabPlan } from './plan.js';
import { fixed, ofTheTime } from '../../kit/format.js';

export function describeLandgrab(view: ResultView<LandgrabEntry, LandgrabPlan>): Description {
  const win = view.metric('pAttackerWins');
  const p = win.exact ?? win.estimate;
  if (view.plan.kind === 'chain') {
    const n = view.plan.steps.length;
    const left = view.metric('finalArmies');
    const taken = view.metric('territoriesTaken');
    const kept =
      p > 0 ? `, moving ${fixed(left.exact ?? left.estimate, 1)} armies into the last on average when you do` : '';
    return {
      verdict: [
        `You take all ${n} territories ${ofTheTime(win)}${kept}; ` +
          `${fixed(taken.exact ?? taken.estimate, 2)} territories on average.`,
      ],
    };
  }
  const left = view.metric('attackerLeftIfConquers');
  const kept =
    p > 0
      ? `; when you do, ${fixed(left.exact ?? left.estimate, 1)} armies are left in the attacking territory on average`
      : '';
  const what = view.plan.kind === 'capitol' ? 'the capitol' : 'the territory';
  return { verdict: [`You take ${what} ${ofTheTime(win)}${kept}.`] };
}
