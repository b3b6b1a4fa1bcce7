/**
 * Two rule sets compared (`battle-odds compare A B`): the same grid (or the same battles, by label)
 * under the rules of scenario A and of scenario B, cell by cell, B minus A in the headline. Exact
 * where both answers are exact; where sampled, both rule sets run in one sweep as two variants on
 * common random numbers (the same stream family per cell), so each difference has a paired interval
 * (two separately sampled runs, or two results folders, give the unpaired one, and say so). Each
 * sampled difference is tested (two-sided, from its interval) and the tests corrected for their number
 * (Holm's step-down, or Benjamini-Hochberg's false discovery rate: src/core/stats/), so "differs" is
 * said of a cell only when the correction allows it. What the comparison says in words is built from
 * its named values (compareWords.ts).
 */
import type { Scenario } from '../engine/validate/scenario.js';
import type { Battle } from '../engine/validate/entry.js';
import type { CompiledSweep, SweepAxis } from '../engine/validate/sweep.js';
import type { Executor } from '../engine/sample/executor.js';
import type { Metric, ScenarioReport, SweepAxisReport, SweepReport } from '../model/report.js';
import type { Sentence } from '../model/sentence.js';
import { InputError } from '../model/inputError.js';
import { runSweep } from '../engine/sweep/sweep.js';
import { holm } from '../stats/holm.js';
import { benjaminiHochberg } from '../stats/benjaminiHochberg.js';
import { twoSidedP } from '../stats/normal.js';
import { Z95 } from '../stats/wilson.js';
import type { Overrides } from './runScenario.js';

/** How many tests' errors the comparison keeps in bounds: Holm (any false "differs"), BH (their share). */
export const CORRECTIONS = ['holm', 'benjamini-hochberg'] as const;
export type Correction = (typeof CORRECTIONS)[number];
/** The level at which a sampled difference is said to differ (after the correction). */
export const LEVEL = 0.05;

/** One side's headline in a cell: the value shown (exact, else the estimate), its interval when sampled. */
export interface SideValue {
  value: number;
  ci95?: [number, number];
  exact?: number;
}

export interface ComparedCell {
  /** The cell's value on each axis (a battle's label for battles compared by label). */
  at: Array<number | string | boolean>;
  a: SideValue;
  b: SideValue;
  /** B minus A: exact where both are, else the estimates'. */
  difference: number;
  /** Its 95% interval (absent: exact): paired on common random numbers where `paired`. */
  ci95?: [number, number];
  paired: boolean;
  exact: boolean;
  /** Sampled: the two-sided p-value of "no difference", and after the correction. */
  p?: number;
  adjusted?: number;
  /** Exact: the values differ; sampled: the corrected p-value is at most LEVEL. */
  differs: boolean;
}

export interface CompareSide {
  name: string;
  file: string | null;
  description?: string;
  /** The variant of its sweep compared (its first), when it has several. */
  variant?: string;
}

export interface CompareReport {
  format: 'battle-odds-compare/1';
  a: CompareSide;
  b: CompareSide;
  system: string;
  /** The headline compared: A's. */
  headline: { key: string; label: string };
  /** The grid's axes (a comparison of battles has one, `battle`, by label). */
  axes: SweepAxisReport[];
  /** How the sides were answered: run here from scenario files, or read from two results folders. */
  from: 'scenarios' | 'folders';
  seed: string | number | null;
  trials: number;
  cells: ComparedCell[];
  /** Battles (by label) or cells only one side has: left out. */
  unmatched: string[];
  correction: { method: Correction; level: number; tested: number; differing: number };
  summary: CompareSummary;
  /** The summary in words: every number a quote of `summary.<field>`. */
  words: Sentence[];
  partial: boolean;
  startedAt: string;
  elapsedMs: number;
  version: string;
}

/** The named values the summary's words quote (compareWords.ts). */
export interface CompareSummary {
  metricLabel: string;
  aName: string;
  bName: string;
  cells: number;
  exactCells: number;
  sampledCells: number;
  /** Cells that differ (exact: at all; sampled: after the correction). */
  differing: number;
  /** Sampled cells within the sampling noise (not differing after the correction). */
  noise: number;
  /** Exact cells with equal values. */
  equal: number;
  /** B - A in percentage points: the lowest and highest over the cells; their sizes where all share a sign. */
  lowest: number;
  highest: number;
  smallestSize: number;
  largestSize: number;
  /** How B moves the headline: every difference above 0, below, both ways, or none. */
  direction: 'raises' | 'lowers' | 'moves' | 'keeps';
  /** Where the difference is largest along the first axis: its title and the values (a run of them). */
  most: { axis: string; from: string; to: string } | null;
  correction: Correction;
  level: number;
  tested: number;
}

