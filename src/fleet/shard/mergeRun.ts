/**
 * Merging the checked parts of one run: the scenario (carried in the parts) runs through
 * the engine again on a ReplayExecutor, so the report is the one a single machine builds
 * from the same seed and trials; files written from it are byte for byte the same (but
 * for the timing fields of report.json and index.html, which describe the merge).
 */
import type { ScenarioReport } from '../../core/model/report.js';
import { InputError } from '../../core/model/inputError.js';
import { runScenario, type RunHooks } from '../../core/run/runScenario.js';
import { ReplayExecutor, type ReplayCheck } from './replayExecutor.js';
import type { CheckedRun } from './checkParts.js';
import type { ChunkId } from '../../core/engine/sample/task.js';
import { shardOf } from './assign.js';

export interface MergeOutcome {
  report: ScenarioReport;
  /** Chunks re-run here and found equal to their parts' records. */
  verified: number;
}

export async function mergeRun(
  checked: CheckedRun,
  version: string,
  hooks: RunHooks = {},
  check?: ReplayCheck,
): Promise<MergeOutcome> {
  const { first, records, scenario } = checked;
  const shards = first.part.shard.count;
  const battles = scenario.battles.length;
  const ownerOf = (id: ChunkId) => checked.parts[shardOf(id, battles, shards)]?.file ?? first.file;
  const replay = new ReplayExecutor(records, check, ownerOf);
  const report = await runScenario(scenario, first.part.overrides, replay, { version, file: scenario.file }, hooks);
  const unused = replay.unused();
  if (unused.length > 0) {
    const record = records.get(unused[0]);
    const more = unused.length > 1 ? ` (and ${unused.length - 1} more)` : '';
    throw new InputError(
      record?.file ?? first.file,
      record ? `tallies[${record.index}]` : 'tallies',
      `chunk ${unused[0]}${more} is not a chunk of this run`,
    );
  }
  return { report, verified: replay.verified };
}
