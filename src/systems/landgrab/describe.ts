/** LandGrab's words: the answer as a sentence, from the layout's metrics by name. */
import type { Description, ResultView } from '../../engine/contract.js';
import type { Metric } from '../../engine/report.js';
import type { LandgrabEntry } from './schema.js';
import type { LandgrabPlan } from './plan.js';
import { fixed, percentShort } from '../../kit/format.js';

/** "73.6%" with its interval when sampled, "(exact)" when solved. */
function chance(m: Metric): string {
  const p = m.exact ?? m.estimate;
  if (m.ci95 && m.exact === undefined)
    return `${percentShort(p)} (95% interval ${percentShort(m.ci95[0])} to ${percentShort(m.ci95[1])})`;
  return percentShort(p);
}

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
        `You take all ${n} territories ${chance(win)} of the time${kept}; ` +
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
  return { verdict: [`You take ${what} ${chance(win)} of the time${kept}.`] };
}
