/**
 * Runs every cell of a sweep through the executor. Cell i samples on its own stream
 * family (i long jumps from the seed); the variants of a cell share that family trial by
 * trial (common random numbers), so their differences come with paired intervals. Cells
 * the method answers exactly (or that have nothing random) are solved instead.
 */
import type { RuleSystem, Solution } from '../../model/contract.js';
import { pacer, type Executor } from '../sample/executor.js';
import type { Metric, SweepCellReport, SweepDifference, SweepReport } from '../../model/report.js';
import type { CompiledSweep, SweepCell } from '../validate/sweep.js';
import { sampleBattle } from '../sample/sample.js';
import { pairedDifference } from '../../stats/pairedDifference.js';
import { InputError } from '../../model/inputError.js';
import { describeBattle, planAnswer, type RunOptions } from '../answer/battle.js';
import { thresholdRows } from './thresholds.js';
import { NotMonotone, solveBattleFor, SolveInterrupted } from '../solve/solveFor.js';
import type { SolvedCell, SolvedForDecision } from '../../model/report.js';

export type SweepOptions = Omit<RunOptions, 'precision'> & { onProgress?: (cellsDone: number) => void };

export async function runSweep(
  system: RuleSystem,
  sweep: CompiledSweep,
  options: SweepOptions,
  executor: Executor,
  source = 'sweep',
): Promise<SweepReport> {
  const started = performance.now();
  const { cellBaseStates } = await import('../../random/seed.js');
  const bases = cellBaseStates(options.seed, sweep.cells.length);
  const results: SweepCellReport[] = new Array(sweep.cells.length);
  let next = 0;
  let done = 0;
  let partial = false;

  const runCell = async (i: number): Promise<SweepCellReport> => {
    const cell = sweep.cells[i];
    const answers = cell.battles.map((b) => planAnswer(system, b, options.method, options.check));
    const sampled = answers.some((a) => a.sampled);
    const exacts = answers.map((a) => a.exact);
    if (!sampled) return exactCell(system, cell, exacts, sweep.variants);
    const [baseline] = cell.battles;
    if (cell.battles.some((b) => b.layout.size !== baseline.layout.size)) {
      throw new InputError(
        source,
        'sweep.variants',
        'variants must not change the size of the battle (army counts, counters); put those on an axis instead',
      );
    }
    const sample = await sampleBattle(
      system,
      cell.battles.map((b) => ({
        ...b,
        plan: cell.battles.length > 1 && system.sampler?.lockstep ? system.sampler.lockstep(b.plan) : b.plan,
      })),
      {
        seed: options.seed,
        trials: options.trials,
        kernel: options.kernel,
        streamBase: bases[i],
        unit: `cell ${i}`,
        signal: options.signal,
        onStarted: options.onStarted,
      },
      executor,
    );
    if (sample.partial) partial = true;
    const size = baseline.layout.size;
    const variants = cell.battles.map((b, v) => {
      const tally = sample.tally.subarray(v * size, (v + 1) * size);
      return { label: sweep.variants[v], metrics: cellMetrics(system, b, tally, sample.trials, exacts[v]) };
    });
    const joint = cell.battles.length * size;
    const differences = variants.slice(1).map((v, k): SweepDifference => {
      const j = sample.tally.subarray(joint + 4 * k, joint + 4 * k + 4);
      const d = pairedDifference({ both: j[0], onlyA: j[1], onlyB: j[2], neither: j[3] });
      const exact = exactDifference(variants[0].metrics[0], v.metrics[0]);
      return {
        label: v.label,
        baseline: variants[0].label,
        difference: d.difference,
        ci95: d.ci95,
        unpairedCi95: d.unpairedCi95,
        ...(exact !== undefined ? { exact } : {}),
      };
    });
    return { at: cell.at, method: 'monte-carlo', trials: sample.trials, variants, differences };
  };

  // Enough cells in flight to keep every thread busy; results land in their own slot,
  // so the order of completion never matters.
  const lanes = Math.max(1, executor.threads * 3);
  const pace = pacer();
  const lane = async () => {
    while (next < sweep.cells.length) {
      await pace();
      // Another lane may have taken the last cell meanwhile.
      if (next >= sweep.cells.length) return;
      if (options.signal?.aborted) {
        partial = true;
        return;
      }
      const i = next++;
      results[i] = await runCell(i);
      options.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, sweep.cells.length) }, lane));
  let solved: SweepReport['solved'];
  if (sweep.solveFor && !partial) {
    const rows = await solveCells(system, sweep, options, executor, source);
    if (rows === null) partial = true;
    else solved = { ...sweep.solveFor, metric: sweep.cells[0].battles[0].headline, cells: rows };
  }
  const cells = results.filter((r) => r !== undefined);
  const first = sweep.cells[0].battles[0];
  const headlineLabel = cells[0]?.variants[0]?.metrics[0]?.label ?? first.headline;
  const axes = sweep.axes.map((a) => ({ name: a.name, title: a.title, values: a.values }));
  const partition = first.layout.parts.find((p) => p.kind === 'partition' && p.outcomes !== false);
  const eventLabel = (name: string) => first.layout.parts.find((p) => p.name === name && p.kind === 'event');
  // A category no cell reports cannot happen anywhere in the sweep (its layout does not report it): left out.
  const reported = (name: string) =>
    cells.length === 0 || cells.some((c) => c.variants.some((v) => v.metrics.some((m) => m.key === name)));
  const outcomeKeys = partition?.kind === 'partition' ? partition.events.filter(reported) : [];
  const outcomes =
    partition?.kind === 'partition'
      ? {
          label: partition.label,
          keys: outcomeKeys,
          labels: outcomeKeys.map((e) => (eventLabel(e) as { label: string }).label),
        }
      : undefined;
  return {
    axes,
    variants: sweep.variants,
    headline: { key: first.headline, label: headlineLabel },
    ...(outcomes ? { outcomes } : {}),
    ...(sweep.cellText ? { cellText: sweep.cellText } : {}),
    ...(sweep.cellTextSigned ? { cellTextSigned: true } : {}),
    cells,
    thresholds: partial ? [] : thresholdRows(axes, sweep.variants, cells, sweep.thresholds),
    ...(solved ? { solved } : {}),
    partial,
    elapsedMs: performance.now() - started,
  };
}

