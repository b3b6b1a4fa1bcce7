/**
 * Advanced Civilization reports. A conflict with known counts reports its one outcome
 * (exact) with the removal log as a table; uncertain counts report probabilities with
 * Wilson intervals, and the exact enumeration when asked for; a sweep reports tables
 * and charts.
 */
import type { BattleReport, Distribution, Metric, SummarizeInput } from '../../engine/system.js';
import { distribution, reportHeader, meanMetric, probabilityMetric, range, segment } from '../../engine/reportParts.js';
import { conflictLayout, maxTokensLeft, type AdvCivPlan, type ConflictPlan, type SweepPlan } from './plan.js';
import { solveAdvCiv, type AdvCivSolution } from './exact.js';
import type { ConflictOutcome } from './outcome.js';
import { sweepRows } from './sweep.js';
import { outcomeChart, sweepHeatmap, tokensNeededChart, tokensOverRemovalsChart } from './charts.js';
import { computeLevels } from './resolver.js';
import { conflictVerdict, sweepVerdict } from './verdict.js';

type Tables = NonNullable<BattleReport['tables']>;

export function summarizeAdvCiv(input: SummarizeInput<AdvCivPlan>): BattleReport {
  const plan = input.battle.plan;
  const header = reportHeader('advanced-civilization', input);
  const exact = (input.exact as AdvCivSolution | null) ?? (input.tally ? null : solveAdvCiv(plan));
  if (plan.kind === 'sweep') return { ...header, ...summarizeSweep(plan, exact, input.battle.label) };
  if (exact?.kind === 'outcome') return { ...header, ...summarizeOutcome(plan, exact.outcome, input.battle.label) };
  const probabilities = exact?.kind === 'distribution' ? exact.probabilities : null;
  return { ...header, ...summarizeSampled(plan, input.tally, input.trials, probabilities, input.battle.label) };
}

type Body = Omit<BattleReport, 'label' | 'system' | 'type' | 'method' | 'trials' | 'partial'>;

/**
 * The outcome-category and control metrics, the same keys for fixed and uncertain
 * conflicts: `at(bin)` gives the sampled count (or null) and the exact probability.
 */
function outcomeMetrics(
  plan: ConflictPlan,
  at: (bin: number) => [number | null, number | null],
  n: number,
  prefix: (label: string) => string,
): Metric[] {
  const layout = conflictLayout(plan);
  const names = plan.rules.names;
  const metric = (key: string, label: string, bin: number) => {
    const [count, exact] = at(bin);
    return probabilityMetric(key, prefix(label), count, n, exact);
  };
  const fort = plan.rules.fortOwner >= 0 ? ' and the fort' : '';
  const how = plan.rules.cityOwner >= 0 ? 'alone, by majority or by a standing city' : 'alone or by majority';
  const metrics = [
    ...names.map((name, i) => metric(`alone:${name}`, `${name} alone in the area`, layout.alone + i)),
    metric(
      'stay',
      `${names.length === 2 ? 'Both stay' : 'Several nations stay'}: limit no longer exceeded`,
      layout.stay,
    ),
  ];
  if (plan.rules.cityOwner >= 0)
    metrics.push(metric('cityStands', `${names[plan.rules.cityOwner]}'s city stands beside others`, layout.cityStands));
  metrics.push(metric('empty', 'Area empty', layout.empty));
  metrics.push(
    ...names.map((name, i) =>
      metric(`controls:${name}`, `${name} controls the area${fort}: ${how}`, layout.holder + i),
    ),
  );
  metrics.push(metric('controls:none', 'Nobody controls the area: tie or empty', layout.noHolder));
  if (plan.rules.cityOwner >= 0) metrics.push(metric('cityAttacked', 'The city is attacked', layout.cityAttacked));
  return metrics;
}

/** The exact 0/1 vector of a fixed conflict, in the tally layout (so it reuses the metric builder). */
function outcomeVector(plan: ConflictPlan, o: ConflictOutcome): Float64Array {
  const layout = conflictLayout(plan);
  const v = new Float64Array(layout.size);
  v[o.holder >= 0 ? layout.holder + o.holder : layout.noHolder] = 1;
  if (o.kind === 'alone') v[layout.alone + o.alone] = 1;
  else if (o.kind === 'stay') v[layout.stay] = 1;
  else if (o.kind === 'city-stands') v[layout.cityStands] = 1;
  else v[layout.empty] = 1;
  if (o.cityAttacked) v[layout.cityAttacked] = 1;
  return v;
}

