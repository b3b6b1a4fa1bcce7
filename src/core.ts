/**
 * battle-odds' pure core, for a browser, a Web Worker or any JavaScript runtime: the rule
 * systems, the engine (compile, kernels, tallies, statistics, exact solvers) and the
 * report shape. Imports nothing from Node; run chunks with `InProcessExecutor` or your own
 * `Executor` (e.g. a pool of Web Workers calling `runChunk`).
 */
export { SYSTEMS as systems, SYSTEM_MODULES as systemModules, findSystem } from './app/systems.js';
export { runScenario, sampledTrials, type Overrides, type RunHooks, type Progress } from './app/runScenario.js';
export { compileEntry, type Battle } from './engine/scenario/entry.js';
export { parseScenario, type Scenario } from './engine/scenario/scenario.js';
export { runBattle, NoExactAnswer, type Method, type RunOptions } from './engine/run/battle.js';
export { runSweep } from './engine/run/sweep.js';
export { InProcessExecutor, type Executor } from './engine/executor.js';
export { runChunk, type ChunkTask } from './engine/task.js';
export { InputError } from './engine/inputError.js';
export { assignStems } from './engine/fileNames.js';
export type {
  RuleSystem,
  Compiled,
  Sampler,
  Solution,
  Unsolved,
  Description,
  ResultView,
  KernelName,
} from './engine/contract.js';
export type * from './engine/report.js';
export {
  SYSTEM_IDS,
  type SystemId,
  type SystemEntries,
  type EntryOf,
  type ScenarioOf,
  type ScenarioInput,
} from './app/entries.js';
