/**
 * One run session: the Node resources a run holds while it runs, opened together and
 * released together. The executor its chunks run on (chosen by the caller: in-process, the
 * thread pool, a shard's or the Redis fleet's), the interrupt it answers (the first Ctrl-C
 * stops it gracefully, src/session/interrupt.ts), and its progress bar on a terminal.
 * The question commands, `run`, a shard and a fleet worker all run inside one.
 */
import type { Executor } from '../core/engine/sample/executor.js';
import { NO_PROGRESS, type Progress } from '../core/run/runScenario.js';
import { interruptSignal } from './interrupt.js';
import { createProgress } from './progress.js';
import type { OutputStream } from './streams.js';

export interface SessionSetup {
  /** Where the chunks run; the session closes it. */
  executor: Executor;
  /**
   * The progress bar's stream, and whether to draw it (default: when that stream is a terminal);
   * or a bar made by the caller (a whole run's, with its time left).
   */
  progress?: { stream: OutputStream; show?: boolean } | { bar: Progress };
}

export class RunSession {
  private constructor(
    readonly executor: Executor,
    private readonly interrupt: { signal: AbortSignal; dispose(): void },
    readonly progress: Progress,
  ) {}

  /** Holds the interrupt from now on and starts the progress bar's place. */
  static open(setup: SessionSetup): RunSession {
    const interrupt = interruptSignal();
    const { progress } = setup;
    const bar = !progress
      ? NO_PROGRESS
      : 'bar' in progress
        ? progress.bar
        : createProgress(progress.stream, progress.show ?? Boolean(progress.stream.isTTY));
    return new RunSession(setup.executor, interrupt, bar);
  }

  /** Aborted by the first Ctrl-C (or SIGTERM) while the session is open. */
  get signal(): AbortSignal {
    return this.interrupt.signal;
  }

  /** Stops the bar, lets the next signal quit at once, and closes the executor (ends its threads or connection). */
  async close(): Promise<void> {
    this.progress.stop();
    this.interrupt.dispose();
    await this.executor.close();
  }
}
