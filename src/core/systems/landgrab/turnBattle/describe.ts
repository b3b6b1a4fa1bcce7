/**
 * A turn's words: one sentence opening the answer ("Put 4 on C, 2 on B and 2 on D; attack G from C; you
 * hold East at the end of the turn 88.1% of the time."), then the plan: each attack of its main line
 * with its chance, the move-in, when it breaks off and where it stops, and the gain over simpler plans
 * in the objective's terms. Past the exact planner's budget: the sampled plan, never called best, with
 * the best exact lower bound beside it. Every number quotes a named value (`decisions.plan`, a metric,
 * the entry); tables (placement, main line, simpler plans, the best placements) and a chart follow.
 */
import type { Description, ResultView } from '../../../model/contract.js';
import type { ChartRequest, Metric, Table } from '../../../model/report.js';
import { CONSTANTS, join, metricQuote, ofTheTime, plain, quote, say, type Sentence } from '../../../words/sentence.js';
import { fixed, sampledOnly } from '../../../words/format.js';
import type { TurnEntry } from './schema.js';
import { OBJECTIVE_MET, type TurnBattlePlan } from './plan.js';
import { turnAnswer } from './answer.js';
import { planDecision } from './detail.js';
import type { Placed, TurnPlanDecision } from './decision.js';

type View = ResultView<TurnEntry, TurnBattlePlan>;

const Z95 = 1.959963984540054;

/**
 * Under objective `value`: E[armies + worth x territories held] from the joint count of territories
 * taken and armies held (exact, or the estimate with its normal 95% interval).
 */
function objectiveValueMetric(view: View): Metric | undefined {
  const { plan } = view;
  const at = plan.at;
  if (at.joint < 0) return undefined;
  const worth = view.entry.territoryWorth ?? 0;
  const width = at.armiesTo - at.armiesFrom + 1;
  const heldAtStart = plan.board.territories.filter((t) => t.owner === plan.board.me).length;
  const rows = plan.board.territories.length - heldAtStart + 1;
  const moments = (vector: ArrayLike<number>) => {
    let mass = 0;
    let sum = 0;
    let squares = 0;
    for (let taken = 0; taken < rows; taken++)
      for (let a = 0; a < width; a++) {
        const w = vector[at.joint + taken * width + a];
        if (w === 0) continue;
        const value = at.armiesFrom + a + worth * (heldAtStart + taken);
        mass += w;
        sum += w * value;
        squares += w * value * value;
      }
    return { mass, sum, squares };
  };
  const label = 'Armies on the board plus the worth of the territories held, at the end of the turn';
  const exact = view.exact ? moments(view.exact.probabilities) : null;
  const metric: Metric = { key: 'objectiveValue', label, kind: 'mean', estimate: NaN };
  if (view.tally) {
    const m = moments(view.tally);
    const n = m.mass;
    if (n > 0) {
      const mean = m.sum / n;
      metric.estimate = mean;
      const variance = n > 1 ? Math.max(0, (m.squares - n * mean * mean) / (n - 1)) : 0;
      const half = Z95 * Math.sqrt(variance / n);
      metric.ci95 = [mean - half, mean + half];
    }
  } else if (exact) metric.estimate = exact.sum;
  if (exact) metric.exact = exact.sum;
  return metric;
}

/** "Put 4 on C, 2 on B and 2 on D" (the reinforcements placed), or that there is nothing to place. */
function placementWords(list: readonly Placed[], ref: string, capital = true): Sentence {
  if (list.length === 0) return say`${capital ? 'With' : 'with'} nothing to place`;
  const parts = list.map(
    (p, i) =>
      say`${quote(`${ref}.${i}.armies`, p.armies, 'count')} on ${quote(`${ref}.${i}.territory`, p.territory, 'text')}`,
  );
  const listed =
    parts.length === 1 ? parts[0] : join([join(parts.slice(0, -1), ', '), parts[parts.length - 1]], ' and ');
  return say`${capital ? 'Put' : 'put'} ${listed}`;
}

