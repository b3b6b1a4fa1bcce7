/**
 * Merging the checked parts of one run: the scenario (carried in the parts) runs through
 * the engine again on a ReplayExecutor, so the report is the one a single machine builds
 * from the same seed and trials; files written from it are byte for byte the same (but
 * for the timing fields of report.json and index.html, which describe the merge).
 */
import type { ScenarioReport } from '../../engine/report.js';
import { InputError } from '../../engine/inputError.js';
import { parseScenario } from '../../engine/scenario/scenario.js';
import { runScenario, type RunHooks } from '../../app/runScenario.js';
import { SYSTEMS } from '../../app/systems.js';
import { ReplayExecutor } from './replayExecutor.js';
import type { CheckedRun } from './checkParts.js';

export async function mergeRun(checked: CheckedRun, version: string, hooks: RunHooks = {}): Promise<ScenarioReport> {
  const { first, records } = checked;
  const { scenario: recorded, overrides } = first.part;
  const scenario = parseScenario(recorded.document, recorded.file, SYSTEMS);
  const replay = new ReplayExecutor(records);
  const report = await runScenario(scenario, overrides, replay, { version, file: scenario.file }, hooks);
  const unused = replay.unused();
  if (unused.length > 0) {
    throw new InputError(
      first.file,
      'tallies',
      `chunk ${unused[0]} (and ${unused.length - 1} more) is not of this run`,
    );
  }
  return report;
}
