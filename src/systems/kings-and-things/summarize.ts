/**
 * Kings & Things tallies (and exact vectors in the same layouts) into reports.
 */
import type { BattleReport, Distribution, Metric, SummarizeInput } from '../../engine/system.js';
import {
  distribution,
  reportHeader,
  meanMetric,
  probabilityMetric,
  range,
  segment,
  total,
} from '../../engine/reportParts.js';
import {
  EXPLORE_OUTCOMES,
  MAX_DRAWN,
  OUTCOMES,
  ROUND_BINS,
  duelLayout,
  exploreLayout,
  fortLevelsOffsets,
  multiLayout,
  type DuelPlan,
  type ExplorePlan,
  type FortLevelsPlan,
  type KtPlan,
  type MultiPlan,
} from './plan.js';
import { FORT_NAMES } from './counters.js';
import { fortLevelsChart } from './chart.js';

type Input = SummarizeInput<KtPlan>;

export function summarizeKingsAndThings(input: Input): BattleReport {
  const plan = input.battle.plan;
  switch (plan.kind) {
    case 'battle':
      return summarizeDuel(input, plan);
    case 'fort-levels':
      return summarizeFortLevels(input, plan);
    case 'multi':
      return summarizeMulti(input, plan);
    case 'explore':
      return summarizeExplore(input, plan);
  }
}

function header(input: Input) {
  return reportHeader('kings-and-things', input);
}

const sum = (v: Float64Array | null, from = 0, to = v ? v.length : 0): number | null => {
  if (!v) return null;
  let s = 0;
  for (let i = from; i < to; i++) s += v[i];
  return s;
};

function add(x: Float64Array | null, y: Float64Array | null): Float64Array | null {
  if (!x || !y) return null;
  return Float64Array.from(x, (v, i) => v + y[i]);
}

function normalized(v: Float64Array | null): Float64Array | null {
  if (!v) return null;
  const s = total(v);
  return s > 0 ? Float64Array.from(v, (x) => x / s) : v;
}

/** A probability metric from a sum of tally bins (and of exact bins). */
function pMetric(
  key: string,
  label: string,
  input: Input,
  exact: Float64Array | null,
  from: number,
  to: number,
): Metric {
  return probabilityMetric(key, label, sum(input.tally, from, to), input.trials, sum(exact, from, to));
}

