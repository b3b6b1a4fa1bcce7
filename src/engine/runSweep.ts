/**
 * Runs every cell of a sweep through the executor. Cell i samples on its own stream
 * family (i long jumps from the seed); the variants of a cell share that family trial
 * by trial (common random numbers), so their differences come with paired intervals.
 * With `exactOnly`, or for unsampled (deterministic) battles, cells are solved instead.
 */
import type { KernelName, Metric, RuleSystem } from './system.js';
import type { Executor } from './executor.js';
import type { CompiledSweep } from './sweep.js';
import { sampleBattle } from './sample.js';
import { cellBaseStates } from './random/seed.js';
import { pairedDifference } from '../stats/pairedDifference.js';
import { InputError } from './inputError.js';
import { noExactReason } from './runBattle.js';

export interface SweepOptions {
  seed: string | number;
  trials: number;
  kernel: KernelName;
  exact: boolean;
  exactOnly?: boolean;
  signal?: AbortSignal;
  onProgress?: (cellsDone: number) => void;
}

export interface VariantResult {
  label: string;
  /** The system's headline metric (its first): estimate, interval and exact value. */
  headline: Metric;
}

export interface DifferenceResult {
  label: string;
  baseline: string;
  difference: number;
  /** Paired interval (common random numbers). */
  ci95?: [number, number];
  /** What two independent runs would have given. */
  unpairedCi95?: [number, number];
  exact?: number;
}

export interface SweepCellResult {
  at: Record<string, number | string | boolean>;
  method: 'monte-carlo' | 'exact';
  trials: number;
  variants: VariantResult[];
  differences: DifferenceResult[];
}

export interface SweepResult {
  axes: CompiledSweep['axes'];
  titles?: Record<string, string>;
  variants: string[];
  headlineLabel: string;
  cells: SweepCellResult[];
  partial: boolean;
  elapsedMs: number;
}

export async function runSweep(
  system: RuleSystem,
  sweep: CompiledSweep,
  options: SweepOptions,
  executor: Executor,
  source = 'sweep',
): Promise<SweepResult> {
  const started = performance.now();
  const bases = cellBaseStates(options.seed, sweep.cells.length);
  const results: SweepCellResult[] = new Array(sweep.cells.length);
  let next = 0;
  let done = 0;
  let partial = false;

  const runCell = async (i: number): Promise<SweepCellResult> => {
    const cell = sweep.cells[i];
    const [baseline] = cell.battles;
    const sampled = baseline.tallySize > 0 && !options.exactOnly;
    const exacts = cell.battles.map((b) =>
      (options.exact || options.exactOnly || !sampled) && system.solve ? system.solve(b.plan) : null,
    );
    const unsolved = options.exactOnly ? exacts.indexOf(null) : -1;
    if (unsolved >= 0) {
      throw new InputError(
        '--exact-only',
        '',
        `${noExactReason(system, cell.battles[unsolved])}; run the sweep without --exact-only to sample it`,
      );
    }
    if (!sampled) {
      const variants = cell.battles.map((b, v) => ({
        label: sweep.variants[v],
        headline: system.summarize({ battle: b, tally: null, trials: 0, partial: false, exact: exacts[v] }).metrics[0],
      }));
      const differences = variants.slice(1).map((v) => {
        const exactDiff = exactValue(v.headline) - exactValue(variants[0].headline);
        return { label: v.label, baseline: variants[0].label, difference: exactDiff, exact: exactDiff };
      });
      return { at: cell.at, method: 'exact', trials: 0, variants, differences };
    }
    if (cell.battles.some((b) => b.tallySize !== baseline.tallySize)) {
      throw new InputError(
        source,
        'sweep.variants',
        'variants must not change the size of the battle (army counts, counters); put those on an axis instead',
      );
    }
    const paired =
      cell.battles.length > 1
        ? cell.battles.map((b) => (system.lockstep ? system.lockstep(b.plan) : b.plan))
        : undefined;
    const sample = await sampleBattle(
      system,
      baseline,
      {
        seed: options.seed,
        trials: options.trials,
        kernel: options.kernel,
        streamBase: bases[i],
        signal: options.signal,
      },
      executor,
      paired,
    );
    if (sample.partial) partial = true;
    const size = baseline.tallySize;
    const variants = cell.battles.map((b, v) => {
      const tally = paired ? sample.tally.subarray(v * size, (v + 1) * size) : sample.tally;
      const report = system.summarize({
        battle: b,
        tally,
        trials: sample.trials,
        partial: sample.partial,
        exact: exacts[v],
      });
      return { label: sweep.variants[v], headline: report.metrics[0] };
    });
    const joint = cell.battles.length * size;
    const differences = variants.slice(1).map((v, k) => {
      const j = sample.tally.subarray(joint + 4 * k, joint + 4 * k + 4);
      const d = pairedDifference({ both: j[0], onlyA: j[1], onlyB: j[2], neither: j[3] });
      const exact =
        v.headline.exact !== undefined && variants[0].headline.exact !== undefined
          ? v.headline.exact - variants[0].headline.exact
          : undefined;
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
  const lane = async () => {
    while (next < sweep.cells.length) {
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
  const finished = results.filter((r) => r !== undefined);
  const headlineLabel = finished[0]?.variants[0]?.headline.label ?? 'headline';
  return {
    axes: sweep.axes,
    titles: sweep.titles,
    variants: sweep.variants,
    headlineLabel,
    cells: finished,
    partial,
    elapsedMs: performance.now() - started,
  };
}

function exactValue(m: Metric): number {
  return m.exact ?? m.estimate;
}
