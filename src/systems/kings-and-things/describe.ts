/**
 * Kings & Things in words: the verdict (first line = the answer), a players table for
 * multi-player battles and chart requests, all from the engine's metrics read by name.
 */
import type { Description, ResultView } from '../../engine/contract.js';
import type { ChartRequest, Metric, Table } from '../../engine/report.js';
import type { TallyLayout } from '../../engine/tally/layout.js';
import { fixed, percentShort, percentTarget, plural, sampledOnly } from '../../kit/format.js';
import { DEFAULT_TARGET, recommendation } from '../../kit/verdict.js';
import { optimalPlayAdvice } from './advice.js';
import { ADDED_CREATURE_BUDGET_MS, addedCreature, type Candidate } from './addedCreature.js';
import { MAGIC, RANGED } from './counters.js';
import type { BattleEntry, KtEntry } from './schema.js';
import { STACK_LIMIT, playerTitle, type DuelPlan, type ExplorePlan, type KtPlan, type MultiPlan } from './plan.js';

type View = ResultView<KtEntry, KtPlan>;

const shown = (m: Metric) => m.exact ?? m.estimate;
/** A probability metric in a sentence; a sampled 0 or 1 is not written as certain. */
const pct = (m: Metric) => percentShort(shown(m), sampledOnly(m));

/** The layout's outcome categories (its partition), by event name. */
function partitionOf(layout: TallyLayout, name: string): string[] {
  const part = layout.parts.find((p) => p.kind === 'partition' && p.name === name);
  return part && part.kind === 'partition' ? part.events : [];
}

const hasPart = (layout: TallyLayout, name: string) => layout.parts.some((p) => p.name === name);

/** A bar per outcome category with its interval (and exact value). */
function outcomeChart(view: View, partition: string, title: string, labels: Map<string, string>): ChartRequest {
  return {
    kind: 'intervals',
    name: 'outcomes',
    title,
    subtitle: [view.label],
    categoryTitle: 'outcome',
    valueTitle: 'probability',
    format: 'percent',
    domain: [0, 1],
    rows: partitionOf(view.layout, partition).map((name) => {
      const m = view.metric(name);
      return {
        category: labels.get(name) ?? m.label,
        value: m.estimate,
        ...(m.ci95 ? { low: m.ci95[0], high: m.ci95[1] } : {}),
        ...(m.exact !== undefined ? { exact: m.exact } : {}),
      };
    }),
  };
}

/** "2.4 of your 6 creatures survive on average when you do" (nothing to say about a lone creature). */
function survivors(view: View, key: string, total: number): string {
  if (total <= 1) return '';
  const left = view.metric(key);
  return `; ${fixed(shown(left), 1)} of your ${total} creatures survive on average when you do`;
}

/**
 * "x 30.1%, y 5.0%" for the listed events that happen; the round cap only where it is more
 * than the exact solver's truncation (it stops below 1e-16 still in play).
 */
function causes(view: View, names: string[], phrases: Map<string, string>): string {
  return names
    .filter((n) => shown(view.metric(n)) > (n === 'pHoldRoundLimit' ? 1e-9 : 0))
    .map((n) => `${phrases.get(n) ?? view.metric(n).label} ${pct(view.metric(n))}`)
    .join(', ');
}

const DUEL_PHRASES = new Map([
  ['pCaptureEliminated', 'every defender eliminated or neutralized'],
  ['pCaptureRetreated', "the defender's creatures retreat"],
  ['pHoldAttackerEliminated', 'your army is eliminated'],
  ['pHoldAttackerRetreated', 'you retreat'],
  ['pHoldMutual', 'both sides fall in the same step'],
  ['pHoldRoundLimit', 'still fighting at the round cap'],
]);
const DUEL_CHART_LABELS = new Map([
  ['pCaptureEliminated', 'capture: defenders eliminated'],
  ['pCaptureRetreated', 'capture: defenders retreated'],
  ['pHoldAttackerEliminated', 'hold: attacker eliminated'],
  ['pHoldAttackerRetreated', 'hold: attacker retreated'],
  ['pHoldMutual', 'hold: mutual elimination'],
  ['pHoldRoundLimit', 'hold: round cap'],
]);