/** A mean metric's shown value, and its 95% interval when sampled (" (95% interval 5.1 to 5.3)" or nothing). */
function meanQuote(view: View, key: string): { value: Sentence; interval: Sentence } {
  const value = say`${metricQuote(view, key, 'fixed2')}`;
  const ci = view.metric(key).ci95;
  if (view.method !== 'monte-carlo' || !ci) return { value, interval: say`` };
  const confidence = quote('const.confidence', CONSTANTS.confidence, 'target');
  const low = quote(`metric.${key}.low`, ci[0], 'fixed2');
  return { value, interval: say` (${confidence} interval ${low} to ${quote(`metric.${key}.high`, ci[1], 'fixed2')})` };
}

/** What the plan achieves, from the metrics: "you hold East at the end of the turn 88.1% of the time". */
function outcomeWords(view: View, d: TurnPlanDecision): Sentence {
  const target = d.target === null ? null : quote('decisions.plan.target', d.target, 'text');
  switch (view.plan.objective.kind) {
    case 'continent':
      return say`you hold ${target as never} at the end of the turn ${ofTheTime(view, OBJECTIVE_MET)}`;
    case 'capitol':
      return say`you take ${target as never}'s capitol ${ofTheTime(view, OBJECTIVE_MET)}`;
    case 'territories': {
      const m = meanQuote(view, 'territoriesHeld');
      return say`you hold ${m.value} territories at the end of the turn on average${m.interval}`;
    }
    case 'reinforcements': {
      const m = meanQuote(view, 'reinforcementsNext');
      return say`you get ${m.value} reinforcements next turn on average${m.interval}`;
    }
    case 'value': {
      const m = meanQuote(view, 'objectiveValue');
      const worth = quote('decisions.plan.territoryWorth', d.territoryWorth ?? 0, 'number');
      const armies = say`your armies on the board plus ${worth} for each territory you hold`;
      return say`${armies} come to ${m.value} on average${m.interval}`;
    }
  }
}

/** A value of the objective in a sentence: a probability, or an expectation with two decimals. */
function valueQuote(d: TurnPlanDecision, ref: string, value: number) {
  return quote(ref, value, d.kind === 'probability' ? 'percent' : 'fixed2');
}

function gainQuote(d: TurnPlanDecision, ref: string, gain: number): Sentence {
  return d.kind === 'probability' ? say`+${quote(ref, gain, 'points1')} points` : say`${quote(ref, gain, 'signed2')}`;
}

/** Each attack of the main line with its chance, its move-in, and where the line ends. */
function mainLineWords(d: TurnPlanDecision): Sentence[] {
  const lines: Sentence[] = [];
  const steps = d.mainLine;
  let attacks = 0;
  steps.forEach((step, i) => {
    const at = `decisions.plan.mainLine.${i}`;
    if (step.kind === 'attack') {
      const to = quote(`${at}.to`, step.to as string, 'text');
      const from = quote(`${at}.from`, step.from as string, 'text');
      const reached =
        attacks === 0 ? say`` : say` (reached ${quote(`${at}.pReach`, step.pReach, 'percent')} of the time)`;
      const breakOff =
        (step.pBreakOff ?? 0) > 0
          ? say`, and the plan breaks off there without it ${quote(
              `${at}.pBreakOff`,
              step.pBreakOff as number,
              'percent',
            )} of the time`
          : say``;
      const elsewhere =
        1 - (step.pConquer ?? 0) - (step.pBreakOff ?? 0) > 1e-9 ? ' (otherwise it turns to another attack first)' : '';
      const next = steps[i + 1];
      let move = say``;
      if (next?.kind === 'moveIn') {
        const m = `decisions.plan.mainLine.${i + 1}`;
        const leader = next.leader ? ' with the leader' : '';
        const share =
          (next.moveShare ?? 1) < 1
            ? say` (the likeliest move, ${quote(
                `${m}.moveShare`,
                next.moveShare as number,
                'percent',
              )} of these conquests)`
            : say``;
        move = say`; move ${quote(`${m}.armies`, next.armies as number, 'count')} in${leader}${share}`;
      }
      lines.push(
        say`${attacks === 0 ? 'First' : 'Then'} attack ${to} from ${from}${reached}: it falls ${quote(
          `${at}.pConquer`,
          step.pConquer as number,
          'chance',
        )} of the time${breakOff}${elsewhere}${move}.`,
      );
      attacks++;
    } else if (step.kind === 'stop' && attacks > 0) {
      lines.push(
        say`Then stop: ${quote(`${at}.pReach`, step.pReach, 'percent')} of turns go exactly this way to the end.`,
      );
    }
  });
  return lines;
}

