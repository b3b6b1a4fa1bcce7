/**
 * One shard of a scenario run (`battle-odds run scenario.json --shard i/N`): the engine
 * walks the whole scenario through a ShardExecutor, which runs this shard's chunks on the
 * given executor; the result is a tally part for `battle-odds merge`.
 */
import type { Executor } from '../../core/engine/sample/executor.js';
import type { Scenario } from '../../core/engine/validate/scenario.js';
import { InputError } from '../../core/model/inputError.js';
import { runScenario, type Overrides } from '../../core/run/runScenario.js';
import { ShardExecutor } from './shardExecutor.js';
import type { ShardSpec } from './assign.js';
import { scenarioHash, TALLY_FORMAT, type TallyPart } from './tallyFile.js';

export interface ShardJob {
  scenario: Scenario;
  /** The scenario file's JSON, as read: the part carries it to the merge. */
  document: unknown;
  overrides: Overrides;
  spec: ShardSpec;
  version: string;
}

export interface ShardHooks {
  signal?: AbortSignal;
  /** Called once the run is walked: this shard's chunks and trials. */
  onPlanned?(chunks: number, trials: number): void;
  /** Trials of this shard's chunks done so far. */
  onProgress?(trialsDone: number): void;
}

/** Runs one shard; null when interrupted (a partial shard is never written: merge needs every chunk). */
export async function runShard(job: ShardJob, executor: Executor, hooks: ShardHooks = {}): Promise<TallyPart | null> {
  const { scenario, overrides, spec } = job;
  if (overrides.precision !== undefined) {
    throw new InputError(
      '--shard',
      '',
      'cannot be combined with --precision: where to stop depends on every chunk before it; give --trials instead',
    );
  }
  const started = performance.now();
  const startedAt = new Date().toISOString();
  let trialsDone = 0;
  const shard = new ShardExecutor(
    spec,
    scenario.battles.length,
    executor,
    (trials) => hooks.onProgress?.((trialsDone += trials)),
    hooks.signal,
  );
  await runScenario(
    scenario,
    overrides,
    shard,
    { version: job.version, file: scenario.file },
    { signal: hooks.signal },
  );
  hooks.onPlanned?.(shard.owned, shard.ownedTrials);
  const tallies = await shard.drain();
  if (hooks.signal?.aborted) return null;
  return {
    format: TALLY_FORMAT,
    version: job.version,
    scenario: { name: scenario.name, file: scenario.file, hash: scenarioHash(job.document), document: job.document },
    overrides: definedOnly(overrides),
    seed: overrides.seed ?? scenario.seed,
    trials: overrides.trials ?? scenario.trials,
    shard: { index: spec.index, count: spec.count },
    chunks: { total: shard.total, shard: shard.owned },
    run: { startedAt, elapsedMs: performance.now() - started, threads: executor.threads },
    tallies,
  };
}

/** The overrides without undefined fields or an empty question (so equal runs record equal overrides). */
function definedOnly(overrides: Overrides): TallyPart['overrides'] {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (key === 'question' && Object.keys(value as object).length === 0) continue;
    out[key] = value;
  }
  return out as TallyPart['overrides'];
}
