/**
 * Kings & Things in words: the verdict (first line = the answer, opening with the
 * recommendation), a players table for multi-player battles and chart requests, all from the
 * engine's metrics read by name. Every number of a line quotes a named value of the report
 * (kit/sentence.ts): a metric's shown value (the estimate when sampled), the entry, the
 * players table, or the decisions (`recommendation`, `target`, `optimalPlay`, `addedCreature`).
 */
import type { Description, ResultView } from '../../engine/contract.js';
import type { ChartRequest, Decisions, Table } from '../../engine/report.js';
import type { TallyLayout } from '../../engine/tally/layout.js';
import { DEFAULT_TARGET, fromChance } from '../../kit/verdict.js';
import { capitalized, join, metricQuote, ofTheTime, quote, say, type Sentence } from '../../kit/sentence.js';
import { optimalPlayAdvice } from './advice.js';
import { addedCreature } from './addedCreature.js';
import {
  addedCreatureChart,
  addedCreatureDecision,
  addedCreatureLine,
  addedCreatureRefused,
  addedCreatureTable,
} from './addedCreatureText.js';
import type { BattleEntry, KtEntry } from './schema.js';
import { playerTitle, type DuelPlan, type ExplorePlan, type KtPlan, type MultiPlan } from './plan.js';

type View = ResultView<KtEntry, KtPlan>;

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

/** "; 2.4 of your 6 creatures survive on average when you do" (nothing to say about a lone creature). */
function survivors(view: View, key: string, ref: string, total: number): Sentence {
  if (total <= 1) return say``;
  const left = metricQuote(view, key, 'fixed1');
  return say`; ${left} of your ${quote(ref, total, 'count')} creatures survive on average when you do`;
}

/**
 * "x 30.1%, y 5.0%" for the listed events that happen; the round cap only where it is more
 * than the exact solver's truncation (it stops below 1e-16 still in play).
 */