/** The sampled planner's play, in words (rollout.ts). */
const ROLLOUT_WORDS =
  'then attack the territory nearest the objective, the weakest first, from your biggest stack beside it, ' +
  'moving all but one in';

const SHORT_NAMES: Record<string, string> = {
  greedy: 'greedy',
  bestSingleAttack: 'the best single attack',
  allOnOne: 'all on one territory',
};

function gainWords(d: TurnPlanDecision): Sentence[] {
  const parts: Sentence[] = [];
  d.baselines.forEach((b, i) => {
    const name = SHORT_NAMES[b.name];
    if (!name) return;
    const at = `decisions.plan.baselines.${i}`;
    parts.push(say`${name} ${valueQuote(d, `${at}.value`, b.value)} (${gainQuote(d, `${at}.gain`, b.gain)})`);
  });
  if (parts.length === 0) return [];
  return [say`It beats simpler plans, each valued exactly: ${join(parts, ', ')}.`];
}

function placementText(list: readonly Placed[]): string {
  return list.map((p) => `${p.armies} on ${p.territory}`).join(', ') || 'nothing to place';
}

function tablesOf(view: View, d: TurnPlanDecision): Table[] {
  const probability = d.kind === 'probability';
  const show = (v: number) => (probability ? v : fixed(v));
  const board = view.plan.board;
  const added = new Map(d.placement.map((p) => [p.territory, p.armies]));
  const tables: Table[] = [
    {
      name: 'plan-placement',
      title: d.planner === 'exact' ? 'Where the reinforcements go (the best placement)' : 'Where the reinforcements go',
      columns: ['territory', 'armies now', 'added', 'armies then'],
      rows: board.territories
        .filter((t) => t.owner === board.me)
        .map((t) => [t.name, t.armies, added.get(t.name) ?? 0, t.armies + (added.get(t.name) ?? 0)]),
    },
  ];
  if (d.mainLine.length > 0)
    tables.push({
      name: 'plan-main-line',
      title: 'The main line: the likeliest course of the plan',
      columns: ['step', 'P(reached)', 'P(it falls)', 'P(breaks off there)', 'value from here (optimal play)'],
      rows: d.mainLine.map((s) => [s.text, s.pReach, s.pConquer, s.pBreakOff, show(s.value)]),
    });
  if (d.baselines.length > 0)
    tables.push({
      name: 'plan-baselines',
      title: 'Simpler plans, valued exactly',
      columns: ['plan', 'placement', 'attack', 'value', 'the plan gains'],
      rows: [
        [
          'the plan (proved best)',
          placementText(d.placement),
          d.firstAttack ? `${d.firstAttack.to} from ${d.firstAttack.from}` : 'none',
          show(d.value),
          '',
        ],
        ...d.baselines.map((b) => [
          b.label,
          placementText(b.placement),
          b.attack ? `${b.attack.to} from ${b.attack.from}` : '',
          show(b.value),
          probability ? `${fixed(b.gain * 100, 1)} points` : fixed(b.gain),
        ]),
      ],
    });
  if (d.topPlacements.length > 0)
    tables.push({
      name: 'plan-placements',
      title: `The best placements of ${d.placements.toLocaleString('en-US')}, each with the best play after it`,
      columns: ['placement', 'value'],
      rows: d.topPlacements.map((p) => [placementText(p.placement), show(p.value)]),
    });
  if (d.lowerBound)
    tables.push({
      name: 'plan-lower-bound',
      title: 'The best exact lower bound on the best plan',
      columns: ['plan', 'placement', 'attack', 'value'],
      rows: [
        [
          { rollout: 'the sampled plan, valued exactly', singleAttack: 'a single attack', stop: 'no attack' }[
            d.lowerBound.kind
          ],
          placementText(d.lowerBound.placement),
          d.lowerBound.attack ? `${d.lowerBound.attack.to} from ${d.lowerBound.attack.from}` : 'none',
          show(d.lowerBound.value),
        ],
      ],
    });
  return tables;
}

