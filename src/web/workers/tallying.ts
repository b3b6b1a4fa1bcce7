/**
 * An Executor wrapper that also adds each finished chunk into a running tally, so the page
 * can show estimates and intervals tightening while the run goes on. The run's own result
 * (from `runBattle`) is still the engine's: this is a view of the chunks done so far.
 */
import type { Executor } from '../../core/engine/sample/executor.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';

export class TallyingExecutor implements Executor {
  readonly tally: Float64Array;
  trials = 0;
  constructor(
    private readonly inner: Executor,
    size: number,
    private readonly onChunk: () => void,
  ) {
    this.tally = new Float64Array(size);
  }
  get threads(): number {
    return this.inner.threads;
  }
  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    const part = await this.inner.run(task, signal);
    if (!signal?.aborted && part.length === this.tally.length) {
      for (let i = 0; i < part.length; i++) this.tally[i] += part[i];
      this.trials += task.trials;
      this.onChunk();
    }
    return part;
  }
  /** The pool outlives one question: closing this view closes nothing. */
  async close(): Promise<void> {}
}