/** Both rule sets on one grid, every cell's two battles on common random numbers (when their sizes allow). */
export async function compareScenarios(
  a: Scenario,
  b: Scenario,
  overrides: Overrides,
  executor: Executor,
  options: { correction: Correction; version: string; signal?: AbortSignal },
): Promise<Omit<CompareReport, 'summary' | 'words'>> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  if (a.system.id !== b.system.id)
    throw new InputError(
      b.file,
      'system',
      `'${b.system.id}' is not A's '${a.system.id}': only one system's rules compare`,
    );
  const grid = matchGrid(a, b);
  const run = {
    seed: overrides.seed ?? a.seed,
    trials: overrides.trials ?? a.trials,
    kernel: overrides.kernel ?? a.kernel,
    method: overrides.method ?? a.method,
    check: overrides.check ?? a.exact,
    question: {},
    signal: options.signal,
  };
  // One sweep, the two rule sets its variants: common random numbers where each cell's two battles
  // keep one size; otherwise each side on its own (the same seed), and the intervals unpaired.
  const together = grid.cells.every(([x, y]) => x.layout.size === y.layout.size);
  const sweepOf = (cells: Array<Battle[]>, variants: string[]): CompiledSweep => ({
    axes: grid.axes,
    variants,
    thresholds: [],
    cells: cells.map((battles, index) => ({ index, at: grid.at[index], battles })),
  });
  let reports: SweepReport[];
  if (together) reports = [await runSweep(a.system, sweepOf(grid.cells, ['A', 'B']), run, executor, b.file)];
  else {
    const one = await runSweep(
      a.system,
      sweepOf(
        grid.cells.map(([x]) => [x]),
        ['A'],
      ),
      run,
      executor,
      a.file,
    );
    const two = await runSweep(
      a.system,
      sweepOf(
        grid.cells.map(([, y]) => [y]),
        ['B'],
      ),
      run,
      executor,
      b.file,
    );
    reports = [one, two];
  }
  const cells = grid.at.map((at, i): Omit<ComparedCell, 'adjusted' | 'differs'> => {
    const [ca, cb] = together ? [reports[0].cells[i], reports[0].cells[i]] : [reports[0].cells[i], reports[1].cells[i]];
    const [sa, sb] = together ? [ca.variants[0], ca.variants[1]] : [ca.variants[0], cb.variants[0]];
    const paired = together ? ca.differences[0] : undefined;
    const sampledA = ca.method === 'monte-carlo';
    const sampledB = cb.method === 'monte-carlo';
    return pairOf(at, side(sa.metrics[0], sampledA), side(sb.metrics[0], sampledB), paired?.ci95);
  });
  const partial = reports.some((r) => r.partial);
  const headline = reports[0].headline;
  return {
    format: 'battle-odds-compare/1',
    a: sideOf(a),
    b: sideOf(b),
    system: a.system.id,
    headline,
    axes: grid.axes.map((x) => ({ name: x.name, title: x.title, values: x.values })),
    from: 'scenarios',
    seed: run.seed,
    trials: run.trials,
    ...corrected(cells, options.correction),
    unmatched: grid.unmatched,
    partial,
    startedAt,
    elapsedMs: performance.now() - started,
    version: options.version,
  };
}

function sideOf(s: Scenario): CompareSide {
  const variant = s.sweep && s.sweep.variants.length > 1 ? s.sweep.variants[0] : undefined;
  return {
    name: s.name,
    file: s.file,
    ...(s.description !== undefined ? { description: s.description } : {}),
    ...(variant !== undefined ? { variant } : {}),
  };
}

/**
 * A metric as one side's value: exact where the answer was (its exact value), else the estimate and its
 * interval (a sampled answer is compared on its estimate, never on the exact value beside it).
 */