/** Every metric of a cell's variant but quantiles (the headline first). */
function cellMetrics(
  system: RuleSystem,
  battle: SweepCell['battles'][number],
  tally: Float64Array | null,
  trials: number,
  exact: Solution | null,
): Metric[] {
  return describeBattle(system, battle, tally, trials, exact).metrics.filter((m) => m.kind !== 'quantile');
}

function exactCell(
  system: RuleSystem,
  cell: SweepCell,
  exacts: Array<Solution | null>,
  labels: string[],
): SweepCellReport {
  const variants = cell.battles.map((b, v) => ({
    label: labels[v],
    metrics: cellMetrics(system, b, null, 0, exacts[v]),
  }));
  const differences = variants.slice(1).map((v): SweepDifference => {
    const d = (exactDifference(variants[0].metrics[0], v.metrics[0]) ?? NaN) as number;
    return { label: v.label, baseline: variants[0].label, difference: d, exact: d };
  });
  return { at: cell.at, method: 'exact', trials: 0, variants, differences };
}

function exactDifference(baseline: Metric, variant: Metric): number | undefined {
  return baseline.exact !== undefined && variant.exact !== undefined ? variant.exact - baseline.exact : undefined;
}

/** One cell's row of the solved grid: the value found (else the best, named), its edge, and the whole curve. */
function solvedCell(
  at: SolvedCell['at'],
  variant: string,
  d: SolvedForDecision,
  answer: SolvedCell['answer'],
): SolvedCell {
  const shown = d.value ?? d.best;
  const word = shown.word;
  return {
    at,
    variant,
    answer,
    direction: d.direction,
    turns: answer === 'not-monotone' || d.turns,
    value: answer === 'found' ? (d.value?.value ?? null) : null,
    ...(word !== undefined ? { word } : {}),
    probability: shown.probability,
    ...(shown.ci95 ? { ci95: shown.ci95 } : {}),
    best: answer === 'found' ? null : d.best.value,
    edge: answer === 'not-monotone' ? null : d.edge,
    curve: d.curve,
  };
}

/**
 * Every cell and variant solved for the sweep's field (engine/solve/): a cell where the headline
 * turns along the field is a row that says so, not a refusal of the whole sweep. Null when
 * interrupted.
 */
async function solveCells(
  system: RuleSystem,
  sweep: CompiledSweep,
  options: SweepOptions,
  executor: Executor,
  source: string,
): Promise<SolvedCell[] | null> {
  const spec = sweep.solveFor!;
  const rows: SolvedCell[] = [];
  const pace = pacer();
  for (const cell of sweep.cells) {
    for (const [v, battle] of cell.battles.entries()) {
      await pace();
      if (options.signal?.aborted) return null;
      const variant = sweep.variants[v];
      try {
        const { decision } = await solveBattleFor(system, battle, { ...spec, withinCell: true }, options, executor, {
          source,
          field: 'sweep.solveFor.field',
          rangeField: 'sweep.solveFor.range',
        });
        rows.push(solvedCell(cell.at, variant, decision, decision.answer));
      } catch (error) {
        if (error instanceof SolveInterrupted) return null;
        if (!(error instanceof NotMonotone)) throw error;
        // The curve turns and some value reaches the target: no single value answers it; its curve is kept.
        rows.push(solvedCell(cell.at, variant, error.decision, 'not-monotone'));
      }
    }
  }
  return rows;
}
