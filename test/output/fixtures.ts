/**
 * Example chart requests of every kind, shaped like what the systems and the engine ask
 * for (KT fort levels, a LandGrab distribution and sweeps, an Advanced Civilization
 * matchup table, the Princes & Queens attack table). Shared by the tests and by
 * scripts/chart-gallery.ts.
 */
import type {
  BattleReport,
  ChartRequest,
  HeatmapChart,
  Metric,
  SweepCellReport,
  SweepReport,
} from '../../src/core/model/report.js';
import { distributionRequest, sweepRequests } from '../../src/output/charts/fromReport.js';

/** Every text field of a chart gets this: backslash, quotes, `${`, a newline, non-ASCII, 300+ characters. */
export const HOSTILE =
  `Ends in a backslash \\ 'single' "double" \${not.a.template} {{x}} datum.value + ' ) ; ` +
  `line\nbreak; Größe über Ωmega → ✓ ✗ 攻撃 ` +
  'x'.repeat(200) +
  ' \\';

const logistic = (z: number) => 1 / (1 + Math.exp(-z));

function wilson(p: number, n: number): [number, number] {
  const z = 1.96;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function fortLevels(): ChartRequest {
  const levels = ['0 none', '1 tower', '2 keep', '3 castle', '4 citadel'];
  const p = [0.991, 0.956, 0.879, 0.723, 0.483];
  return {
    kind: 'intervals',
    name: 'capture-by-fort-level',
    title: 'P(capture) by fort level: six creatures vs each fort level',
    subtitle: ['same attackers and random numbers for every level'],
    categoryTitle: 'Fort in the hex (level)',
    valueTitle: 'P(attacker captures the hex)',
    format: 'percent',
    domain: [0, 1],
    rows: levels.map((category, i) => {
      const [low, high] = wilson(p[i], 20000);
      return { category, value: p[i], low, high };
    }),
  };
}

export function threeCategories(): ChartRequest {
  return {
    kind: 'intervals',
    name: 'three',
    title: 'P(conquest) by house rule',
    categoryTitle: 'rule',
    valueTitle: 'P(attacker conquers)',
    format: 'percent',
    domain: [0, 1],
    rows: [
      { category: 'standard', value: 0.6559, exact: 0.6559 },
      { category: 'ties win', value: 0.7421, exact: 0.7421 },
      { category: '3 dice', value: 0.5312, exact: 0.5312 },
    ],
  };
}

export function outcomes(): ChartRequest {
  const names = [
    'attacker alone in the area',
    'both stay (attacker controls)',
    'both stay (defender controls)',
    'defender alone in the area',
    'city stands, attacker reduced',
    'city falls, attacker keeps it',
    'area empty',
  ];
  const p = [0.31, 0.22, 0.12, 0.18, 0.07, 0.06, 0.04];
  return {
    kind: 'intervals',
    name: 'outcomes',
    title: '6 with Engineering against a fort, defender 2-8: outcomes',
    subtitle: ['Monte Carlo, 20,000 trials'],
    categoryTitle: 'outcome',
    valueTitle: 'probability',
    format: 'percent',
    domain: [0, 1],
    rows: names.map((category, i) => {
      const [low, high] = wilson(p[i], 20000);
      return { category, value: p[i], low, high, exact: p[i] * 1.01 };
    }),
  };
}

function distributionOf(values: number[], weight: (v: number) => number): number[] {
  const raw = values.map(weight);
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

export function battleReport(method: 'exact' | 'monte-carlo' = 'monte-carlo'): BattleReport {
  const attackerValues = Array.from({ length: 13 }, (_, i) => i);
  const defenderValues = Array.from({ length: 9 }, (_, i) => i);
  const attacker = distributionOf(attackerValues, (v) => (v === 1 ? 8 : Math.exp(-((v - 5) ** 2) / 12)));
  const defender = distributionOf(defenderValues, (v) => (v === 0 ? 9 : Math.exp(-((v - 3) ** 2) / 6)));
  const jitter = (ps: number[]) => (method === 'exact' ? ps : ps.map((p, i) => p * (1 + 0.03 * Math.sin(i * 7))));
  const turns = Array.from({ length: 30 }, (_, i) => i + 1);
  const turnP = distributionOf(turns, (v) => Math.exp(-v / 6));
  return {
    label: 'fortress',
    file: 'fortress',
    system: 'landgrab',
    type: 'battle',
    entry: {},
    method,
    headline: 'headline',
    verdict: [],
    verdictQuotes: [],
    notes: [],
    seed: 'fortress-assault',
    trials: method === 'exact' ? 0 : 20000,
    kernel: null,
    partial: false,
    elapsedMs: 10,
    metrics: [],
    tables: [],
    charts: [],
    distributions: [
      {
        key: 'attacker-left',
        label: 'Attacker armies left (in the attacking territory)',
        xLabel: 'armies left',
        series: 'attacker',
        values: attackerValues,
        counts: attackerValues.map(() => 0),
        probabilities: jitter(attacker),
        exact: attacker,
      },
      {
        key: 'defender-left',
        label: 'Defender armies left',
        xLabel: 'armies left',
        series: 'defender',
        values: defenderValues,
        counts: defenderValues.map(() => 0),
        probabilities: jitter(defender),
        exact: defender,
      },
      {
        key: 'rounds',
        label: 'Rounds fought, given a conquest',
        xLabel: 'rounds',
        series: 'Blue',
        given: 'given a conquest',
        values: turns,
        counts: turns.map(() => 0),
        probabilities: jitter(turnP),
      },
    ],
  };
}

function metric(p: number, trials: number, exact?: number): Metric {
  return {
    key: 'headline',
    label: 'P(attacker conquers)',
    kind: 'probability',
    estimate: p,
    ci95: wilson(p, trials),
    ...(exact !== undefined ? { exact } : {}),
  };
}

/** A sweep over the given axes; the headline of variant k is a logistic of attackers minus defenders. */
export function sweep(
  axes: SweepReport['axes'],
  variants: string[],
  options: { exact?: boolean; trials?: number } = {},
): SweepReport {
  const trials = options.trials ?? 20000;
  const positions: Array<Array<number | string | boolean>> = axes.reduce<Array<Array<number | string | boolean>>>(
    (acc, axis) => acc.flatMap((at) => axis.values.map((v) => [...at, v])),
    [[]],
  );
  const cells: SweepCellReport[] = positions.map((at, i) => {
    const a = typeof at[0] === 'number' ? at[0] : 6;
    const d = typeof at[1] === 'number' ? at[1] : 3;
    const fort = at[2] === true ? 1.2 : 0;
    const ps = variants.map((_, k) => logistic((a - 1.4 * d) / (2 + 0.5 * d) - fort - 0.5 * k));
    // A small sampling wobble, so some differences are not settled.
    const estimates = ps.map((p, k) => Math.min(1, Math.max(0, p + (k > 0 ? 0.004 * Math.sin(i * 3.7) : 0))));
    return {
      at,
      method: 'monte-carlo',
      trials,
      variants: variants.map((label, k) => ({
        label,
        metrics: [metric(estimates[k], trials, options.exact ? ps[k] : undefined)],
      })),
      differences: variants.slice(1).map((label, k) => {
        const difference = estimates[k + 1] - estimates[0];
        const half = 0.012;
        return {
          label,
          baseline: variants[0],
          difference,
          ci95: [difference - half, difference + half] as [number, number],
          ...(options.exact ? { exact: ps[k + 1] - ps[0] } : {}),
        };
      }),
    };
  });
  return {
    axes,
    variants,
    headline: { key: 'headline', label: 'P(attacker conquers)' },
    cells,
    thresholds: [],
    partial: false,
    elapsedMs: 1000,
  };
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

export function landgrabSweep(): SweepReport {
  return sweep(
    [
      { name: 'attackers', title: 'armies in the attacking territory', values: range(2, 30) },
      { name: 'defenders', title: 'defending armies', values: range(1, 20) },
      { name: 'fortress', title: 'fortress', values: [false, true] },
    ],
    ['baseline'],
    { exact: true },
  );
}

export function houseRulesSweep(): SweepReport {
  return sweep(
    [
      { name: 'attackers', title: 'armies in the attacking territory', values: range(4, 24, 2) },
      { name: 'defenders', title: 'defending armies', values: range(2, 12, 2) },
    ],
    ['fortress +1', 'fortress +2'],
  );
}

export function oneAxisSweep(): SweepReport {
  return sweep([{ name: 'attackers', title: 'attacking armies', values: range(2, 16) }], ['standard', 'Red rules'], {
    trials: 5000,
  });
}

export function comparisonSweep(): SweepReport {
  return sweep([], ['none', 'tower', 'keep', 'castle', 'citadel'], { trials: 20000 });
}

const OUTCOMES = [
  { value: 'attacker alone', colour: '#E69F00' },
  { value: 'both stay', colour: '#F0E442' },
  { value: 'city stands', colour: '#CC79A7' },
  { value: 'defender alone', colour: '#56B4E9' },
  { value: 'area empty', colour: '#DDDDDD' },
];

/** Advanced Civilization's matchup table: outcome categories with tokens left written in each cell. */
export function matchupTable(panels = 6): HeatmapChart {
  const engineering = ['neither', 'attacker', 'defender', 'both'];
  const rows = [
    'no fort, Metalworking: neither',
    'fort, Metalworking: neither',
    'no fort, Metalworking: attacker',
    'fort, Metalworking: attacker',
    'no fort, Metalworking: defender',
    'fort, Metalworking: defender',
  ].slice(0, panels);
  const attackers = range(1, 12);
  const defenders = range(8, 1, -1);
  const cells = rows.flatMap((row, r) =>
    engineering.flatMap((column, c) =>
      attackers.flatMap((a) =>
        defenders.map((d) => {
          const margin = a - d - (r % 2) - (c === 2 ? 1 : 0);
          const outcome = margin > 2 ? 'attacker alone' : margin >= -1 ? 'both stay' : 'defender alone';
          return { x: a, y: d, column, row, value: outcome, text: `${Math.max(0, margin)}/${Math.max(0, -margin)}` };
        }),
      ),
    ),
  );
  return {
    kind: 'heatmap',
    name: 'matchups',
    title: 'sweep limit 3: outcome by Engineering matchup (area limit 3)',
    subtitle: ['Colour: outcome. Text: attacker/defender tokens left'],
    x: { title: 'Attacker tokens (count)', values: attackers },
    y: { title: 'Defender tokens (count)', values: defenders },
    column: { title: 'Engineering held by', values: engineering },
    ...(rows.length > 1 ? { row: { title: '', values: rows } } : {}),
    colour: { scale: 'categories', title: 'Outcome', categories: OUTCOMES },
    cells: rows.length > 1 ? cells : cells.map(({ row: _row, ...c }) => c),
  };
}

/** Princes & Queens attack table: attack minus defence, diverging, with ✓/✗ and the margin in each cell. */
export function attackTable(): HeatmapChart {
  const defenders = [
    ...range(1, 6).map((d) => `Prince at ${d}`),
    ...range(1, 6).map((d) => `Prince at ${d} + City`),
    'Queen',
    'City',
    'Queen + City',
  ];
  const terrains = ['plain hex', 'mountain hex'];
  const princes = ['one Prince attacks', 'two Princes attack'];
  const cells = princes.flatMap((row, r) =>
    terrains.flatMap((column, t) =>
      range(1, 6).flatMap((distance) =>
        defenders.map((defender, i) => {
          const margin = (r === 0 ? 5 : 8) - distance - (i % 7) - (t === 1 ? 2 : 0) - (i >= 6 ? 3 : 0);
          return {
            x: distance,
            y: defender,
            column,
            row,
            value: margin,
            text: `${margin >= 0 ? '✓' : '✗'}${margin > 0 ? '+' : margin < 0 ? '−' : ''}${Math.abs(margin)}`,
          };
        }),
      ),
    ),
  );
  return {
    kind: 'heatmap',
    name: 'attacks',
    title: 'attack table: attack outcomes by distance and terrain',
    subtitle: [
      'Colour and number: attack value minus defence value (points).',
      '✓ the attack is possible and wins, ✗ not possible (equal values: attacker wins).',
    ],
    x: { title: 'Attacker: hexes to his Queen', values: range(1, 6) },
    y: { title: 'Defender (Prince: hexes to his Queen)', values: defenders },
    column: { title: '', values: terrains },
    row: { title: '', values: princes },
    colour: { scale: 'diverging', title: 'attack − defence', format: 'number', extent: 9 },
    cells,
  };
}

/** Lines in small multiples: tokens needed per panel. */
export function tokensNeeded(): ChartRequest {
  const engineering = ['neither', 'attacker', 'defender', 'both'];
  const series = ['to outnumber (control the area)', 'to clear (alone in the area)'];
  return {
    kind: 'lines',
    name: 'tokens-needed',
    title: 'Attacker tokens needed by Engineering matchup',
    subtitle: ['Fewest attacker tokens in the swept range'],
    x: { title: 'Defender tokens (count)', values: range(1, 8) },
    y: { title: 'Attacker tokens (count)', format: 'count' },
    column: { title: 'Engineering held by', values: engineering },
    series,
    points: engineering.flatMap((column, c) =>
      series.flatMap((s, k) => range(1, 8).map((d) => ({ x: d, series: s, y: d + 1 + k * 2 + (c % 2), column }))),
    ),
  };
}

/** One panel of lines with a target guide: the chance of conquest by armies. */
export function chanceByArmies(): ChartRequest {
  const armies = range(4, 27);
  return {
    kind: 'lines',
    name: 'armies-needed',
    title: 'Chance of taking the territory by armies',
    subtitle: ['exact; dashed line: the target 80%'],
    x: { title: 'armies in the attacking territory', values: armies },
    y: { title: 'P(conquest)', format: 'percent', domain: [0, 1] },
    series: ['P(conquest)'],
    points: armies.map((a) => ({ x: a, series: 'P(conquest)', y: 1 - Math.exp(-(a - 3) / 6) })),
    guide: { y: 0.8, label: 'target 80%' },
  };
}

/** One example of every kind and shape, by file name. */
export function gallery(): Array<[string, ChartRequest]> {
  const named = (prefix: string, requests: ChartRequest[]) =>
    requests.map((r): [string, ChartRequest] => [`${prefix}-${r.name}`, r]);
  const distribution = distributionRequest(battleReport());
  const exactOnly = distributionRequest(battleReport('exact'));
  return [
    ['intervals-fort-levels', fortLevels()],
    ['intervals-three', threeCategories()],
    ['intervals-outcomes', outcomes()],
    ...named('comparison', sweepRequests('kings-and-things-fort-sweep', comparisonSweep())),
    ...(distribution ? [['distribution', distribution] as [string, ChartRequest]] : []),
    ...(exactOnly ? [['distribution-exact', exactOnly] as [string, ChartRequest]] : []),
    ...named('landgrab', sweepRequests('landgrab-sweep', landgrabSweep())),
    ...named('house-rules', sweepRequests('landgrab-fortress-house-rules', houseRulesSweep())),
    ...named('one-axis', sweepRequests('landgrab-house-rules', oneAxisSweep())),
    ['matchups', matchupTable()],
    ['matchups-one-row', matchupTable(1)],
    ['attack-table', attackTable()],
    ['tokens-needed', tokensNeeded()],
    ['armies-needed', chanceByArmies()],
  ];
}

/** The same request with every piece of user text replaced by HOSTILE. */
export function hostile(request: ChartRequest): ChartRequest {
  const h = structuredClone(request);
  h.title = HOSTILE;
  h.subtitle = [HOSTILE];
  switch (h.kind) {
    case 'intervals':
      h.categoryTitle = HOSTILE;
      h.valueTitle = HOSTILE;
      h.rows = h.rows.map((r, i) => ({ ...r, category: `${HOSTILE}${i}` }));
      break;
    case 'distribution':
      h.panels = h.panels.map((p) => ({
        ...p,
        xTitle: HOSTILE,
        series: p.series.map((s, i) => ({ ...s, label: `${HOSTILE}${i}`, side: HOSTILE })),
      }));
      break;
    case 'heatmap': {
      const rename = (v: string | number) => `${HOSTILE}${v}`;
      h.x = { ...h.x, title: HOSTILE, values: h.x.values.map(rename) };
      h.y = { ...h.y, title: HOSTILE, values: h.y.values.map(rename) };
      if (h.column) h.column = { ...h.column, title: HOSTILE, values: h.column.values.map(rename) };
      if (h.row) h.row = { ...h.row, title: HOSTILE, values: h.row.values.map(rename) };
      h.colour = { ...h.colour, title: HOSTILE } as HeatmapChart['colour'];
      if (h.colour.scale === 'categories')
        h.colour.categories = h.colour.categories.map((c) => ({ ...c, value: `${HOSTILE}${c.value}` }));
      const categorical = h.colour.scale === 'categories';
      h.cells = h.cells.map((c) => ({
        ...c,
        ...(categorical ? { value: `${HOSTILE}${c.value}` } : {}),
        x: rename(c.x),
        y: rename(c.y),
        ...(c.column !== undefined ? { column: rename(c.column) } : {}),
        ...(c.row !== undefined ? { row: rename(c.row) } : {}),
        ...(c.text !== undefined ? { text: HOSTILE.slice(0, 12) } : {}),
      }));
      break;
    }
    case 'lines': {
      const rename = (v: string | number) => `${HOSTILE}${v}`;
      h.x = { ...h.x, title: HOSTILE, values: h.x.values.map(rename) };
      h.y = { ...h.y, title: HOSTILE };
      if (h.column) h.column = { ...h.column, title: HOSTILE, values: h.column.values.map(rename) };
      h.series = h.series.map((s) => `${HOSTILE}${s}`);
      if (h.guide) h.guide = { ...h.guide, label: HOSTILE };
      h.points = h.points.map((p) => ({
        ...p,
        x: rename(p.x),
        series: `${HOSTILE}${p.series}`,
        ...(p.column !== undefined ? { column: rename(p.column) } : {}),
      }));
      break;
    }
  }
  return h;
}
