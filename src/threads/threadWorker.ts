/**
 * piscina worker: runs one chunk and sends its tally back as a copy.
 *
 * Never transferred (piscina's `move`): transferring detaches the tally's ArrayBuffer, and
 * the first detached buffer in a thread invalidates V8's array-buffer-detaching protector,
 * after which every typed-array access in that thread's optimised code checks for a detached
 * buffer. The kernels are typed-array loops: Advanced Civilization's ran ~35% slower in a
 * worker than in-process (bench: 1.17x on 2 threads instead of ~2x). A tally is a few KiB at
 * most; copying it costs microseconds per chunk.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { runChunk, type ChunkTask } from '../core/engine/sample/task.js';
import { findSystem } from '../core/registry/systems.js';
import { WORKER_LOADED } from './workerLoaded.js';

export default function runChunkInWorker(task: ChunkTask): Float64Array {
  const system = findSystem(task.systemId);
  if (!system) throw new Error(`unknown system ${task.systemId}`);
  return runChunk(system, task);
}

// Ending this thread is safe (see poolExecutor.ts) once piscina's require() of this module has returned, not while
// this body runs: Node then still wraps the module's exports (a facade for the default export), and a thread ended
// there aborts the whole process (SIGABRT: ModuleWrap::CreateRequiredModuleFacade's assertion). piscina requires it
// inside a promise job, so a microtask queued here runs once that job, require() and all, has returned. (Not
// setImmediate: the idle worker blocks in Atomics.wait, and its event loop would not turn until a task came.)
queueMicrotask(() => parentPort?.postMessage({ [WORKER_LOADED]: threadId }));
