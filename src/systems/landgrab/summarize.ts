/**
 * Turns a LandGrab tally (and the exact solution, when asked for) into a report.
 * Army counts reported are armies in the attacking territory, like the input.
 */
import type { BattleReport, Metric, SummarizeInput } from '../../engine/system.js';
import {
  distribution,
  reportHeader,
  meanMetric,
  probabilityMetric,
  quantileMetrics,
  range,
  segment,
  total,
} from '../../engine/reportParts.js';
import {
  battleLayout,
  capitolLayout,
  chainLayout,
  type CapitolPlan,
  type ChainPlan,
  type LandgrabPlan,
  type SingleBattlePlan,
} from './plan.js';

type Input<P> = SummarizeInput<LandgrabPlan> & { battle: { plan: P } };

export function summarizeLandgrab(input: SummarizeInput<LandgrabPlan>): BattleReport {
  const plan = input.battle.plan;
  if (plan.kind === 'chain') return summarizeChain(input as Input<ChainPlan>);
  return summarizeBattle(input as Input<SingleBattlePlan | CapitolPlan>);
}

function header(input: SummarizeInput<LandgrabPlan>) {
  return reportHeader('landgrab', input);
}

/** Per-value sums of two aligned vectors (win and hold histograms by attacker armies). */
function addVectors(x: Float64Array | null, y: Float64Array | null): Float64Array | null {
  if (!x || !y) return null;
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i] + y[i];
  return out;
}

function summarizeBattle(input: Input<SingleBattlePlan | CapitolPlan>): BattleReport {
  const plan = input.battle.plan;
  const A = plan.attackers;
  const D = plan.defenders;
  const layout = plan.kind === 'capitol' ? capitolLayout(plan) : battleLayout(A, D);
  const exact = input.exact as Float64Array | null;
  const tally = input.tally;

  const won = segment(tally, layout.won, A + 1);
  const heldA = segment(tally, layout.heldAttacker, A + 1);
  const heldD = segment(tally, layout.heldDefender, D + 1);
  const exactWon = segment(exact, layout.won, A + 1);
  const exactHeldD = segment(exact, layout.heldDefender, D + 1);

  // Attacker armies left over all outcomes; defender armies left (0 when conquered).
  const attackerLeft = addVectors(won, heldA);
  const exactAttackerLeft = addVectors(exactWon, segment(exact, layout.heldAttacker, A + 1));
  const wins = won ? total(won) : null;
  const trials = input.trials;
  const defenderLeft = heldD ? Float64Array.from(heldD, (c, d) => (d === 0 ? (wins ?? 0) : c)) : null;
  const exactWin = exactWon ? total(exactWon) : null;
  const exactDefenderLeft = exactHeldD
    ? Float64Array.from(exactHeldD, (p, d) => (d === 0 ? (exactWin ?? 0) : p))
    : null;

  const metrics: Metric[] = [
    probabilityMetric('pAttackerWins', 'P(attacker conquers)', wins, trials, exactWin),
    probabilityMetric(
      'pDefenderHolds',
      'P(defender holds)',
      wins === null ? null : trials - wins,
      trials,
      exactWin === null ? null : 1 - exactWin,
    ),
    meanMetric('attackerLeft', 'Attacker armies left in the attacking territory', attackerLeft, exactAttackerLeft),
    meanMetric(
      'attackerLost',
      'Attacker armies lost',
      attackerLeft && reverse(attackerLeft),
      exactAttackerLeft && reverse(exactAttackerLeft),
    ),
    meanMetric('defenderLeft', 'Defender armies left', defenderLeft, exactDefenderLeft),
    meanMetric(
      'defenderLost',
      'Defender armies lost',
      defenderLeft && reverse(defenderLeft),
      exactDefenderLeft && reverse(exactDefenderLeft),
    ),
    meanMetric(
      'attackerLeftIfConquers',
      'Attacker armies left, given a conquest',
      won,
      exactWon && normalize(exactWon),
    ),
    ...quantileMetrics('attackerLeft', 'Attacker armies left', attackerLeft, exactAttackerLeft),
    ...quantileMetrics('defenderLeft', 'Defender armies left', defenderLeft, exactDefenderLeft),
  ];
  const distributions = [
    distribution(
      {
        key: 'attackerLeft',
        label: 'Attacker armies left (in the attacking territory)',
        xLabel: 'armies left',
        series: 'attacker',
        values: range(1, A),
      },
      attackerLeft && attackerLeft.subarray(1),
      exactAttackerLeft && exactAttackerLeft.subarray(1),
    ),
    distribution(
      {
        key: 'defenderLeft',
        label: 'Defender armies left',
        xLabel: 'armies left',
        series: 'defender',
        values: range(0, D),
      },
      defenderLeft,
      exactDefenderLeft,
    ),
  ];
  const json: Record<string, unknown> = {
    attackers: A,
    attackingArmies: A - 1,
    defenders: D,
    pAttackerWins: metrics[0].estimate,
    ci95: metrics[0].ci95 ?? null,
    attackerLeft: jsonHistogram(metrics[2], distributions[0]),
    defenderLeft: jsonHistogram(metrics[4], distributions[1]),
  };
  if (plan.kind === 'capitol') {
    const layoutC = capitolLayout(plan);
    const converted = segment(tally, layoutC.converted, layoutC.maxConverted + 1);
    const exactConverted = segment(exact, layoutC.converted, layoutC.maxConverted + 1);
    // Armies converted over all trials: 0 when the capitol holds.
    const convertedAll = converted && Float64Array.from(converted, (c, x) => (x === 0 ? trials - (wins ?? 0) + c : c));
    const exactAll =
      exactConverted && Float64Array.from(exactConverted, (p, x) => (x === 0 ? 1 - (exactWin ?? 0) + p : p));
    metrics.push(
      meanMetric('armiesConverted', 'Armies converted (0 when the capitol holds)', convertedAll, exactAll),
      meanMetric(
        'armiesConvertedIfConquered',
        'Armies converted, given the capitol falls',
        converted,
        exactConverted && normalize(exactConverted),
      ),
    );
    const dist = distribution(
      {
        key: 'armiesConverted',
        label: 'Armies converted when the capitol falls',
        xLabel: 'armies converted',
        series: 'attacker',
        values: range(0, layoutC.maxConverted),
      },
      converted,
      exactConverted && normalize(exactConverted),
    );
    distributions.push(dist);
    json.territories = plan.territories;
    json.armiesConverted = {
      mean: metrics[metrics.length - 2].estimate,
      ci95: metrics[metrics.length - 2].ci95 ?? null,
      givenConquest: jsonHistogram(metrics[metrics.length - 1], dist),
    };
  }
  if (exact) {
    json.exact = {
      pAttackerWins: exactWin,
      attackerLeftMean: metrics[2].exact,
      defenderLeftMean: metrics[4].exact,
    };
  }
  return { ...header(input), metrics, distributions, json };
}