function summarizeOutcome(plan: ConflictPlan, o: ConflictOutcome, label: string): Body {
  const names = plan.rules.names;
  const start = plan.tokens.map((d) => d.values[0]);
  const vector = outcomeVector(plan, o);
  const metrics: Metric[] = [
    ...outcomeMetrics(
      plan,
      (bin) => [null, vector[bin]],
      0,
      (l) => l,
    ),
    ...names.map((name, i): Metric => ({
      key: `left:${name}`,
      label: `${name} tokens left`,
      kind: 'value',
      estimate: o.tokensLeft[i],
      exact: o.tokensLeft[i],
    })),
  ];
  const removals = removalLog(plan.rules, start, plan.armies, o);
  const json = {
    limit: plan.rules.limit,
    advantageReading: plan.rules.reading,
    tokens: Object.fromEntries(names.map((n, i) => [n, start[i]])),
    outcome: o.kind,
    alone: o.alone >= 0 ? names[o.alone] : null,
    controller: o.holderName,
    onlyOneNationLeft: o.sole,
    tokensLeft: Object.fromEntries(names.map((n, i) => [n, o.tokensLeft[i]])),
    cityAttacked: plan.rules.cityOwner >= 0 ? o.cityAttacked : null,
    cityAttacker: o.cityAttacker >= 0 ? names[o.cityAttacker] : null,
    fort: o.fort,
    tokensRemoved: o.events.reduce((k, e) => k + e.nations.length, 0),
  };
  return {
    verdict: conflictVerdict(plan.rules, start, plan.armies, o),
    metrics,
    // A fixed conflict has no distribution worth a chart; its tokens over the removals are.
    distributions: [],
    json,
    tables: { removals },
    charts: [
      {
        name: 'tokens',
        spec: tokensOverRemovalsChart(
          removalSteps(names, start, o),
          `${label}: tokens over the removals`,
          plan.rules.limit,
        ),
      },
    ],
  };
}

/** Each nation's tokens at the start and after every removal (and after a city attack). */
function removalSteps(names: string[], start: number[], o: ConflictOutcome) {
  const rows: Array<{ step: number; nation: string; tokens: number }> = [];
  names.forEach((nation, i) => rows.push({ step: 0, nation, tokens: start[i] }));
  o.events.forEach((e, k) =>
    names.forEach((nation, i) => rows.push({ step: k + 1, nation, tokens: e.tokensAfter[i] })),
  );
  return rows;
}

/**
 * The removal log: a start row (with the reason when there is no conflict), one row per
 * removal, and a row explaining a city that was not attacked. Never empty.
 */
function removalLog(
  rules: ConflictPlan['rules'],
  start: number[],
  armies: number[],
  o: ConflictOutcome,
): Tables[string] {
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
  ) => {
    const r: Record<string, string | number | boolean | null> = { step, phase, round, removing, note };
    names.forEach((name, i) => {
      r[`${name} tokens`] = tokens[i];
      r[`${name} level`] = levels && levels.length ? levels[i] : null;
    });
    return r;
  };
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
  return rows;
}