/** Metrics and distributions of one duel's bins starting at `offset` of the tally. */
function duelParts(input: Input, plan: DuelPlan, offset: number) {
  const L = duelLayout(plan);
  const exact = (input.exact as Float64Array | null) ?? null;
  const seg = (v: Float64Array | null, at: number, n: number) => segment(v, offset + at, n);
  const t = input.tally;
  const metrics: Metric[] = [
    pMetric('pCapture', 'P(attacker captures the hex)', input, exact, offset + L.outcome, offset + L.outcome + 2),
    pMetric(
      'pHold',
      'P(defender holds the hex)',
      input,
      exact,
      offset + L.outcome + 2,
      offset + L.outcome + OUTCOMES.length,
    ),
  ];
  const outcomeKeys = [
    'pCaptureEliminated',
    'pCaptureRetreated',
    'pHoldAttackerEliminated',
    'pHoldAttackerRetreated',
    'pHoldMutual',
    'pHoldRoundLimit',
  ];
  OUTCOMES.forEach((label, i) =>
    metrics.push(
      pMetric(outcomeKeys[i], `P(${label})`, input, exact, offset + L.outcome + i, offset + L.outcome + i + 1),
    ),
  );
  const rounds = seg(t, L.rounds, ROUND_BINS + 1);
  const exactRounds = seg(exact, L.rounds, ROUND_BINS + 1);
  const aCap = seg(t, L.attackerLeftCapture, L.nA + 1);
  const aHold = seg(t, L.attackerLeftHold, L.nA + 1);
  const eaCap = seg(exact, L.attackerLeftCapture, L.nA + 1);
  const eaHold = seg(exact, L.attackerLeftHold, L.nA + 1);
  const avCap = seg(t, L.attackerValueCapture, L.vA + 1);
  const avHold = seg(t, L.attackerValueHold, L.vA + 1);
  const eavCap = seg(exact, L.attackerValueCapture, L.vA + 1);
  const eavHold = seg(exact, L.attackerValueHold, L.vA + 1);
  const dLeft = seg(t, L.defenderLeft, L.nD + 1);
  const edLeft = seg(exact, L.defenderLeft, L.nD + 1);
  const dValue = seg(t, L.defenderValue, L.vD + 1);
  const edValue = seg(exact, L.defenderValue, L.vD + 1);
  const fortAll = add(seg(t, L.fortAfterCapture, 5), seg(t, L.fortAfterHold, 5));
  const efortAll = add(seg(exact, L.fortAfterCapture, 5), seg(exact, L.fortAfterHold, 5));
  const fortCap = seg(t, L.fortAfterCapture, 5);
  const efortCap = seg(exact, L.fortAfterCapture, 5);
  const specials = seg(t, L.specialsDestroyed, plan.specials + 1);
  const especials = seg(exact, L.specialsDestroyed, plan.specials + 1);
  const aAll = add(aCap, aHold);
  const eaAll = add(eaCap, eaHold);
  metrics.push(
    meanMetric('rounds', `Rounds fought (${ROUND_BINS} stands for ${ROUND_BINS} or more)`, rounds, exactRounds),
    meanMetric('attackerLeft', 'Attacking creatures left (retreated ones included)', aAll, eaAll),
    meanMetric('attackerLeftIfCapture', 'Attacking creatures left, given a capture', aCap, eaCap),
    meanMetric('attackerValueLeft', 'Attacking combat value left', add(avCap, avHold), add(eavCap, eavHold)),
    meanMetric('attackerValueLeftIfCapture', 'Attacking combat value left, given a capture', avCap, eavCap),
    meanMetric('defenderLeft', 'Defending creatures left (retreated ones included)', dLeft, edLeft),
    meanMetric('defenderValueLeft', 'Defending creatures combat value left', dValue, edValue),
  );
  if (plan.fortLevel > 0) {
    metrics.push(meanMetric('fortLevelAfter', 'Fort level after the post-battle roll (0 = gone)', fortAll, efortAll));
    for (let level = 0; level <= 4; level++) {
      // Citadels are never reduced; other forts are either unchanged or one level down.
      if (level > plan.fortLevel || level < (plan.fortLevel === 4 ? 4 : plan.fortLevel - 1)) continue;
      metrics.push(
        probabilityMetric(
          `pFort${FORT_NAMES[level]}`,
          `P(fort after the battle is ${level === 0 ? 'gone' : `a ${FORT_NAMES[level]}`})`,
          fortAll ? fortAll[level] : null,
          input.trials,
          efortAll ? efortAll[level] : null,
        ),
      );
    }
  }
  if (plan.specials > 0)
    metrics.push(
      meanMetric(
        'specialsDestroyed',
        'Cities, villages and income counters destroyed after the battle',
        specials,
        especials,
      ),
    );
  const distributions: Distribution[] = [
    distribution(
      {
        key: 'rounds',
        label: 'Rounds fought',
        xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
        series: 'battle',
        values: range(0, ROUND_BINS),
      },
      rounds,
      exactRounds,
    ),
    distribution(
      {
        key: 'attackerLeft',
        label: 'Attacking creatures left',
        xLabel: 'creatures and characters',
        series: 'attacker',
        values: range(0, L.nA),
      },
      aAll,
      eaAll,
    ),
    distribution(
      {
        key: 'attackerLeftIfCapture',
        label: 'Attacking creatures left, given a capture',
        xLabel: 'creatures and characters',
        series: 'attacker',
        values: range(0, L.nA),
      },
      aCap,
      normalized(eaCap),
    ),
    distribution(
      {
        key: 'defenderLeft',
        label: 'Defending creatures left',
        xLabel: 'creatures and characters',
        series: 'defender',
        values: range(0, L.nD),
      },
      dLeft,
      edLeft,
    ),
    distribution(
      {
        key: 'fortLevelAfter',
        label: 'Fort level after the battle and the post-battle roll',
        xLabel: 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)',
        series: 'defender',
        values: range(0, 4),
      },
      fortAll,
      efortAll,
    ),
  ];
  if (plan.specials > 0) {
    distributions.push(
      distribution(
        {
          key: 'specialsDestroyed',
          label: 'Cities, villages and income counters destroyed',
          xLabel: 'counters destroyed',
          series: 'defender',
          values: range(0, plan.specials),
        },
        specials,
        especials,
      ),
    );
  }
  const json: Record<string, unknown> = {
    pCapture: metrics[0].estimate,
    ci95: metrics[0].ci95 ?? null,
    pHold: metrics[1].estimate,
    attacker: plan.attacker.names,
    defender: plan.defender.names,
    fortLevel: plan.fortLevel,
    means: Object.fromEntries(metrics.filter((m) => m.kind === 'mean').map((m) => [m.key, m.estimate])),
    fortLevelAfter: {
      values: range(0, 4),
      probabilities: distributions[4].probabilities,
      ...(distributions[4].exact ? { exact: distributions[4].exact } : {}),
    },
  };
  if (exact) json.exact = { pCapture: metrics[0].exact, pHold: metrics[1].exact };
  return { metrics, distributions, json, fortCapture: fortCap, exactFortCapture: efortCap };
}