function describeDuel(view: View, plan: DuelPlan): Description {
  const capture = shown(view.metric('pCapture'));
  // Trials alone never show "never" or "every time": a sampled 0 or 1 reads "under 0.1%" / "over 99.9%".
  const sampled = sampledOnly(view.metric('pCapture'), capture);
  const often = capture === 1 && !sampled ? 'every time' : `${percentShort(capture, sampled)} of the time`;
  const n = plan.attacker.creatureCount;
  const first =
    `${recommendation(capture)}: ` +
    (capture === 0 && !sampled
      ? 'you never capture the hex.'
      : `you capture the hex ${often}${survivors(view, 'attackerLeftIfCapture', n)}.`);
  const verdict = [first];
  const outcomes = partitionOf(view.layout, 'outcome');
  const holds = outcomes.filter((e) => e.startsWith('pHold'));
  const hold = shown(view.metric('pHold'));
  if (hold > 0 && capture > 0)
    verdict.push(`The defender holds ${percentShort(hold)} of the time: ${causes(view, holds, DUEL_PHRASES)}.`);
  if (hasPart(view.layout, 'attackerStackLoss')) {
    const lost = shown(view.metric('attackerStackLoss'));
    if (lost > 0)
      verdict.push(
        `Retreating into your crowded hex costs you ${fixed(lost, 2)} creatures on average (the stack limit of 10).`,
      );
  }
  if (capture > 0 && outcomes.includes('pCaptureRetreated') && shown(view.metric('pCaptureRetreated')) > 0)
    verdict.push(`You take it by the defenders' retreat ${pct(view.metric('pCaptureRetreated'))} of the time.`);
  const described: Required<Omit<Description, 'decisions'>> = {
    verdict,
    metrics: [],
    tables: [],
    charts: [outcomeChart(view, 'outcome', 'How the battle ends', DUEL_CHART_LABELS)],
  };
  const { target, advise } = view.question;
  if (view.entry.type === 'battle' && (target !== undefined || advise))
    addAddedCreature(described, view.entry, target ?? DEFAULT_TARGET);
  if (advise) {
    const unexplored = view.entry.type === 'battle' && view.entry.unexplored;
    const advice = optimalPlayAdvice(plan, { unexplored, fixedPCapture: capture });
    verdict.push(...advice.lines);
    described.tables.push(...advice.tables);
  }
  return described;
}

/** "value-3 melee creature", "value-2 ranged creature", "value-4 melee charging creature". */
function kindWords(c: Pick<Candidate, 'value' | 'step' | 'dice'>): string {
  const step = c.step === MAGIC ? 'magic' : c.step === RANGED ? 'ranged' : 'melee';
  return `value-${c.value} ${step}${c.dice === 2 ? ' charging' : ''} creature`;
}

const suchAs = (c: Candidate) => `such as ${c.names.slice(0, 2).join(' or ')}`;

/** Rows of the candidates table: the chosen kind and the best by P(capture), five in all. */
function candidateRows(tried: Candidate[], chosen: Candidate | null, target: number) {
  const best = [...tried].sort((a, b) => b.pCapture - a.pCapture);
  const rows = best.slice(0, 5);
  if (chosen && !rows.includes(chosen)) rows[rows.length - 1] = chosen;
  return rows
    .sort((a, b) => b.pCapture - a.pCapture)
    .map((c) => [kindWords(c), c.names.slice(0, 3).join(', '), c.pCapture, c.pCapture >= target, c === chosen]);
}

const SERIES = ['melee', 'melee, charging', 'ranged', 'magic'];
const seriesOf = (c: Candidate) =>
  c.step === MAGIC ? 'magic' : c.step === RANGED ? 'ranged' : c.dice === 2 ? 'melee, charging' : 'melee';

