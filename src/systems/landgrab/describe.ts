/**
 * LandGrab's words: the answer as a sentence (with a recommendation), from the layout's
 * metrics by name, and, when the player asks, the decisions: how many armies a target
 * needs, and the stop rule for the question's objective (by default the one that keeps the
 * most armies while still reaching the target). Every decision is a named value of the
 * report (`decisions`), and every number in a line quotes one (kit/sentence.ts).
 */
import type { Description, ResultView } from '../../engine/contract.js';
import type { ChartRequest, Decisions, Table } from '../../engine/report.js';
import type { LandgrabEntry } from './schema.js';
import type { ChainPlan, LandgrabPlan } from './plan.js';
import { percentTarget } from '../../kit/format.js';
import { DEFAULT_TARGET, fromChance, type Recommendation } from '../../kit/verdict.js';
import { metricQuote, ofTheTime, plain, quote, say, type Sentence } from '../../kit/sentence.js';
import type { AttackPath } from './decisions/path.js';
import { MAX_SEARCH_ARMIES, maximumDefenders, minimumAttackers } from './decisions/reverse.js';
import { whenToStop } from './decisions/stopping/whenToStop.js';
import { stopRuleDecision, stopRuleLines, stopRuleTable } from './stopRuleText.js';
import { stoppingObjective } from './objective.js';

type View = ResultView<LandgrabEntry, LandgrabPlan>;

/** What is taken: "the territory", "the capitol", "all 3 territories". */
function what(plan: LandgrabPlan): Sentence {
  if (plan.kind === 'chain') return say`all ${quote('entry.path.length', plan.steps.length, 'count')} territories`;
  return plan.kind === 'capitol' ? say`the capitol` : say`the territory`;
}

export function describeLandgrab(view: View): Description {
  const plan = view.plan;
  if (plan.kind === 'chain' && plan.defence) return describeDefence(view, plan);
  const { target, advise } = view.question;
  const decisions: Decisions = {};
  const tables: Table[] = [];
  const charts: ChartRequest[] = [];
  const advice: Sentence[] = [];
  if (target !== undefined || advise) {
    decisions.target = target ?? DEFAULT_TARGET;
    advice.push(...reverseAnswer(view, decisions, decisions.target, tables, charts));
  }
  if (advise && plan.kind !== 'capitol') advice.push(...stopRule(view, decisions, decisions.target!, tables));
  // Asked how many are needed: the answer is the count, with no recommendation (there is no force to weigh).
  if (view.question.forceAsked) return { verdict: advice, decisions, tables, charts };
  const rule = decisions.stopRule;
  // Asked for the most value, the rule itself says whether to attack; otherwise the chance does.
  decisions.recommendation =
    rule && rule.objective === 'value'
      ? {
          word: rule.attacks ? 'Attack' : 'Hold back',
          basis: 'objective',
          chance: view.shown(HEADLINE).value,
          of: HEADLINE,
        }
      : fromChance(view.shown(HEADLINE).value, HEADLINE);
  return { verdict: [firstLine(view, decisions.recommendation), ...advice], decisions, tables, charts };
}

const HEADLINE = 'pAttackerWins';

/** "Attack: you take the territory 53.1% of the time and keep 5.8 armies ... when you do." */
function firstLine(view: View, r: Recommendation): Sentence {
  const plan = view.plan;
  const win = ofTheTime(view, HEADLINE, 'chance');
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

function pathOf(plan: LandgrabPlan): AttackPath {
  if (plan.kind === 'chain') return { attackers: plan.attackers, steps: plan.steps };
  return { attackers: plan.attackers, steps: [{ defenders: plan.defenders, tables: plan.tables }] };
}

/** "How many armies do I need for at least p?" (and, for one battle, how many defenders you can beat). */
function reverseAnswer(
  view: View,
  decisions: Decisions,
  target: number,
  tables: Table[],
  charts: ChartRequest[],
): Sentence[] {
  const plan = view.plan;
  const asked = Boolean(view.question.forceAsked);
  const have = plan.attackers;
  if (target >= 1) {
    // Dice can always fail: P(conquest) only tends to 1, so no count is enough for a certainty.
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
  const path = pathOf(plan);
  const needed = minimumAttackers(path.steps, target);
  decisions.needed = {
    target,
    count: needed.attackers,
    probability: needed.pConquest,
    have: asked ? null : have,
    searchedTo: MAX_SEARCH_ARMIES,
    certainOnlyInTheLimit: false,
  };
  const want = quote('decisions.needed.target', target, 'target');
  const count = quote('decisions.needed.count', needed.attackers ?? 0, 'count');
  const p = quote('decisions.needed.probability', needed.pConquest ?? 0, 'chance');
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
        'chance',
      )}${kept}.`,
    );
  } else if (needed.attackers === null) {
    lines.push(
      say`No army count up to ${quote('decisions.needed.searchedTo', MAX_SEARCH_ARMIES, 'count')} takes ${what(
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
    const beaten = maximumDefenders(plan.tables, have, target);
    decisions.beatable = { target, defenders: beaten.defenders, probability: beaten.pConquest, have };
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
    rows: needed.curve.map((c) => [c.attackers, c.pConquest, c.pConquest >= target]),
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

/**
 * The stop rule for the question's objective (default: the most armies kept while still
 * reaching the target), with its gain over fighting to the end in the objective's terms.
 */
function stopRule(view: View, decisions: Decisions, target: number, tables: Table[]): Sentence[] {
  const path = pathOf(view.plan);
  const { objective = 'armies', territoryWorth } = view.question;
  if (objective === 'armies' && target >= 1) {
    return [say`No stop rule makes a conquest certain: fighting to the end only comes closest.`];
  }
  const choice = { objective, minConquest: target, territoryWorth };
  let answer;
  try {
    answer = whenToStop(path, stoppingObjective(choice));
  } catch (error) {
    // The solver's limits (too many states): said in its own words, which hold no number of the battle.
    if (error instanceof RangeError)
      return [plain(`No stop rule: ${error.message.replace(/\d[\d,.]*/g, 'too many')}.`)];
    throw error;
  }
  const decision = stopRuleDecision(answer, choice);
  decisions.stopRule = decision;
  const table = stopRuleTable(decision, path.steps.length);
  if (table.rows.length > 0) tables.push(table);
  return stopRuleLines(decision, path.steps.length);
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