function summarizeDuel(input: Input, plan: DuelPlan): BattleReport {
  const { metrics, distributions, json } = duelParts(input, plan, 0);
  return { ...header(input), metrics, distributions, json };
}

function summarizeFortLevels(input: Input, plan: FortLevelsPlan): BattleReport {
  const { offsets } = fortLevelsOffsets(plan);
  const metrics: Metric[] = [];
  const distributions: Distribution[] = [];
  const rows: Array<Record<string, string | number | boolean | null>> = [];
  plan.levels.forEach((level, i) => {
    const name = FORT_NAMES[level];
    const parts = duelParts(input, plan.duels[i], offsets[i]);
    const p = parts.metrics[0];
    metrics.push({
      ...p,
      key: `pCapture_${name}`,
      label: `P(capture) against ${level === 0 ? 'no fort' : `a ${name}`}`,
    });
    const rounds = parts.metrics.find((m) => m.key === 'rounds') as Metric;
    metrics.push({
      ...rounds,
      key: `rounds_${name}`,
      label: `Rounds fought against ${level === 0 ? 'no fort' : `a ${name}`}`,
    });
    const left = parts.distributions[1];
    distributions.push({
      ...left,
      key: `attackerLeft_${name}`,
      label: `Attacking creatures left against ${level === 0 ? 'no fort' : `a ${name}`}`,
    });
    rows.push({
      fortLevel: level,
      fort: name,
      pCapture: p.estimate,
      ci95Low: p.ci95 ? p.ci95[0] : null,
      ci95High: p.ci95 ? p.ci95[1] : null,
      exact: p.exact ?? null,
    });
  });
  const json: Record<string, unknown> = {
    pCapture: metrics[0].estimate,
    ci95: metrics[0].ci95 ?? null,
    byFortLevel: rows,
    commonRandomNumbers: true,
  };
  return {
    ...header(input),
    metrics,
    distributions,
    json,
    tables: { byFortLevel: rows },
    charts: [{ name: 'capture-by-fort-level', spec: fortLevelsChart(input.battle.label, rows) }],
  };
}

