/**
 * One battle from compiled plan to report: sample it (unless it is deterministic or
 * exact-only), solve it exactly when asked (or when that is the only answer), and
 * let the system summarize.
 */
import type { BattleReport, CompiledBattle, KernelName, RuleSystem } from './system.js';
import type { Executor } from './executor.js';
import { sampleBattle, type PrecisionOutcome } from './sample.js';
import { InputError } from './inputError.js';

export interface RunOptions {
  seed: string | number;
  trials: number;
  kernel: KernelName;
  /** Also solve exactly (systems that can) and report exact values beside the estimates. */
  exact: boolean;
  /** Skip sampling; report only the exact solution. */
  exactOnly?: boolean;
  precision?: number;
  cell?: number;
  signal?: AbortSignal;
  onProgress?: (trialsDone: number) => void;
}

export interface RunReport extends BattleReport {
  /** The validated battle entry that was fought (defaults filled in). */
  entry?: unknown;
  seed: string | number;
  kernel: KernelName | null;
  elapsedMs: number;
  /** Set when exact values were asked for but the system cannot solve this battle. */
  exactUnavailable?: string;
  /** With `--precision`: the target, the 95% half-width reached, and whether it was met. */
  precision?: PrecisionOutcome;
}

/** Why there is no exact column: the system's reason for this plan, else its scope. */
export function noExactReason(system: RuleSystem, battle: CompiledBattle<unknown>): string {
  const reason = system.cannotSolveReason?.(battle.plan);
  const why = reason ? `: ${reason}` : system.exactScope ? ` (it solves ${system.exactScope})` : '';
  return `${system.id} has no exact solution for '${battle.label}'${why}`;
}

export async function runBattle(
  system: RuleSystem,
  battle: CompiledBattle<unknown>,
  options: RunOptions,
  executor: Executor,
): Promise<RunReport> {
  const started = performance.now();
  const sampled = battle.tallySize > 0 && !options.exactOnly;
  const wantsExact = options.exact || options.exactOnly || !sampled;
  const exact = wantsExact && system.solve ? system.solve(battle.plan) : null;
  if (options.exactOnly && exact === null) {
    throw new InputError(
      '--exact-only',
      '',
      `${noExactReason(system, battle)}; run it without --exact-only to sample it`,
    );
  }
  let tally: Float64Array | null = null;
  let trials = 0;
  let partial = false;
  let precision: PrecisionOutcome | undefined;
  if (sampled) {
    const result = await sampleBattle(system, battle, options, executor);
    tally = result.tally;
    trials = result.trials;
    partial = result.partial;
    precision = result.precision;
  }
  const report = system.summarize({ battle, tally, trials, partial, exact });
  return {
    ...report,
    ...(battle.entry !== undefined ? { entry: battle.entry } : {}),
    seed: options.seed,
    kernel: sampled ? options.kernel : null,
    elapsedMs: performance.now() - started,
    ...(options.exact && exact === null && sampled ? { exactUnavailable: noExactReason(system, battle) } : {}),
    ...(precision ? { precision } : {}),
  };
}