function summarizeChain(input: Input<ChainPlan>): BattleReport {
  const plan = input.battle.plan;
  const layout = chainLayout(plan);
  const n = plan.steps.length;
  const exact = input.exact as Float64Array | null;
  const taken = segment(input.tally, layout.taken, n + 1);
  const exactTaken = segment(exact, layout.taken, n + 1);
  const finalArmies = segment(input.tally, layout.finalArmies, plan.attackers + 1);
  const exactFinal = segment(exact, layout.finalArmies, plan.attackers + 1);
  const reach: Metric[] = [];
  for (let s = 1; s <= n; s++) {
    const reached = taken ? tailSum(taken, s) : null;
    const exactReached = exactTaken ? tailSum(exactTaken, s) : null;
    reach.push(probabilityMetric(`pTakes${s}`, `P(takes territory ${s} of ${n})`, reached, input.trials, exactReached));
  }
  const whole: Metric = { ...reach[n - 1], key: 'pAttackerWins', label: `P(takes the whole path of ${n})` };
  const metrics: Metric[] = [whole, ...reach];
  metrics.push(
    meanMetric('territoriesTaken', 'Territories taken', taken, exactTaken),
    meanMetric(
      'finalArmies',
      'Armies in the last territory, given the whole path is taken',
      finalArmies,
      exactFinal && normalize(exactFinal),
    ),
  );
  const distributions = [
    distribution(
      {
        key: 'territoriesTaken',
        label: 'Territories taken along the path',
        xLabel: 'territories taken',
        series: 'attacker',
        values: range(0, n),
      },
      taken,
      exactTaken,
    ),
    distribution(
      {
        key: 'finalArmies',
        label: 'Armies moved into the last territory (whole path taken)',
        xLabel: 'armies',
        series: 'attacker',
        values: range(1, Math.max(1, plan.attackers - n)),
      },
      finalArmies && finalArmies.subarray(1),
      exactFinal && normalize(exactFinal).subarray(1),
    ),
  ];
  const json: Record<string, unknown> = {
    attackers: plan.attackers,
    path: plan.steps.map((s) => s.defenders),
    pAttackerWins: whole.estimate,
    ci95: whole.ci95 ?? null,
    pReach: reach.map((m) => ({ estimate: m.estimate, ci95: m.ci95 ?? null, exact: m.exact })),
    finalArmies: jsonHistogram(metrics[n + 2], distributions[1]),
  };
  if (exact) json.exact = { pAttackerWins: whole.exact, pReach: reach.map((m) => m.exact) };
  return { ...header(input), metrics, distributions, json };
}

function jsonHistogram(
  mean: Metric,
  dist: { values: number[]; counts: number[]; probabilities: number[]; exact?: number[] },
) {
  return {
    mean: mean.estimate,
    ci95: mean.ci95 ?? null,
    ...(mean.exact !== undefined ? { exactMean: mean.exact } : {}),
    histogram: {
      values: dist.values,
      counts: dist.counts,
      probabilities: dist.probabilities,
      ...(dist.exact ? { exact: dist.exact } : {}),
    },
  };
}

function tailSum(v: Float64Array, from: number): number {
  let s = 0;
  for (let i = from; i < v.length; i++) s += v[i];
  return s;
}

/** The histogram of (max - value): e.g. armies lost from armies left. */
function reverse(v: Float64Array): Float64Array {
  return Float64Array.from(v).reverse();
}

function normalize(v: Float64Array): Float64Array {
  const s = total(v);
  return s > 0 ? Float64Array.from(v, (x) => x / s) : v;
}