export function side(m: Metric, sampled = m.ci95 !== undefined && m.exact === undefined): SideValue {
  if (!sampled && m.exact !== undefined) return { value: m.exact, exact: m.exact };
  return { value: m.estimate, ...(m.ci95 ? { ci95: m.ci95 } : {}) };
}

/**
 * One cell's difference: exact where both sides are, else the estimates' with the paired interval
 * (when given) or the unpaired one, and its two-sided p-value from that interval.
 */
export function pairOf(
  at: ComparedCell['at'],
  a: SideValue,
  b: SideValue,
  pairedCi?: [number, number],
): Omit<ComparedCell, 'adjusted' | 'differs'> {
  if (a.exact !== undefined && b.exact !== undefined)
    return { at, a, b, difference: b.exact - a.exact, paired: false, exact: true };
  const difference = b.value - a.value;
  const half = (ci?: [number, number]) => (ci ? (ci[1] - ci[0]) / 2 : 0);
  const h = pairedCi ? half(pairedCi) : Math.sqrt(half(a.ci95) ** 2 + half(b.ci95) ** 2);
  const ci95: [number, number] = pairedCi ?? [difference - h, difference + h];
  const se = h / Z95;
  const p = se > 0 ? twoSidedP(difference / se) : difference === 0 ? 1 : 0;
  return { at, a, b, difference, ci95, paired: pairedCi !== undefined, exact: false, p };
}

/** The sampled cells' tests corrected for their number; each cell's verdict: differs or not. */
export function corrected(
  cells: Array<Omit<ComparedCell, 'adjusted' | 'differs'>>,
  method: Correction,
): { cells: ComparedCell[]; correction: CompareReport['correction'] } {
  const tested = cells.filter((c) => c.p !== undefined);
  const adjust = method === 'holm' ? holm : benjaminiHochberg;
  const adjusted = adjust(tested.map((c) => c.p as number));
  const byCell = new Map(tested.map((c, i) => [c, adjusted[i]]));
  const out = cells.map((c): ComparedCell => {
    const q = byCell.get(c);
    return q === undefined ? { ...c, differs: c.difference !== 0 } : { ...c, adjusted: q, differs: q <= LEVEL };
  });
  return {
    cells: out,
    correction: {
      method,
      level: LEVEL,
      tested: tested.length,
      differing: out.filter((c) => c.p !== undefined && c.differs).length,
    },
  };
}

interface Grid {
  axes: SweepAxis[];
  at: Array<ComparedCell['at']>;
  cells: Array<[Battle, Battle]>;
  unmatched: string[];
}

/**
 * The cells both scenarios have: their sweeps' cells (the same axes and values, the first variant of
 * each), then their battles matched by label. Refused, naming B's file and field, when nothing matches.
 */
function matchGrid(a: Scenario, b: Scenario): Grid {
  if (a.sweep && b.sweep) {
    const same =
      a.sweep.axes.length === b.sweep.axes.length &&
      a.sweep.axes.every(
        (x, k) =>
          x.name === b.sweep!.axes[k].name && JSON.stringify(x.values) === JSON.stringify(b.sweep!.axes[k].values),
      );
    if (!same)
      throw new InputError(
        b.file,
        'sweep.axes',
        `its axes (${axesWords(b.sweep.axes)}) are not A's (${axesWords(a.sweep.axes)}): ` +
          'the grids must match cell by cell',
      );
    return {
      axes: a.sweep.axes,
      at: a.sweep.cells.map((c) => c.at),
      cells: a.sweep.cells.map((c, i) => [{ ...c.battles[0] }, { ...b.sweep!.cells[i].battles[0] }]),
      unmatched: [],
    };
  }
  const labels = new Map(b.battles.map((x, i) => [x.label, i]));
  const matched = a.battles.flatMap((x) => (labels.has(x.label) ? [x.label] : []));
  if (matched.length === 0)
    throw new InputError(
      b.file,
      a.sweep || b.sweep ? 'sweep' : 'battles',
      a.sweep || b.sweep
        ? 'only one of the two has a sweep, and no battle label is in both: nothing to compare'
        : 'no battle label is in both files: battles are compared by label',
    );
  const axis: SweepAxis = {
    name: 'battle',
    title: 'battle',
    values: matched,
    settings: matched.map(() => []),
  };
  const bByLabel = (label: string) => b.battles[labels.get(label) as number];
  return {
    axes: [axis],
    at: matched.map((label) => [label]),
    cells: matched.map((label) => [{ ...a.battles.find((x) => x.label === label)! }, { ...bByLabel(label) }]),
    unmatched: [
      ...a.battles.filter((x) => !labels.has(x.label)).map((x) => `A: ${x.label}`),
      ...b.battles.filter((x) => !a.battles.some((y) => y.label === x.label)).map((x) => `B: ${x.label}`),
    ],
  };
}