function chartsOf(d: TurnPlanDecision): ChartRequest[] {
  if (d.baselines.length === 0) return [];
  const rows = [
    { category: 'the plan', value: d.value, exact: d.value },
    ...d.baselines
      .filter((b) => SHORT_NAMES[b.name])
      .map((b) => ({ category: SHORT_NAMES[b.name], value: b.value, exact: b.value })),
  ];
  return [
    {
      kind: 'intervals',
      name: 'plan-vs-simpler',
      title: 'The plan against simpler plans (exact)',
      categoryTitle: 'plan',
      valueTitle: d.kind === 'probability' ? `P(${d.objective})` : `expected ${d.objective}`,
      format: d.kind === 'probability' ? 'percent' : 'number',
      rows,
    },
  ];
}

export function describeTurn(view: View): Description {
  const plan = view.plan;
  const extra = objectiveValueMetric(view);
  const metrics = extra ? [extra] : [];
  const shownView: View = extra
    ? {
        ...view,
        metrics: [...view.metrics, extra],
        metric: (key) => (key === extra.key ? extra : view.metric(key)),
        shown: (key) => {
          if (key !== extra.key) return view.shown(key);
          const value = view.tally ? extra.estimate : (extra.exact ?? extra.estimate);
          return { value, sampled: sampledOnly(extra, value) };
        },
      }
    : view;
  const fromSolve = view.exact?.detail as TurnPlanDecision | undefined;
  const decision: TurnPlanDecision = { ...(fromSolve ?? planDecision(plan, turnAnswer(plan))) };
  if (decision.planner === 'sampled') {
    const key = headlineValueKey(plan);
    const m = shownView.metric(key);
    decision.value = m.estimate;
    decision.interval = m.ci95 ?? null;
  }
  const d = decision;
  const verdict: Sentence[] = [];
  const placement = placementWords(d.placement, 'decisions.plan.placement');
  const outcome = outcomeWords(shownView, d);
  if (d.planner === 'exact') {
    const attack = d.firstAttack
      ? say`attack ${quote('decisions.plan.firstAttack.to', d.firstAttack.to, 'text')} from ${quote(
          'decisions.plan.firstAttack.from',
          d.firstAttack.from,
          'text',
        )}`
      : say`do not attack`;
    verdict.push(say`${placement}; ${attack}; ${outcome}.`);
    verdict.push(...mainLineWords(d));
    verdict.push(...gainWords(d));
  } else {
    const put = placementWords(d.placement, 'decisions.plan.placement', false);
    verdict.push(say`Sampled plan, not proved best: ${put}, ${ROLLOUT_WORDS}; ${outcome}.`);
    verdict.push(
      d.states > 0
        ? say`The exact planner needs more than its budget of ${quote(
            'decisions.plan.maxStates',
            d.maxStates,
            'thousands',
          )} states for this board (maxStates), so the plan is sampled.`
        : plain('The board has more placements than the exact planner values, so the plan is sampled.'),
    );
    const lb = d.lowerBound;
    if (lb?.kind === 'rollout')
      verdict.push(
        say`Valued exactly, this plan is worth ${valueQuote(
          d,
          'decisions.plan.lowerBound.value',
          lb.value,
        )}: a lower bound on the best plan.`,
      );
    else if (lb) {
      const lbPlacement = placementWords(lb.placement, 'decisions.plan.lowerBound.placement', false);
      const attack = lb.attack
        ? say`attack ${quote('decisions.plan.lowerBound.attack.to', lb.attack.to, 'text')} from ${quote(
            'decisions.plan.lowerBound.attack.from',
            lb.attack.from,
            'text',
          )} and fight it to the end`
        : say`do not attack`;
      verdict.push(
        say`Exact lower bound on the best plan: ${lbPlacement}, ${attack}: ${valueQuote(
          d,
          'decisions.plan.lowerBound.value',
          lb.value,
        )}.`,
      );
    }
  }
  return { verdict, decisions: { plan: d }, metrics, tables: tablesOf(view, d), charts: chartsOf(d) };
}

/** The metric whose value is the objective's. */
function headlineValueKey(plan: TurnBattlePlan): string {
  switch (plan.objective.kind) {
    case 'continent':
    case 'capitol':
      return OBJECTIVE_MET;
    case 'territories':
      return 'territoriesHeld';
    case 'reinforcements':
      return 'reinforcementsNext';
    case 'value':
      return 'objectiveValue';
  }
}
