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
import { holderChart, sweepHeatmap, tokensNeededChart } from './charts.js';

type Tables = NonNullable<BattleReport['tables']>;

export function summarizeAdvCiv(input: SummarizeInput<AdvCivPlan>): BattleReport {
  const plan = input.battle.plan;
  const header = reportHeader('advanced-civilization', input);
  const exact = (input.exact as AdvCivSolution | null) ?? (input.tally ? null : solveAdvCiv(plan));
  if (plan.kind === 'sweep') return { ...header, ...summarizeSweep(plan, exact, input.battle.label) };
  if (exact?.kind === 'outcome') return { ...header, ...summarizeOutcome(plan, exact.outcome) };
  const probabilities = exact?.kind === 'distribution' ? exact.probabilities : null;
  return { ...header, ...summarizeSampled(plan, input.tally, input.trials, probabilities, input.battle.label) };
}

function summarizeOutcome(plan: ConflictPlan, o: ConflictOutcome): Omit<BattleReport, 'label' | 'system' | 'type' | 'method' | 'trials' | 'partial'> {
  const names = plan.rules.names;
  const start = plan.tokens.map((d) => d.values[0]);
  const metrics: Metric[] = [
    ...names.map((name, i) => probabilityMetric(`holds:${name}`, `${name} holds the area`, null, 0, o.holder === i ? 1 : 0)),
    probabilityMetric('holds:none', 'Nobody holds the area (tie)', null, 0, o.holder < 0 ? 1 : 0),
    ...names.map((name, i): Metric => ({ key: `left:${name}`, label: `${name} tokens left`, kind: 'value', estimate: o.tokensLeft[i], exact: o.tokensLeft[i] })),
  ];
  const distributions: Distribution[] = names.map((name, i) =>
    distribution(
      { key: `left:${name}`, label: `${name} tokens left`, xLabel: 'tokens left', series: name, values: range(0, maxTokensLeft(plan, i)) },
      null,
      range(0, maxTokensLeft(plan, i)).map((x) => (x === o.tokensLeft[i] ? 1 : 0)),
    ),
  );
  const removals: Tables[string] = o.events.map((e, step) => {
    const row: Record<string, string | number | boolean | null> = {
      step: step + 1,
      phase: e.phase,
      round: e.round,
      removing: e.nations.map((i) => names[i]).join(' + ') || null,
      note: e.note ?? null,
    };
    names.forEach((name, i) => {
      row[`${name} tokens`] = e.tokensAfter[i];
      row[`${name} level`] = e.levels.length ? e.levels[i] : null;
    });
    return row;
  });
  const json = {
    limit: plan.rules.limit,
    advantageReading: plan.rules.reading,
    tokens: Object.fromEntries(names.map((n, i) => [n, start[i]])),
    holder: o.holderName,
    onlyOneNationLeft: o.sole,
    tokensLeft: Object.fromEntries(names.map((n, i) => [n, o.tokensLeft[i]])),
    cityAttacked: plan.rules.cityOwner >= 0 ? o.cityAttacked : null,
    cityAttacker: o.cityAttacker >= 0 ? names[o.cityAttacker] : null,
    fort: o.fort,
    removals: o.events.length,
  };
  return { metrics, distributions, json, tables: { removals } };
}

function summarizeSampled(
  plan: ConflictPlan,
  tally: Float64Array | null,
  trials: number,
  exact: Float64Array | null,
  label: string,
): Omit<BattleReport, 'label' | 'system' | 'type' | 'method' | 'trials' | 'partial'> {
  const layout = conflictLayout(plan);
  const names = plan.rules.names;
  const n = tally ? trials : 0;
  const at = (v: Float64Array | null, i: number) => (v ? v[i] : null);
  const holderMetrics = [
    ...names.map((name, i) => probabilityMetric(`holds:${name}`, `P(${name} holds the area)`, at(tally, layout.holder + i), n, at(exact, layout.holder + i))),
    probabilityMetric('holds:none', 'P(nobody holds the area: tie)', at(tally, layout.noHolder), n, at(exact, layout.noHolder)),
  ];
  const metrics: Metric[] = [
    ...holderMetrics,
    probabilityMetric('sole', 'P(only one nation left)', at(tally, layout.sole), n, at(exact, layout.sole)),
  ];
  if (plan.rules.cityOwner >= 0) metrics.push(probabilityMetric('cityAttacked', 'P(the city is attacked)', at(tally, layout.cityAttacked), n, at(exact, layout.cityAttacked)));
  const distributions: Distribution[] = [];
  names.forEach((name, i) => {
    const size = maxTokensLeft(plan, i) + 1;
    const counts = segment(tally, layout.left[i], size);
    const probs = segment(exact, layout.left[i], size);
    metrics.push(meanMetric(`left:${name}`, `${name} tokens left (mean)`, counts, probs));
    distributions.push(distribution({ key: `left:${name}`, label: `${name} tokens left`, xLabel: 'tokens left', series: name, values: range(0, size - 1) }, counts, probs));
  });
  const holderRows = holderMetrics.map((m, i) => ({
    holder: i < names.length ? names[i] : 'nobody',
    probability: round(m.estimate),
    low: round(m.ci95?.[0] ?? m.estimate),
    high: round(m.ci95?.[1] ?? m.estimate),
    exact: m.exact === undefined ? null : round(m.exact),
  }));
  const json: Record<string, unknown> = {
    limit: plan.rules.limit,
    advantageReading: plan.rules.reading,
    tokens: Object.fromEntries(names.map((name, i) => [name, plan.tokens[i]])),
    pAttackerHolds: metrics[0].estimate,
    ci95: metrics[0].ci95 ?? null,
    holds: Object.fromEntries(holderMetrics.map((m, i) => [i < names.length ? names[i] : 'nobody', { estimate: m.estimate, ci95: m.ci95 ?? null, exact: m.exact ?? null }])),
  };
  if (exact) json.exact = { pAttackerHolds: metrics[0].exact };
  return {
    metrics,
    distributions,
    json,
    tables: { holders: holderRows },
    charts: [{ name: 'holders', spec: holderChart(holderRows, `${label}: who holds the area`) }],
  };
}

function summarizeSweep(plan: SweepPlan, solution: AdvCivSolution | null, label: string): Omit<BattleReport, 'label' | 'system' | 'type' | 'method' | 'trials' | 'partial'> {
  const result = solution?.kind === 'sweep' ? solution.sweep : sweepRows(plan);
  const attackerWins = result.rows.filter((r) => r.holder === 'attacker').length;
  const metrics: Metric[] = [
    { key: 'cells', label: 'Matchups resolved', kind: 'value', estimate: result.rows.length, exact: result.rows.length },
    { key: 'attackerHoldsShare', label: 'Share of swept matchups the attacker holds', kind: 'value', estimate: round(attackerWins / result.rows.length), exact: round(attackerWins / result.rows.length) },
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
    metrics,
    distributions: [],
    json,
    tables: { sweep: result.rows.map((r) => ({ ...r })), 'tokens-needed': result.needed.map((r) => ({ ...r })) },
    charts: [
      { name: 'heatmap', spec: sweepHeatmap(result, `${label}: outcome by Engineering matchup (area limit ${plan.limit})`) },
      { name: 'tokens-needed', spec: tokensNeededChart(result, `${label}: attacker tokens needed to hold the area`) },
    ],
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
