/**
 * Advanced Civilization's words, tables and chart requests, from the layout's metrics by
 * name. A fixed conflict: the verdict, the tokens left as values, the removal log as a
 * table and a chart of each nation's tokens over the removals. Uncertain counts: the
 * attacker's chance of control and the most likely outcome, and the outcome categories
 * as a table and an intervals chart (the engine charts the tokens-left distributions).
 * With a question (`--target`, `--advise`): the tokens needed for the target, advice/.
 */
import type { Description, ResultView } from '../../model/contract.js';
import type { Cell, ChartRequest, Decisions, Metric, Table } from '../../model/report.js';
import type { AdvCivEntry } from './schema.js';
import { key, HEADLINE, type ConflictPlan } from './plan.js';
import type { FixedDetail } from './exact.js';
import type { ConflictOutcome } from './outcome.js';
import type { ConflictRules } from './rules.js';
import { computeLevels } from './resolver.js';
import { conflictAccount, conflictVerdict, nationName } from './verdict.js';
import { join, metricQuote, quote, say, type Sentence } from '../../words/sentence.js';

type View = ResultView<AdvCivEntry, ConflictPlan>;

/** What the descriptions below build. */
interface Described {
  verdict: Sentence[];
  decisions: Decisions;
  metrics: Metric[];
  tables: Table[];
  charts: ChartRequest[];
}

export function describeAdvCiv(view: View): Description {
  const detail = view.exact?.detail as FixedDetail | undefined;
  const { decisions, ...rest } = !view.plan.sampled && detail ? describeFixed(view, detail) : describeUncertain(view);
  return Object.keys(decisions).length > 0 ? { ...rest, decisions } : rest;
}

function describeFixed(view: View, { start, outcome }: FixedDetail): Described {
  const { rules, armies } = view.plan;
  const names = rules.names;
  const value = (k: string, label: string, x: number): Metric => ({
    key: k,
    label,
    kind: 'value',
    estimate: x,
    exact: x,
  });
  const removed = outcome.events.reduce((k, e) => k + e.nations.length, 0);
  const conflict = conflictAccount(rules, start, armies, outcome);
  return {
    verdict: conflictVerdict(rules, start, conflict, outcome),
    decisions: { conflict },
    metrics: [
      ...names.map((name, i) => value(key.left(i), `${name} tokens left`, outcome.tokensLeft[i])),
      value('tokensRemoved', 'Tokens removed', removed),
    ],
    tables: [removalLog(rules, start, armies, outcome)],
    charts: [tokensOverRemovals(view.label, rules, start, outcome)],
  };
}

/**
 * The removal log: a start row (with the reason for a conflict or for none), one row per
 * removal with every nation's tokens and real Advantage Level, and a row explaining a city
 * that was not attacked. Never empty. Nation names are in the column titles, never keys.
 */
function removalLog(rules: ConflictRules, start: number[], armies: number[], o: ConflictOutcome): Table {
  const names = rules.names;
  const startLevels = new Int32Array(start.length);
  computeLevels(rules, Int32Array.from(start), Int32Array.from(armies), startLevels);
  const total = start.reduce((s, x) => s + x, 0);
  const present = start.filter((x) => x > 0).length;
  const fought = o.events.some((e) => e.phase === 'token fight');
  const startNote = fought
    ? `conflict: ${total} > limit ${rules.limit}`
    : present < 2
      ? `no token fight: ${present === 1 ? 'only one nation has' : 'no nation has'} tokens in the area`
      : `no conflict: ${total} <= limit ${rules.limit}`;
  const row = (
    step: number,
    phase: string,
    round: number | null,
    removing: string | null,
    note: string | null,
    tokens: number[],
    levels: ArrayLike<number> | null,
  ): Cell[] => [
    step,
    phase,
    round,
    removing,
    note,
    ...names.flatMap((_, i) => [tokens[i], levels && levels.length ? levels[i] : null]),
  ];
  const rows = [row(0, 'start', null, null, startNote, start, startLevels)];
  o.events.forEach((e, k) =>
    rows.push(
      row(
        k + 1,
        e.phase,
        e.round,
        e.nations.map((i) => names[i]).join(' + ') || null,
        e.note ?? null,
        e.tokensAfter,
        e.levels,
      ),
    ),
  );
  const c = o.city;
  if (c && !o.cityAttacked) {
    const why =
      c.attacker < 0
        ? 'no city attack: no other nation is left'
        : `no city attack: ${names[c.attacker]} ${c.tokens} < ${c.needed} needed`;
    rows.push(row(rows.length, 'city', null, null, why, o.tokensLeft, null));
  }
  return {
    name: 'removals',
    title: 'Removal log: every nation’s tokens and Advantage Level after each removal',
    columns: ['step', 'phase', 'round', 'removing', 'note', ...names.flatMap((n) => [`${n} tokens`, `${n} level`])],
    rows,
  };
}