function summarizeMulti(input: Input, plan: MultiPlan): BattleReport {
  const L = multiLayout(plan);
  const t = input.tally;
  const metrics: Metric[] = plan.names.map((name, i) =>
    probabilityMetric(
      `pHolds_${i}`,
      `P(${name}${i === 0 ? ' (defender)' : ''} ends holding the hex)`,
      t ? t[L.holder + i] : null,
      input.trials,
    ),
  );
  const rounds = segment(t, L.rounds, ROUND_BINS + 1);
  metrics.push(meanMetric('rounds', `Rounds fought (${ROUND_BINS} stands for ${ROUND_BINS} or more)`, rounds));
  const distributions: Distribution[] = [
    distribution(
      {
        key: 'rounds',
        label: 'Rounds fought',
        xLabel: `rounds (${ROUND_BINS} = ${ROUND_BINS} or more)`,
        series: 'battle',
        values: range(0, ROUND_BINS),
      },
      rounds,
    ),
  ];
  plan.sides.forEach((side, i) => {
    const left = segment(t, L.creaturesLeft[i], side.creatureCount + 1);
    metrics.push(meanMetric(`creaturesLeft_${i}`, `${plan.names[i]}: creatures left (retreated ones included)`, left));
    distributions.push(
      distribution(
        {
          key: `creaturesLeft_${i}`,
          label: `${plan.names[i]}: creatures left`,
          xLabel: 'creatures and characters',
          series: plan.names[i],
          values: range(0, side.creatureCount),
        },
        left,
      ),
    );
  });
  const fortAfter = segment(t, L.fortAfter, 5);
  if (plan.fortLevel > 0) {
    metrics.push(meanMetric('fortLevelAfter', 'Fort level after the post-battle roll (0 = gone)', fortAfter));
    distributions.push(
      distribution(
        {
          key: 'fortLevelAfter',
          label: 'Fort level after the battle',
          xLabel: 'fort level (0 none, 1 tower, 2 keep, 3 castle, 4 citadel)',
          series: 'defender',
          values: range(0, 4),
        },
        fortAfter,
      ),
    );
  }
  const json: Record<string, unknown> = {
    players: plan.names,
    pHolds: Object.fromEntries(
      plan.names.map((n, i) => [n, { estimate: metrics[i].estimate, ci95: metrics[i].ci95 ?? null }]),
    ),
  };
  return { ...header(input), metrics, distributions, json };
}

function summarizeExplore(input: Input, plan: ExplorePlan): BattleReport {
  const L = exploreLayout(plan);
  const exact = (input.exact as Float64Array | null) ?? null;
  const t = input.tally;
  const metrics: Metric[] = [
    pMetric('pExplore', 'P(explores the hex successfully)', input, exact, L.outcome, L.outcome + 2),
  ];
  const keys = ['pNoDefenders', 'pWonBattle', 'pExplorerEliminated', 'pExplorerRetreated'];
  EXPLORE_OUTCOMES.forEach((label, i) =>
    metrics.push(pMetric(keys[i], `P(${label})`, input, exact, L.outcome + i, L.outcome + i + 1)),
  );
  const left = segment(t, L.explorerLeft, L.nA + 1);
  const eLeft = segment(exact, L.explorerLeft, L.nA + 1);
  const rounds = segment(t, L.rounds, ROUND_BINS + 1);
  const eRounds = segment(exact, L.rounds, ROUND_BINS + 1);
  const drawn = segment(t, L.drawn, MAX_DRAWN + 1);
  const eDrawn = segment(exact, L.drawn, MAX_DRAWN + 1);
  const gold = segment(t, L.gold, Math.max(0, plan.bribeGold) + 1);
  const eGold = segment(exact, L.gold, Math.max(0, plan.bribeGold) + 1);
  metrics.push(
    meanMetric('explorerLeftIfExplored', 'Exploring creatures left, given success', left, eLeft),
    meanMetric('rounds', 'Rounds fought (0 when there is no battle)', rounds, eRounds),
    meanMetric('countersDrawn', 'Counters drawn from the cup', drawn, eDrawn),
  );
  if (plan.bribeGold >= 0) metrics.push(meanMetric('bribeGold', 'Gold spent on bribes', gold, eGold));
  const distributions: Distribution[] = [
    distribution(
      {
        key: 'explorerLeftIfExplored',
        label: 'Exploring creatures left, given success',
        xLabel: 'creatures and characters',
        series: 'attacker',
        values: range(0, L.nA),
      },
      left,
      normalized(eLeft),
    ),
    distribution(
      {
        key: 'countersDrawn',
        label: 'Counters drawn from the cup',
        xLabel: 'counters',
        series: 'defender',
        values: range(0, MAX_DRAWN),
      },
      drawn,
      eDrawn,
    ),
    distribution(
      { key: 'rounds', label: 'Rounds fought', xLabel: 'rounds', series: 'battle', values: range(0, ROUND_BINS) },
      rounds,
      eRounds,
    ),
  ];
  const json: Record<string, unknown> = {
    pExplore: metrics[0].estimate,
    ci95: metrics[0].ci95 ?? null,
    explorer: plan.explorer.names,
  };
  if (exact) json.exact = { pExplore: metrics[0].exact };
  return { ...header(input), metrics, distributions, json };
}