function axesWords(axes: SweepAxis[]): string {
  return axes.map((x) => `${x.name}: ${x.values.length} values`).join(', ') || 'none';
}

/**
 * Two results folders' reports compared (their report.json): the same cells or battles, each side's
 * headline as it was answered. Sampled differences are unpaired (two runs' estimates: their joint
 * counts are not in the files), and said to be.
 */
export function compareReports(
  a: { folder: string; report: ScenarioReport },
  b: { folder: string; report: ScenarioReport },
  options: { correction: Correction; version: string },
): Omit<CompareReport, 'summary' | 'words'> {
  const started = performance.now();
  const [ra, rb] = [a.report, b.report];
  const where = `${b.folder}/report.json`;
  if (ra.system !== rb.system)
    throw new InputError(where, 'system', `'${rb.system}' is not A's '${ra.system}': only one system's rules compare`);
  let axes: SweepAxisReport[];
  let cells: Array<Omit<ComparedCell, 'adjusted' | 'differs'>>;
  let unmatched: string[] = [];
  if (ra.sweep && rb.sweep) {
    const same =
      JSON.stringify(ra.sweep.axes.map((x) => [x.name, x.values])) ===
      JSON.stringify(rb.sweep.axes.map((x) => [x.name, x.values]));
    if (!same || ra.sweep.cells.length !== rb.sweep.cells.length)
      throw new InputError(where, 'sweep.axes', "its axes are not A's: the grids must match cell by cell");
    axes = ra.sweep.axes;
    cells = ra.sweep.cells.map((c, i) => {
      const other = rb.sweep!.cells[i];
      const sa = side(c.variants[0].metrics[0], c.method === 'monte-carlo');
      return pairOf(c.at, sa, side(other.variants[0].metrics[0], other.method === 'monte-carlo'));
    });
  } else {
    const labels = new Map(rb.battles.map((x) => [x.label, x]));
    const matched = ra.battles.filter((x) => labels.has(x.label));
    if (matched.length === 0)
      throw new InputError(where, 'battles', 'no battle label is in both reports: battles are compared by label');
    axes = [{ name: 'battle', title: 'battle', values: matched.map((x) => x.label) }];
    cells = matched.map((x) => {
      const y = labels.get(x.label)!;
      return pairOf([x.label], side(x.metrics[0], x.method !== 'exact'), side(y.metrics[0], y.method !== 'exact'));
    });
    unmatched = [
      ...ra.battles.filter((x) => !labels.has(x.label)).map((x) => `A: ${x.label}`),
      ...rb.battles.filter((x) => !ra.battles.some((y) => y.label === x.label)).map((x) => `B: ${x.label}`),
    ];
  }
  const sideOfReport = (r: ScenarioReport, folder: string): CompareSide => ({
    name: r.scenario,
    file: folder,
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.sweep && r.sweep.variants.length > 1 ? { variant: r.sweep.variants[0] } : {}),
  });
  const headline = ra.sweep?.headline ?? { key: ra.battles[0].metrics[0].key, label: ra.battles[0].metrics[0].label };
  return {
    format: 'battle-odds-compare/1',
    a: sideOfReport(ra, a.folder),
    b: sideOfReport(rb, b.folder),
    system: ra.system,
    headline,
    axes,
    from: 'folders',
    seed: ra.seed === rb.seed ? ra.seed : null,
    trials: Math.max(...[...ra.battles, ...rb.battles].map((x) => x.trials), ra.sweep?.cells[0]?.trials ?? 0),
    ...corrected(cells, options.correction),
    unmatched,
    partial: ra.partial || rb.partial,
    startedAt: new Date().toISOString(),
    elapsedMs: performance.now() - started,
    version: options.version,
  };
}