/** "Which added creature do I need for at least p?": the weakest roster kind that reaches it. */
function addAddedCreature(out: Required<Omit<Description, 'decisions'>>, entry: BattleEntry, target: number): void {
  const want = percentTarget(target);
  const answer = addedCreature(entry, target);
  switch (answer.kind) {
    case 'unsolved':
      out.verdict.push(
        `No added-creature search for ${want}: the exact solver cannot take this battle (${answer.reason}).`,
      );
      return;
    case 'enough':
      out.verdict.push(
        `Enough for ${want}: your stack already captures the hex ${percentShort(answer.base)} of the time.`,
      );
      return;
    case 'full':
      out.verdict.push(
        `No room for another creature to reach ${want}: your stack already holds ${answer.creatures} ` +
          `(at most ${STACK_LIMIT} in a hex, 9.2); you capture the hex ${percentShort(answer.base)} of the time.`,
      );
      return;
  }
  const { base, chosen, tried } = answer;
  const cut = answer.cut
    ? ` The search stopped after ${ADDED_CREATURE_BUDGET_MS / 1000} s with ${tried.length} of ${answer.kinds} ` +
      'kinds tried, weakest first.'
    : '';
  const best = [...tried].sort((a, b) => b.pCapture - a.pCapture)[0];
  if (chosen) {
    out.verdict.push(
      `For at least ${want} add one creature: the weakest that is enough is a ` +
        `${kindWords(chosen)} ${suchAs(chosen)} (${percentShort(chosen.pCapture)}); ` +
        `you have ${percentShort(base)}.${cut}`,
    );
  } else if (best) {
    out.verdict.push(
      `No single added creature reaches ${want}: the best, a ${kindWords(best)} ` +
        `${suchAs(best)}, gives ${percentShort(best.pCapture)}; you have ${percentShort(base)}.${cut}`,
    );
  } else {
    out.verdict.push(`No added creature could be tried for ${want} (each battle was too big to solve exactly).${cut}`);
    return;
  }
  out.tables.push({
    name: 'added-creature',
    title:
      `Chance of capturing the hex with one creature added (the weakest reaching ${want} is chosen: ` +
      'lowest combat value, then melee, ranged, magic, then one die before charging)',
    columns: ['added creature', 'roster counters like it', 'P(capture)', `at least ${want}`, 'chosen'],
    rows: candidateRows(tried, chosen, target),
  });
  out.charts.push({
    kind: 'lines',
    name: 'added-creature',
    title: 'Chance of capturing the hex with one creature added',
    subtitle: [`exact; dashed line: the target ${want}; you have ${percentShort(base)}`],
    x: { title: 'combat value of the added creature', values: [1, 2, 3, 4, 5, 6] },
    y: { title: 'P(capture)', format: 'percent', domain: [0, 1] },
    series: SERIES.filter((name) => tried.some((c) => seriesOf(c) === name)),
    points: tried.map((c) => ({ x: c.value, series: seriesOf(c), y: c.pCapture })),
    guide: { y: target, label: `target ${want}` },
  });
}

