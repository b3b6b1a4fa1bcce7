/**
 * Where a run's chunks run on this machine: in this process, or on a pool of worker threads
 * that starts with the first chunk. (Shards and the Redis fleet wrap or replace it:
 * src/session/shard.ts, src/session/queue.ts.)
 */
import type { Executor } from '../core/engine/sample/executor.js';
import { InProcessExecutor } from '../core/engine/sample/executor.js';
import { findSystem } from '../core/registry/systems.js';
import { signalSamplingStarted } from '../files/readyFile.js';
import { OnDemandPool } from '../threads/onDemandPool.js';
import { coreCount } from '../threads/cores.js';

/** Below this many sampled trials in a whole job, worker start-up costs more than it saves. */
const IN_PROCESS_BELOW = 300_000;

/** `threads` given: that many (0 = in-process); not given: all cores unless the job is small. */
export async function chooseExecutor(threads: number | undefined, sampledTrials: number): Promise<Executor> {
  const wanted = plannedThreads(threads, sampledTrials);
  if (wanted === 0) return new InProcessExecutor(findSystem);
  // The pool starts with the first chunk: an exact answer never pays for piscina or threads.
  return new OnDemandPool(wanted);
}

/** The worker threads chooseExecutor gives a job (0: in-process). */
export function plannedThreads(threads: number | undefined, sampledTrials: number): number {
  return threads ?? (sampledTrials < IN_PROCESS_BELOW ? 0 : coreCount());
}

/**
 * The readiness signal (src/files/readyFile.ts), given once sampling has started: a test or
 * a wrapper waiting on BATTLE_ODDS_READY_FILE then knows an interrupt finds the run going.
 */
export function readySignal(): () => void {
  return () => signalSamplingStarted();
}
