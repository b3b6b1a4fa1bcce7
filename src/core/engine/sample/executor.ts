/**
 * Where chunks run. The engine only knows this interface and the in-process executor;
 * a pool of worker threads (src/threads/poolExecutor.ts) or a browser's Web Workers are
 * adapters. Every executor gives the same tallies for the same tasks; only the wall-clock
 * time differs.
 */
import type { RuleSystem } from '../../model/contract.js';
import { ChunkAbortedError } from './abort.js';
import { startChunk, type ChunkTask } from './task.js';

export interface Executor {
  /** Worker threads behind it (0: runs in the calling thread); on a worker fleet, the chunks it keeps in flight. */
  readonly threads: number;
  /** Set when the chunks run on other machines (a worker fleet). */
  readonly fleet?: boolean;
  /**
   * Runs one chunk. When `signal` aborts, the executor may drop the chunk (rejecting with
   * an AbortError) instead of finishing it, so an interrupt stops within a chunk.
   */
  run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array>;
  close(): Promise<void>;
  /**
   * True for an executor that answers with placeholder tallies (a shard walking the whole
   * run, whose report is thrown away): the engine does not check them (tally/check.ts).
   */
  readonly placeholders?: boolean;
  /**
   * A tally this executor returned cannot be its task's (tally/check.ts says why): the error
   * that stops the run, naming where the tally came from (a part file, a fleet worker).
   * Absent: the tally was computed here, and an impossible one is a bug.
   */
  refuse?(task: ChunkTask, problem: string): Error;
  /**
   * Called once every chunk of a run is in, before its report is built: an executor whose
   * tallies came from elsewhere re-runs its sample of them here and throws when one differs.
   */
  verify?(signal?: AbortSignal): Promise<void>;
}

/** Finds the rule system a task names (the composition root supplies it). */
export type SystemLookup = (id: string) => RuleSystem | undefined;

/** How long one slice of an in-process chunk runs between looks at the event loop. */
export const SLICE_MS = 20;

/**
 * Runs chunks one after another in the calling thread (`--threads 0`), each in slices of
 * about SLICE_MS on the chunk's one stream (the same tally as a worker running it whole):
 * between slices it yields to the event loop, so an interrupt, a second Ctrl-C and progress
 * are seen within a slice however long a chunk or a battle is, and an aborted chunk stops there.
 */
export class InProcessExecutor implements Executor {
  readonly threads = 0;
  constructor(
    private readonly lookup: SystemLookup,
    private readonly sliceMs = SLICE_MS,
  ) {}
  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    const system = this.lookup(task.systemId);
    if (!system) throw new Error(`unknown system ${task.systemId}`);
    const chunk = startChunk(system, task);
    // Trials per slice, adapted to the time a trial takes (one trial at first: a battle may be huge).
    let slice = 1;
    do {
      await yieldToEventLoop();
      if (signal?.aborted) throw new ChunkAbortedError(signal.reason);
      const started = performance.now();
      chunk.run(slice);
      const elapsed = performance.now() - started;
      // Aim at sliceMs; grow at most 4-fold a step (the first trials run before the code is optimised).
      slice = Math.max(1, Math.min(slice * 4, Math.floor((slice * this.sliceMs) / Math.max(elapsed, 0.01))));
    } while (chunk.left > 0);
    return chunk.tally;
  }
  async close(): Promise<void> {}
}

/**
 * A yield for loops of synchronous steps (exact battles, exact sweep cells, writing files):
 * `await pace()` lets the event loop run once SLICE_MS has passed since the last time, so a
 * Ctrl-C (and a second one) is seen within a slice however many steps there are, at no cost
 * to a step that is quick. Only when, never what, depends on the clock.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await yieldToEventLoop();
    last = performance.now();
  };
}

/**
 * Lets the event loop run (signals, timers, I/O). setImmediate runs after the poll phase,
 * where signals arrive; a browser has no setImmediate, and a MessageChannel message is not
 * clamped to 4 ms like a nested setTimeout.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else if (typeof MessageChannel === 'function') {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else setTimeout(resolve, 0);
  });
}
