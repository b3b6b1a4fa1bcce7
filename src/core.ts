/**
 * battle-odds' pure core, for a browser, a Web Worker or any JavaScript runtime: the rule
 * systems, the engine (compile, kernels, tallies, statistics, exact solvers) and the
 * report shape. Imports nothing from Node; run chunks with `InProcessExecutor` or your own
 * `Executor` (e.g. a pool of Web Workers calling `runChunk`).
 */
// Each system's decisions merge into the report's `Decisions` (declaration merging): imported here so
// that a library user's compiler sees them too (`report.decisions?.needed` compiles under --strict).
import './core/systems/landgrab/decisions.js';
import './core/systems/kings-and-things/decisions.js';
import './core/systems/advanced-civilization/decisions.js';
import './core/systems/princes-and-queens/decisions.js';
export { SYSTEMS as systems, SYSTEM_MODULES as systemModules, findSystem } from './core/registry/systems.js';
export { runScenario, sampledTrials, type Overrides, type RunHooks, type Progress } from './core/run/runScenario.js';
export { compileEntry, type Battle } from './core/engine/validate/entry.js';
export { parseScenario, type Scenario } from './core/engine/validate/scenario.js';
export { runBattle, NoExactAnswer, type RunOptions } from './core/engine/answer/battle.js';
export type { Method } from './core/model/run.js';
export type { Question, Objective } from './core/model/question.js';
export { prepareQuestion, type Asking, type AskedBattle, type PreparedQuestion } from './core/ask/prepareQuestion.js';
export type { Refusal } from './core/form/entry.js';
export { runSweep } from './core/engine/sweep/sweep.js';
export { InProcessExecutor, type Executor } from './core/engine/sample/executor.js';
export { runChunk, type ChunkTask } from './core/engine/sample/task.js';
export { InputError } from './core/model/inputError.js';
export { assignStems } from './core/model/fileNames.js';
export type {
  RuleSystem,
  Compiled,
  Sampler,
  Solution,
  Unsolved,
  Description,
  ResultView,
  KernelName,
} from './core/model/contract.js';
export type * from './core/model/report.js';
export {
  SYSTEM_IDS,
  type SystemId,
  type SystemEntries,
  type EntryOf,
  type ScenarioOf,
  type ScenarioInput,
  type NumericPath,
  type SolveField,
} from './core/registry/entries.js';