function summarizeSampled(
  plan: ConflictPlan,
  tally: Float64Array | null,
  trials: number,
  exact: Float64Array | null,
  label: string,
): Body {
  const layout = conflictLayout(plan);
  const names = plan.rules.names;
  const n = tally ? trials : 0;
  const at = (v: Float64Array | null, i: number) => (v ? v[i] : null);
  const metrics: Metric[] = outcomeMetrics(
    plan,
    (bin) => [at(tally, bin), at(exact, bin)],
    n,
    (l) => `P(${l})`,
  );
  const distributions: Distribution[] = [];
  names.forEach((name, i) => {
    const size = maxTokensLeft(plan, i) + 1;
    const counts = segment(tally, layout.left[i], size);
    const probs = segment(exact, layout.left[i], size);
    metrics.push(meanMetric(`left:${name}`, `${name} tokens left (mean)`, counts, probs));
    distributions.push(
      distribution(
        {
          key: `left:${name}`,
          label: `${name} tokens left`,
          xLabel: 'tokens left',
          series: name,
          values: range(0, size - 1),
        },
        counts,
        probs,
      ),
    );
  });
  const byKey = (key: string) => metrics.find((m) => m.key === key) as Metric;
  const summary = (m: Metric) => ({ estimate: m.estimate, ci95: m.ci95 ?? null, exact: m.exact ?? null });
  const categoryKeys = metrics.filter(
    (m) => m.key.startsWith('alone:') || ['stay', 'cityStands', 'empty'].includes(m.key),
  );
  const outcomeRows = categoryKeys.map((m) => ({
    outcome: m.label.replace(/^P\((.*)\)$/, '$1'),
    probability: round(m.estimate),
    low: round(m.ci95?.[0] ?? m.estimate),
    high: round(m.ci95?.[1] ?? m.estimate),
    exact: m.exact === undefined ? null : round(m.exact),
  }));
  const attacker = byKey(`controls:${names[0]}`);
  const json: Record<string, unknown> = {
    limit: plan.rules.limit,
    advantageReading: plan.rules.reading,
    tokens: Object.fromEntries(names.map((name, i) => [name, plan.tokens[i]])),
    pAttackerControls: attacker.estimate,
    ci95: attacker.ci95 ?? null,
    outcomes: Object.fromEntries(categoryKeys.map((m) => [m.key, summary(m)])),
    controls: Object.fromEntries([
      ...names.map((name) => [name, summary(byKey(`controls:${name}`))]),
      ['nobody', summary(byKey('controls:none'))],
    ]),
  };
  if (exact) json.exact = { pAttackerControls: attacker.exact };
  return {
    verdict: sampledVerdict(names, categoryKeys, attacker),
    metrics,
    distributions,
    json,
    tables: { outcomes: outcomeRows },
    charts: [{ name: 'outcomes', spec: outcomeChart(outcomeRows, `${label}: outcome of the conflict`) }],
  };
}

/** The most likely outcome category and the attacker's chance of control, in words. */
function sampledVerdict(names: string[], categories: Metric[], attacker: Metric): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const interval = (m: Metric) => (m.ci95 ? ` [${pct(m.ci95[0])}, ${pct(m.ci95[1])}]` : '');
  const likely = [...categories].sort((a, b) => b.estimate - a.estimate)[0];
  return [
    `${names[0]} controls the area with probability ${pct(attacker.estimate)}${interval(attacker)}; most likely outcome: ${likely.label.replace(/^P\((.*)\)$/, '$1')} (${pct(likely.estimate)}).`,
  ];
}

function summarizeSweep(plan: SweepPlan, solution: AdvCivSolution | null, label: string): Body {
  const result = solution?.kind === 'sweep' ? solution.sweep : sweepRows(plan);
  const share = (outcome: string) =>
    round(result.rows.filter((r) => r.outcome === outcome).length / result.rows.length);
  const metrics: Metric[] = [
    {
      key: 'cells',
      label: 'Matchups resolved',
      kind: 'value',
      estimate: result.rows.length,
      exact: result.rows.length,
    },
    ...(['attacker alone', 'both stay', ...(plan.city ? ['city stands'] : []), 'defender alone'] as const).map(
      (outcome): Metric => ({
        key: `share:${outcome}`,
        label: `Share of swept matchups: ${outcome}`,
        kind: 'value',
        estimate: share(outcome),
        exact: share(outcome),
      }),
    ),
  ];
  const json = {
    limit: plan.limit,
    advantageReading: plan.reading,
    attackerTokens: plan.attackerTokens,
    defenderTokens: plan.defenderTokens,
    city: plan.city,
    tokensNeeded: result.needed,
  };
  return {
    verdict: sweepVerdict(result, plan.defenderTokens, plan.attackerTokens[1], plan.limit),
    metrics,
    distributions: [],
    json,
    tables: { sweep: result.rows.map((r) => ({ ...r })), 'tokens-needed': result.needed.map((r) => ({ ...r })) },
    charts: [
      {
        name: 'heatmap',
        spec: sweepHeatmap(result, `${label}: outcome by Engineering matchup (area limit ${plan.limit})`),
      },
      { name: 'tokens-needed', spec: tokensNeededChart(result, `${label}: attacker tokens needed`) },
    ],
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