/** Each nation's tokens at the start and after every removal (and after a city attack). */
function tokensOverRemovals(label: string, rules: ConflictRules, start: number[], o: ConflictOutcome): ChartRequest {
  const steps = [start, ...o.events.map((e) => e.tokensAfter)];
  return {
    kind: 'lines',
    name: 'tokens',
    title: `${label}: tokens over the removals`,
    subtitle: [`Area limit ${rules.limit}; step 0 is the start; a city attack adds its replacement tokens`],
    x: { title: 'Removal step', values: steps.map((_, k) => k) },
    y: { title: 'Tokens in the area (count)', format: 'count' },
    series: [...rules.names],
    points: steps.flatMap((tokens, k) => rules.names.map((series, i) => ({ x: k, series, y: tokens[i] }))),
  };
}

/** The outcome categories shown: the partition, without "city stands" where there is no city. */
function categoryKeys(plan: ConflictPlan): string[] {
  return [
    ...plan.rules.names.map((_, i) => key.alone(i)),
    'stay',
    ...(plan.rules.cityOwner >= 0 ? ['cityStands'] : []),
    'empty',
  ];
}

const bare = (label: string) => label.replace(/^P\((.*)\)$/, '$1');

const OUTCOMES = 'outcomes';

function describeUncertain(view: View): Described {
  const plan = view.plan;
  const categories = categoryKeys(plan).map((k) => view.metric(k));
  const rows = categories.map((m): Cell[] => [
    bare(m.label),
    view.shown(m.key).value,
    m.ci95?.[0] ?? null,
    m.ci95?.[1] ?? null,
    m.exact ?? null,
  ]);
  return {
    verdict: [uncertainVerdict(view, categories)],
    decisions: {},
    metrics: [],
    tables: [
      {
        name: OUTCOMES,
        title: 'Outcome of the conflict: probability of each category',
        columns: ['outcome', 'probability', '95% interval, low', '95% interval, high', 'exact'],
        rows,
      },
    ],
    charts: [
      {
        kind: 'intervals',
        name: 'outcomes',
        title: `${view.label}: outcome of the conflict`,
        // The chart module adds what the lines and ticks are, when it draws them.
        subtitle: ['Bars: probability of each outcome'],
        categoryTitle: 'Outcome',
        valueTitle: 'Probability',
        format: 'percent',
        domain: [0, 1],
        rows: categories.map((m) => ({
          category: bare(m.label),
          value: m.estimate,
          ...(m.ci95 ? { low: m.ci95[0], high: m.ci95[1] } : {}),
          ...(m.exact !== undefined ? { exact: m.exact } : {}),
        })),
      },
    ],
  };
}

/**
 * The attacker's chance of control (with its 95% interval when sampled) and the most likely
 * outcome category, in words: each value as the table shows it (the estimate when sampled).
 */
function uncertainVerdict(view: View, categories: Metric[]): Sentence {
  const p = metricQuote(view, HEADLINE, 'percent');
  const interval = view.metric(HEADLINE).ci95;
  const range =
    view.method === 'monte-carlo' && interval
      ? say` [${quote(`metric.${HEADLINE}.low`, interval[0], 'percent')}, ${quote(
          `metric.${HEADLINE}.high`,
          interval[1],
          'percent',
        )}]`
      : say``;
  const shown = categories.map((m) => view.shown(m.key).value);
  const top = Math.max(...shown);
  // Exact chances tie exactly (whole-number weights, exact.ts): every outcome as likely as the most is named.
  const tied = view.method === 'exact' ? shown.flatMap((v, i) => (v === top ? [i] : [])) : [shown.indexOf(top)];
  const labels = tied.map((i) => quote(`tables.${OUTCOMES}.rows.${i}.0`, bare(categories[i].label), 'text'));
  const chance = metricQuote(view, categories[tied[0]].key, 'percent');
  const who = nationName(view.plan.rules, 0);
  const last = labels[labels.length - 1];
  const likely =
    tied.length === 1
      ? say`most likely outcome: ${labels[0]} (${chance})`
      : say`most likely outcomes, equally: ${join(labels.slice(0, -1), ', ')} and ${last} (${chance} each)`;
  return say`${who} controls the area with probability ${p}${range}; ${likely}.`;
}
