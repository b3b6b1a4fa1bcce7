/**
 * LandGrab's words: the answer as a sentence (with a recommendation), from the layout's
 * metrics by name, and, when the player asks, the decisions: how many armies a target
 * needs, and the stop rule for the question's objective (by default the one that keeps the
 * most armies while still reaching the target).
 */
import type { Description, ResultView } from '../../engine/contract.js';
import type { ChartRequest, Metric, Table } from '../../engine/report.js';
import type { LandgrabEntry } from './schema.js';
import type { ChainPlan, LandgrabPlan } from './plan.js';
import { fixed, ofTheTime, percentShort, percentTarget } from '../../kit/format.js';
import { DEFAULT_TARGET, recommendation } from '../../kit/verdict.js';
import type { AttackPath } from './decisions/path.js';
import { maximumDefenders, minimumAttackers } from './decisions/reverse.js';
import { whenToStop } from './decisions/stopping/whenToStop.js';
import { stopRuleLines, stopRuleTable } from './stopRuleText.js';
import { stoppingObjective } from './objective.js';

const value = (m: Metric) => m.exact ?? m.estimate;

export function describeLandgrab(view: ResultView<LandgrabEntry, LandgrabPlan>): Description {
  const plan = view.plan;
  if (plan.kind === 'chain' && plan.defence) return describeDefence(view, plan);
  const win = view.metric('pAttackerWins');
  const p = value(win);
  const verdict: string[] = [];
  const ruled = plan.kind !== 'capitol' && plan.policy ? ' following the stop rule' : '';
  if (plan.kind === 'chain') {
    const n = plan.steps.length;
    const left = view.metric('finalArmies');
    const taken = view.metric('territoriesTaken');
    const kept = p > 0 ? `, moving ${fixed(value(left), 1)} armies into the last on average when you do` : '';
    verdict.push(
      `${recommendation(p)}: you take all ${n} territories${ruled} ${ofTheTime(win)}${kept}; ` +
        `${fixed(value(taken), 2)} territories on average.`,
    );
  } else {
    const left = view.metric('attackerLeftIfConquers');
    const kept =
      p > 0 ? ` and keep ${fixed(value(left), 1)} armies in the attacking territory on average when you do` : '';
    const what = plan.kind === 'capitol' ? 'the capitol' : 'the territory';
    verdict.push(`${recommendation(p)}: you take ${what}${ruled} ${ofTheTime(win)}${kept}.`);
  }
  const described: Required<Description> = { verdict, metrics: [], tables: [], charts: [] };
  const { target, advise } = view.question;
  if (target !== undefined || advise) addReverseAnswer(described, view, target ?? DEFAULT_TARGET);
  if (advise && plan.kind !== 'capitol') addStopRule(described, view, target ?? DEFAULT_TARGET);
  return described;
}

function pathOf(plan: LandgrabPlan): AttackPath {
  if (plan.kind === 'chain') return { attackers: plan.attackers, steps: plan.steps };
  return { attackers: plan.attackers, steps: [{ defenders: plan.defenders, tables: plan.tables }] };
}

/** "How many armies do I need for at least p?" (and, for one battle, how many defenders you can beat). */
function addReverseAnswer(
  out: Required<Description>,
  view: ResultView<LandgrabEntry, LandgrabPlan>,
  target: number,
): void {
  const plan = view.plan;
  const path = pathOf(plan);
  const needed = minimumAttackers(path.steps, target);
  const have = plan.attackers;
  const what =
    plan.kind === 'chain'
      ? `all ${plan.steps.length} territories`
      : plan.kind === 'capitol'
        ? 'the capitol'
        : 'the territory';
  const want = percentTarget(target);
  if (needed.attackers === null) {
    out.verdict.push(`No army count up to 5000 takes ${what} at least ${want} of the time.`);
  } else if (needed.attackers <= have) {
    out.verdict.push(
      `Enough for ${want}: ${needed.attackers} armies in the attacking territory already take ${what} ` +
        `${percentShort(needed.pConquest as number)} of the time; you have ${have}.`,
    );
  } else {
    out.verdict.push(
      `For at least ${want} you need ${needed.attackers} armies in the attacking territory ` +
        `(${percentShort(needed.pConquest as number)}); you have ${have}.`,
    );
  }
  if (plan.kind === 'battle' || plan.kind === 'capitol') {
    const beaten = maximumDefenders(plan.tables, have, target);
    out.verdict.push(
      beaten.defenders > 0
        ? `With ${have} you take a territory held by up to ${beaten.defenders} defenders at least ${want} of the time.`
        : `With ${have} not even a single defender falls at least ${want} of the time.`,
    );
  }
  const curve = needed.curve;
  out.tables.push({
    name: 'armies-needed',
    title: `Chance of taking ${what} by armies in the attacking territory`,
    columns: ['armies in the attacking territory', 'P(conquest)', `at least ${want}`],
    rows: curve.map((c) => [c.attackers, c.pConquest, c.pConquest >= target]),
  });
  out.charts.push(neededChart(curve, target, what, have));
}

function neededChart(
  curve: Array<{ attackers: number; pConquest: number }>,
  target: number,
  what: string,
  have: number,
): ChartRequest {
  return {
    kind: 'lines',
    name: 'armies-needed',
    title: `Chance of taking ${what} by armies`,
    subtitle: [`exact; dashed line: the target ${percentTarget(target)}; you have ${have}`],
    x: { title: 'armies in the attacking territory', values: curve.map((c) => c.attackers) },
    y: { title: 'P(conquest)', format: 'percent', domain: [0, 1] },
    series: ['P(conquest)'],
    points: curve.map((c) => ({ x: c.attackers, series: 'P(conquest)', y: c.pConquest })),
    guide: { y: target, label: `target ${percentTarget(target)}` },
  };
}

/**
 * The stop rule for the question's objective (default: the most armies kept while still
 * reaching the target), with its gain over fighting to the end in the objective's terms.
 */
function addStopRule(out: Required<Description>, view: ResultView<LandgrabEntry, LandgrabPlan>, target: number): void {
  const path = pathOf(view.plan);
  const { objective = 'armies', territoryWorth } = view.question;
  let answer;
  try {
    answer = whenToStop(path, stoppingObjective({ objective, minConquest: target, territoryWorth }));
  } catch (error) {
    if (error instanceof RangeError) {
      out.verdict.push(`No stop rule: ${error.message}.`);
      return;
    }
    throw error;
  }
  out.verdict.push(...stopRuleLines(answer));
  const table: Table = stopRuleTable(answer);
  if (table.rows.length > 0) out.tables.push(table);
}

function describeDefence(view: ResultView<LandgrabEntry, LandgrabPlan>, plan: ChainPlan): Description {
  const defence = plan.defence!;
  const held = view.metric('pDefenderHolds');
  const spread = defence.allocation.join('-');
  const verdict = [
    `Spread your ${defence.allocation.reduce((s, x) => s + x, 0)} armies ${spread}: you keep at least one territory ` +
      `${ofTheTime(held)} against ${plan.attackers} attacking armies.`,
  ];
  for (const b of defence.baselines) {
    if (b.allocation.join('-') === spread) continue;
    verdict.push(`${b.name} (${b.allocation.join('-')}) would hold ${percentShort(b.pHeld)}.`);
  }
  const rows = [...defence.ranking, ...defence.baselines.map((b) => ({ ...b }))].map((r) => [
    'name' in r ? String(r.name) : 'best found',
    (r.allocation as number[]).join('-'),
    r.pHeld,
  ]);
  return {
    verdict,
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