function causes(view: View, names: string[], phrases: Map<string, string>): Sentence {
  const happen = names.filter((n) => view.shown(n).value > (n === 'pHoldRoundLimit' ? 1e-9 : 0));
  return join(
    happen.map((n) => {
      const phrase = phrases.get(n);
      // Every outcome of a layout has its words here: a new outcome must be given some.
      if (phrase === undefined) throw new Error(`no words for the outcome '${n}'`);
      return say`${phrase} ${metricQuote(view, n, 'percent')}`;
    }),
    ', ',
  );
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

const DUEL_HEADLINE = 'pCapture';

function describeDuel(view: View, plan: DuelPlan): Description {
  const { value: capture, sampled } = view.shown(DUEL_HEADLINE);
  const recommendation = fromChance(capture, DUEL_HEADLINE);
  const decisions: Decisions = { recommendation };
  const n = plan.attacker.creatureCount;
  const survived = survivors(view, 'attackerLeftIfCapture', 'entry.attacker.creatures.length', n);
  // Trials alone never show "never" or "every time": a sampled 0 or 1 reads "under 0.1%" / "over 99.9%".
  const often = capture === 1 && !sampled ? say`every time` : ofTheTime(view, DUEL_HEADLINE);
  const verdict: Sentence[] = [
    capture === 0 && !sampled
      ? say`${recommendation.word}: you never capture the hex.`
      : say`${recommendation.word}: you capture the hex ${often}${survived}.`,
  ];
  const outcomes = partitionOf(view.layout, 'outcome');
  const holds = outcomes.filter((e) => e.startsWith('pHold'));
  const hold = metricQuote(view, 'pHold', 'percent');
  if (view.shown('pHold').value > 0 && capture > 0)
    verdict.push(say`The defender holds ${hold} of the time: ${causes(view, holds, DUEL_PHRASES)}.`);
  if (hasPart(view.layout, 'attackerStackLoss') && view.shown('attackerStackLoss').value > 0)
    verdict.push(
      join([
        say`Retreating into your crowded hex costs you ${metricQuote(view, 'attackerStackLoss', 'fixed2')} creatures`,
        say` on average (those beyond a full hex are removed).`,
      ]),
    );
  if (capture > 0 && outcomes.includes('pCaptureRetreated') && view.shown('pCaptureRetreated').value > 0)
    verdict.push(
      say`You take it by the defenders' retreat ${metricQuote(view, 'pCaptureRetreated', 'percent')} of the time.`,
    );
  const tables: Table[] = [];
  const charts: ChartRequest[] = [outcomeChart(view, 'outcome', 'How the battle ends', DUEL_CHART_LABELS)];
  const { target, advise } = view.question;
  if (view.entry.type === 'battle' && (target !== undefined || advise)) {
    decisions.target = target ?? DEFAULT_TARGET;
    verdict.push(addAddedCreature(view, view.entry, decisions, decisions.target, tables, charts));
  }
  if (advise) {
    const unexplored = view.entry.type === 'battle' && view.entry.unexplored;
    const advice = optimalPlayAdvice(plan, { unexplored, fixedPCapture: capture, fixedSampled: sampled });
    decisions.optimalPlay = advice.decision;
    verdict.push(...advice.lines);
    tables.push(...advice.tables);
  }
  return { verdict, decisions, tables, charts };
}

/** "Which added creature do I need for at least p?": the weakest roster kind that reaches it. */
function addAddedCreature(
  view: View,
  entry: BattleEntry,
  decisions: Decisions,
  target: number,
  tables: Table[],
  charts: ChartRequest[],
): Sentence {
  const d = addedCreatureDecision(addedCreature(entry, target), target, entry.attacker.creatures.length);
  decisions.addedCreature = d;
  if (d.tried.length > 0) {
    tables.push(addedCreatureTable(d));
    charts.push(addedCreatureChart(d));
  }
  return addedCreatureLine(d, view.method === 'monte-carlo');
}

/** A player as the verdict names him: the name, quoted from the players table (it may hold digits), and the role. */
function playerWords(plan: MultiPlan, i: number): Sentence {
  const name = plan.names[i];
  return say`${quote(`tables.players.rows.${i}.1`, name, 'text')} (${roleOf(plan, i)})`;
}

const roleOf = (plan: MultiPlan, i: number) =>
  playerTitle(plan.names, i, plan.unowned).slice(plan.names[i].length + 2, -1);

const MULTI_HEADLINE = 'holds_1';

function describeMulti(view: View, plan: MultiPlan): Description {
  const names = plan.names;
  const P = names.length;
  const unowned = plan.unowned;
  const held = (i: number) => metricQuote(view, `holds_${i}`, 'percent');
  const others = Array.from({ length: P - 2 }, (_, k) => k + 2).map(
    (i) => say`${playerWords(plan, i)} ${unowned ? 'holds' : 'takes'} it ${held(i)}`,
  );
  const rest = others.length > 0 ? say`; ${join(others, '; ')}` : say``;
  const recommendation = fromChance(view.shown(MULTI_HEADLINE).value, MULTI_HEADLINE);
  const decisions: Decisions = { recommendation };
  const [first, owner] = [playerWords(plan, 1), playerWords(plan, 0)];
  const headline = ofTheTime(view, MULTI_HEADLINE);
  const verdict: Sentence[] = [];
  if (!unowned) {
    verdict.push(say`${recommendation.word}: ${first} takes the hex ${headline}; ${owner} keeps it ${held(0)}${rest}.`);
  } else {
    const last = metricQuote(view, 'lastArmy_1', 'percent');
    verdict.push(
      join([
        say`${recommendation.word}: ${first} ends up holding the hex ${headline}: `,
        say`it is the last army left ${last} of the time and must then explore it; `,
        say`${owner} holds it ${held(0)}${rest}.`,
      ]),
      say`Nobody holds it when the last army fails to explore it (${metricQuote(
        view,
        'pExplorationFails',
        'percent',
      )}) or no army is left (${metricQuote(view, 'pNobodyLeft', 'percent')}).`,
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
        roleOf(plan, i),
        n,
        ...(unowned ? [view.shown(`lastArmy_${i}`).value] : []),
        view.shown(`holds_${i}`).value,
        n > 0 ? view.shown(`creaturesLeft_${i}`).value : 0,
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
  verdict.push(...notAdvised(view, decisions, multiRefusal(plan)));
  return {
    verdict,
    decisions,
    tables: [table],
    charts: [outcomeChart(view, 'holder', 'Who ends holding the hex', labels)],
  };
}

/** Why a `multi` entry gets no optimal play and no added creature, in words true of this entry. */
function multiRefusal(plan: MultiPlan): Refusal {
  if (plan.unowned)
    return {
      advice:
        'armies meeting in an unexplored hex: the optimal-play solver does not model the exploration that ' +
        'follows their fight',
      target: "it solves an attacker against a hex's defender, not armies meeting in an unexplored hex",
    };
  if (plan.names.length > 2)
    return {
      advice: 'a battle of several players: the optimal-play solver works out battles of two sides',
      target: 'it covers battles of two sides (type battle) only',
    };
  return {
    advice: 'an entry of type multi: the same fight asked as type battle (the owner defending) gets it',
    target: 'it covers entries of type battle; the same fight asked as one (the owner defending) gets it',
  };
}

/** Why a question is not answered for this battle type: the optimal play, the added creature. */
interface Refusal {
  advice: string;
  target: string;
}

/** What `--advise` and `--target` cannot answer for this battle, one line each, and the decisions saying so. */
function notAdvised(view: View, decisions: Decisions, why: Refusal): Sentence[] {
  const { target, advise } = view.question;
  const lines: Sentence[] = [];
  if (advise) {
    decisions.optimalPlay = {
      refusal: why.advice,
      optimal: null,
      fixedPolicy: null,
      fixedPolicySampled: false,
      attackerAlone: null,
      firstLosses: [],
    };
    lines.push(say`No optimal-play advice for ${quote('decisions.optimalPlay.refusal', why.advice, 'text')}.`);
  }
  if (target !== undefined) {
    decisions.target = target;
    decisions.addedCreature = addedCreatureRefused(target, why.target);
    lines.push(addedCreatureLine(decisions.addedCreature));
  }
  return lines;
}

const EXPLORE_PHRASES = new Map([
  ['pNoDefenders', 'no defenders turn up'],
  ['pWonBattle', 'you defeat the defenders drawn'],
  ['pExplorerEliminated', 'your army is eliminated'],
  ['pExplorerRetreated', 'you retreat'],
]);

const EXPLORE_HEADLINE = 'pExplore';

function describeExplore(view: View, plan: ExplorePlan): Description {
  const p = view.shown(EXPLORE_HEADLINE).value;
  const n = plan.explorer.creatureCount;
  const recommendation = fromChance(p, EXPLORE_HEADLINE);
  const decisions: Decisions = { recommendation };
  const survived = p > 0 ? survivors(view, 'explorerLeftIfExplored', 'entry.explorer.creatures.length', n) : say``;
  const verdict: Sentence[] = [
    say`${recommendation.word}: you explore the hex ${ofTheTime(view, EXPLORE_HEADLINE)}${survived}.`,
    say`${capitalized(causes(view, partitionOf(view.layout, 'outcome'), EXPLORE_PHRASES))}.`,
  ];
  if (plan.bribeGold >= 0) {
    const gold = quote('entry.bribery.gold', plan.bribeGold, 'count');
    const pieces = plan.bribeGold === 1 ? 'gold piece' : 'gold pieces';
    verdict.push(
      say`You spend ${metricQuote(view, 'bribeGold', 'fixed1')} of your ${gold} ${pieces} on bribes on average.`,
    );
  }
  const labels = new Map([
    ['pNoDefenders', 'explored: no defenders'],
    ['pWonBattle', 'explored: won the battle'],
    ['pExplorerEliminated', 'failed: eliminated'],
    ['pExplorerRetreated', 'failed: retreated'],
  ]);
  verdict.push(
    ...notAdvised(view, decisions, {
      advice: 'an exploration: the optimal-play solver does not model defenders drawn from the cup or bribes',
      target: 'it covers battles of two sides (type battle) only',
    }),
  );
  return { verdict, decisions, charts: [outcomeChart(view, 'outcome', 'How the exploration ends', labels)] };
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
