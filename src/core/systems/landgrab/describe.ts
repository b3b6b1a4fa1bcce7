/**
 * LandGrab's words: the answer as a sentence opening with the recommendation (verdict.ts), from
 * the layout's metrics by name; for a defence, the defender's best spread beside its runner-up
 * and the plain spreads. What the player asks beyond the odds (armies needed, stop rules) is
 * advice/ (advise.ts). Every decision is a named value of the report (`decisions`), and every
 * number in a line quotes one (words/sentence.ts).
 */
import type { Description, ResultView } from '../../model/contract.js';
import type { Decisions } from '../../model/report.js';
import type { LandgrabEntry } from './schema.js';
import type { ChainPlan, LandgrabPlan } from './plan.js';
import { fromChance } from '../../words/verdict.js';
import { ofTheTime, quote, say, type Sentence } from '../../words/sentence.js';
import { HEADLINE, firstLine } from './verdict.js';

type View = ResultView<LandgrabEntry, LandgrabPlan>;

export function describeLandgrab(view: View): Description {
  const plan = view.plan;
  if (plan.kind === 'chain' && plan.defence) return describeDefence(view, plan);
  // Asked how many are needed, the count is the answer (advice/), with no recommendation: there is no force to weigh.
  if (view.question.forceAsked) return {};
  const recommendation = fromChance(view.shown(HEADLINE).value, HEADLINE);
  return { verdict: [firstLine(view, recommendation)], decisions: { recommendation } };
}

function describeDefence(view: View, plan: ChainPlan): Description {
  const defence = plan.defence!;
  const runnerUp = defence.ranking.find((r) => r.allocation.join('-') !== defence.allocation.join('-')) ?? null;
  const decisions: Decisions = {
    defence: {
      attackers: plan.attackers,
      armies: defence.allocation.reduce((s, x) => s + x, 0),
      best: { allocation: defence.allocation, pHeld: defence.pHeld },
      runnerUp,
      baselines: defence.baselines,
      spreads: defence.allocations,
      method: defence.method,
    },
  };
  const d = decisions.defence!;
  const verdict: Sentence[] = [
    say`Spread your ${quote('decisions.defence.armies', d.armies, 'count')} armies ${quote(
      'decisions.defence.best.allocation',
      d.best.allocation,
      'dashes',
    )}: you keep at least one territory ${ofTheTime(view, 'pDefenderHolds', 'chance')} against ${quote(
      'decisions.defence.attackers',
      d.attackers,
      'count',
    )} armies in the attacking territory.`,
  ];
  if (runnerUp) {
    const spread = quote('decisions.defence.runnerUp.allocation', runnerUp.allocation, 'dashes');
    verdict.push(
      say`The next best, ${spread}, holds ${quote('decisions.defence.runnerUp.pHeld', runnerUp.pHeld, 'chance')}.`,
    );
  }
  d.baselines.forEach((b, i) => {
    if (b.allocation.join('-') === d.best.allocation.join('-')) return;
    if (runnerUp && b.allocation.join('-') === runnerUp.allocation.join('-')) return;
    const at = `decisions.defence.baselines.${i}`;
    const spread = quote(`${at}.allocation`, b.allocation, 'dashes');
    verdict.push(say`${b.name as string} (${spread}) would hold ${quote(`${at}.pHeld`, b.pHeld, 'chance')}.`);
  });
  const rows = [...defence.ranking, ...defence.baselines.map((b) => ({ ...b }))].map((r) => [
    'name' in r ? String(r.name) : 'best found',
    r.allocation.join('-'),
    r.pHeld,
  ]);
  return {
    verdict,
    decisions,
    tables: [
      {
        name: 'spreads',
        title: `Spreads compared (${defence.allocations.toLocaleString('en-US')} possible, searched ${defence.method})`,
        columns: ['spread', 'armies by territory, first attacked first', 'P(defender keeps at least one)'],
        rows,
      },
    ],
  };
}
