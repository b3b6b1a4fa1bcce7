/**
 * "How many armies do I need for at least p?" in words: the fewest armies in the attacking
 * territory for the target (reverse.ts), for one battle also the most defenders beaten at
 * least that often, as decisions of the report (`needed`, `beatable`), the lines that quote
 * them, and the curve as a table and a chart.
 */
import type { ResultView } from '../../../model/contract.js';
import type { ChartRequest, Decisions, Table } from '../../../model/report.js';
import { percentTarget } from '../../../words/format.js';
import { metricQuote, ofTheTime, quote, say, type Sentence } from '../../../words/sentence.js';
import type { LandgrabPlan } from '../plan.js';
import { HEADLINE, what } from '../verdict.js';
import { planPath } from '../optimize/path.js';
import { MAX_SEARCH_ARMIES, maximumDefenders, minimumAttackers } from '../optimize/reverse.js';
import { exactChances, fewestCertain, mostDefendersCertain } from '../optimize/certainty.js';

type View = ResultView<unknown, LandgrabPlan>;

/** "How many armies do I need for at least p?" (and, for one battle, how many defenders you can beat). */
export function reverseAnswer(
  view: View,
  decisions: Decisions,
  target: number,
  tables: Table[],
  charts: ChartRequest[],
): Sentence[] {
  const plan = view.plan;
  const asked = Boolean(view.question.forceAsked);
  const have = plan.attackers;
  const path = planPath(plan);
  const certain = target >= 1 ? fewestCertain(path.steps) : null;
  if (certain?.never) {
    // Every round can go the defender's way: P(conquest) only tends to 1, no count is enough (decided exactly).
    decisions.needed = {
      target,
      count: null,
      probability: null,
      have,
      searchedTo: 0,
      certainOnlyInTheLimit: true,
    };
    const below = quote('decisions.needed.target', target, 'target');
    const why = say`the defender keeps a chance against any force (ask for a target below ${below})`;
    return [say`No army count makes taking ${what(plan)} certain: ${why}.`];
  }
  const exact = exactChances(path.steps);
  const searched = minimumAttackers(path.steps, target, certain?.count ? { curveTo: certain.count } : {});
  // A certainty is the exact search's (certainty.ts), never a float's; every chance has its ends decided exactly.
  const needed = {
    ...searched,
    attackers: certain ? certain.count : searched.attackers,
    pConquest: certain ? (certain.count === null ? null : 1) : exact(searched.attackers, searched.pConquest),
    curve: searched.curve.map((c) => ({ ...c, pConquest: exact(c.attackers, c.pConquest) as number })),
  };
  const searchedTo = certain ? certain.searchedTo : MAX_SEARCH_ARMIES;
  decisions.needed = {
    target,
    count: needed.attackers,
    probability: needed.pConquest,
    have: asked ? null : have,
    searchedTo,
    certainOnlyInTheLimit: false,
  };
  const want = quote('decisions.needed.target', target, 'target');
  const count = quote('decisions.needed.count', needed.attackers ?? 0, 'count');
  const p = quote('decisions.needed.probability', needed.pConquest ?? 0, 'percent');
  const youHave = quote('decisions.needed.have', have, 'count');
  const lines: Sentence[] = [];
  if (asked) {
    // The battle was fought with exactly the count needed: its metrics are that force's odds.
    const kept =
      plan.kind === 'chain'
        ? say`, moving ${metricQuote(view, 'finalArmies', 'fixed1')} armies into the last on average when they do`
        : say` and keep ${metricQuote(view, 'attackerLeftIfConquers', 'fixed1')} armies there on average when they do`;
    lines.push(
      say`For at least ${want} you need ${count} armies in the attacking territory: they take ${what(plan)} ${ofTheTime(
        view,
        HEADLINE,
      )}${kept}.`,
    );
  } else if (needed.attackers === null) {
    lines.push(
      say`No army count up to ${quote('decisions.needed.searchedTo', searchedTo, 'count')} takes ${what(
        plan,
      )} at least ${want} of the time.`,
    );
  } else if (needed.attackers <= have) {
    const already = say`${count} armies in the attacking territory already take ${what(plan)} ${p} of the time`;
    lines.push(say`Enough for ${want}: ${already}; you have ${youHave}.`);
  } else {
    lines.push(
      say`For at least ${want} you need ${count} armies in the attacking territory (${p}); you have ${youHave}.`,
    );
  }
  if (!asked && (plan.kind === 'battle' || plan.kind === 'capitol')) {
    const beaten = target >= 1 ? mostDefendersCertain(plan.tables, have) : maximumDefenders(plan.tables, have, target);
    const probability =
      beaten.pConquest === null
        ? null
        : exactChances([{ defenders: beaten.defenders, tables: plan.tables }])(have, beaten.pConquest);
    decisions.beatable = { target, defenders: beaten.defenders, probability, have };
    const most = quote('decisions.beatable.defenders', beaten.defenders, 'count');
    const armies = quote('decisions.beatable.have', have, 'count');
    const wantAgain = quote('decisions.beatable.target', target, 'target');
    lines.push(
      beaten.defenders > 1
        ? say`With ${armies} you take a territory held by up to ${most} defenders at least ${wantAgain} of the time.`
        : beaten.defenders === 1
          ? say`With ${armies} you take a territory held by a single defender at least ${wantAgain} of the time.`
          : say`With ${armies} not even a single defender falls at least ${wantAgain} of the time.`,
    );
  }
  const words = plan.kind === 'chain' ? `all ${plan.steps.length} territories` : what(plan).text;
  tables.push({
    name: 'armies-needed',
    title: `Chance of taking ${words} by armies in the attacking territory`,
    columns: ['armies in the attacking territory', 'P(conquest)', `at least ${percentTarget(target)}`],
    rows: needed.curve.map((c) => [c.attackers, c.pConquest, target >= 1 ? c.pConquest === 1 : c.pConquest >= target]),
  });
  charts.push(neededChart(needed.curve, target, words, asked ? null : have));
  return lines;
}

function neededChart(
  curve: Array<{ attackers: number; pConquest: number }>,
  target: number,
  what: string,
  have: number | null,
): ChartRequest {
  return {
    kind: 'lines',
    name: 'armies-needed',
    title: `Chance of taking ${what} by armies`,
    subtitle: [`exact; dashed line: the target ${percentTarget(target)}${have === null ? '' : `; you have ${have}`}`],
    x: { title: 'armies in the attacking territory', values: curve.map((c) => c.attackers) },
    y: { title: 'P(conquest)', format: 'percent', domain: [0, 1] },
    series: ['P(conquest)'],
    points: curve.map((c) => ({ x: c.attackers, series: 'P(conquest)', y: c.pConquest })),
    guide: { y: target, label: `target ${percentTarget(target)}` },
  };
}
