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
import { endsPossible, exactChance, nearAnEnd } from './optimize/certainty.js';

type View = ResultView<LandgrabEntry, LandgrabPlan>;

export function describeLandgrab(view: View): Description {
  const plan = view.plan;
  if (plan.kind === 'chain' && plan.defence) return describeDefence(view, plan);
  // Asked how many are needed, the count is the answer (advice/), with no recommendation: there is no force to weigh.
  if (view.question.forceAsked) return {};
  const recommendation = fromChance(view.shown(HEADLINE).value, HEADLINE);
  return { verdict: [firstLine(view, recommendation)], decisions: { recommendation } };
}

/**
 * A spread's P(held) with its ends decided exactly (optimize/certainty.ts): the defender keeps a territory
 * for certain only when the attack cannot take them all, and never when it cannot fail.
 */
function heldExactly(plan: ChainPlan, allocation: readonly number[], pHeld: number): number {
  if (!nearAnEnd(pHeld)) return pHeld;
  const steps = plan.steps.map((s, i) => ({ defenders: allocation[i], tables: s.tables }));
  const { canFail, canWin } = endsPossible(steps, plan.attackers);
  return exactChance(pHeld, canWin[plan.attackers] === 1, canFail[plan.attackers] === 1);
}

function describeDefence(view: View, plan: ChainPlan): Description {
  const found = plan.defence!;
  const exactly = <T extends { allocation: number[]; pHeld: number }>(r: T): T => ({
    ...r,
    pHeld: heldExactly(plan, r.allocation, r.pHeld),
  });
  const defence = {
    ...found,
    pHeld: heldExactly(plan, found.allocation, found.pHeld),
    ranking: found.ranking.map(exactly),
    baselines: found.baselines.map(exactly),
  };
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
    )}: you keep at least one territory ${ofTheTime(view, 'pDefenderHolds')} against ${quote(
      'decisions.defence.attackers',
      d.attackers,
      'count',
    )} armies in the attacking territory.`,
  ];
  if (runnerUp) {
    const spread = quote('decisions.defence.runnerUp.allocation', runnerUp.allocation, 'dashes');
    verdict.push(
      say`The next best, ${spread}, holds ${quote('decisions.defence.runnerUp.pHeld', runnerUp.pHeld, 'percent')}.`,
    );
  }
  d.baselines.forEach((b, i) => {
    if (b.allocation.join('-') === d.best.allocation.join('-')) return;
    if (runnerUp && b.allocation.join('-') === runnerUp.allocation.join('-')) return;
    const at = `decisions.defence.baselines.${i}`;
    const spread = quote(`${at}.allocation`, b.allocation, 'dashes');
    verdict.push(say`${b.name as string} (${spread}) would hold ${quote(`${at}.pHeld`, b.pHeld, 'percent')}.`);
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