function describeMulti(view: View, plan: MultiPlan): Description {
  const names = plan.names;
  const P = names.length;
  const unowned = plan.unowned;
  const title = (i: number) => playerTitle(names, i, unowned);
  const holds = (i: number) => shown(view.metric(`holds_${i}`));
  const held = (i: number) => pct(view.metric(`holds_${i}`));
  const others = Array.from({ length: P - 2 }, (_, k) => k + 2).map(
    (i) => `${title(i)} ${unowned ? '' : 'takes it '}${held(i)}`,
  );
  const verdict: string[] = [];
  const word = `${recommendation(holds(1))}: `;
  if (!unowned) {
    verdict.push(
      `${word}${title(1)} takes the hex ${held(1)} of the time; ` +
        `${title(0)} keeps it ${held(0)}${others.length ? `; ${others.join('; ')}` : ''}.`,
    );
  } else {
    const fails = view.metric('pExplorationFails');
    const nobody = view.metric('pNobodyLeft');
    const neither = percentShort(shown(fails) + shown(nobody), sampledOnly(fails) || sampledOnly(nobody));
    verdict.push(
      `${word}${title(1)} ends up holding the hex ${held(1)} of the time ` +
        `(the last army left ${pct(view.metric('lastArmy_1'))}, then exploring it); ` +
        `${[`${title(0)} ${held(0)}`, ...others].join('; ')}.`,
      `Nobody holds it ${neither} of the time: the last army fails to explore it ${pct(fails)}, ` +
        `no army is left ${pct(nobody)}.`,
    );
  }
  const table: Table = {
    name: 'players',
    title: unowned
      ? 'Players, in seating order (the defender, the attacker who started the fight, then the others)'
      : 'Players, in seating order (the owner first)',
    columns: [
      'seat',
      'player',
      'role',
      'creatures',
      ...(unowned ? ['P(last army left)'] : []),
      'P(ends holding the hex)',
      'creatures left (mean)',
    ],
    rows: names.map((name, i) => {
      const n = plan.sides[i].creatureCount;
      return [
        i,
        name,
        title(i).slice(name.length + 2, -1),
        n,
        ...(unowned ? [shown(view.metric(`lastArmy_${i}`))] : []),
        holds(i),
        n > 0 ? shown(view.metric(`creaturesLeft_${i}`)) : 0,
      ];
    }),
  };
  const labels = new Map([
    ...names.map((name, i): [string, string] => [
      `holds_${i}`,
      `${name}${i === 0 ? (unowned ? ' (defender)' : ' (owner)') : ''}`,
    ]),
    ['pExplorationFails', 'nobody: exploration fails'],
    ['pNobodyLeft', 'nobody: no army left'],
  ]);
  verdict.push(
    ...notAdvised(
      view,
      'a battle of several players: it is worked out for two sides only (ask a two-player fight as type battle)',
    ),
  );
  return {
    verdict,
    tables: [table],
    charts: [outcomeChart(view, 'holder', 'Who ends holding the hex', labels)],
  };
}

/** What `--advise` and `--target` cannot answer for this battle type, one line each. */
function notAdvised(view: View, why: string): string[] {
  const { target, advise } = view.question;
  return [
    ...(advise ? [`No optimal-play advice for ${why}.`] : []),
    ...(target !== undefined
      ? [`No added-creature search for ${percentTarget(target)}: it covers two-sided battles (type battle) only.`]
      : []),
  ];
}

const EXPLORE_PHRASES = new Map([
  ['pNoDefenders', 'no defenders (a 1 or 6)'],
  ['pWonBattle', 'you defeat the defenders drawn'],
  ['pExplorerEliminated', 'your army is eliminated'],
  ['pExplorerRetreated', 'you retreat'],
]);

function describeExplore(view: View, plan: ExplorePlan): Description {
  const p = shown(view.metric('pExplore'));
  const n = plan.explorer.creatureCount;
  const verdict = [
    `${recommendation(p)}: you explore the hex ${pct(view.metric('pExplore'))} of the time` +
      `${p > 0 ? survivors(view, 'explorerLeftIfExplored', n) : ''}.`,
    `${causes(view, partitionOf(view.layout, 'outcome'), EXPLORE_PHRASES)}.`.replace(/^./, (c) => c.toUpperCase()),
  ];
  if (plan.bribeGold >= 0)
    verdict.push(
      `You spend ${fixed(shown(view.metric('bribeGold')), 1)} of your ` +
        `${plural(plan.bribeGold, 'gold piece', 'gold pieces')} on bribes on average.`,
    );
  const labels = new Map([
    ['pNoDefenders', 'explored: no defenders'],
    ['pWonBattle', 'explored: won the battle'],
    ['pExplorerEliminated', 'failed: eliminated'],
    ['pExplorerRetreated', 'failed: retreated'],
  ]);
  verdict.push(
    ...notAdvised(
      view,
      'an exploration: the optimal-play solver does not model defenders drawn from the cup or bribes',
    ),
  );
  return { verdict, charts: [outcomeChart(view, 'outcome', 'How the exploration ends', labels)] };
}

export function describeKingsAndThings(view: View): Description {
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
