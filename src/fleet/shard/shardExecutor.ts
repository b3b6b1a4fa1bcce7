/**
 * The executor of a shard run. The engine drives the whole scenario through it as usual;
 * it runs only this shard's chunks (on the executor it wraps, e.g. the thread pool) and
 * records their tallies, and answers every chunk at once with an empty tally so the engine
 * walks the whole run without waiting. The report the engine builds from those empty
 * tallies is thrown away: a shard's product is its records (`drain()`).
 */
import type { Executor } from '../../core/engine/sample/executor.js';
import { InputError } from '../../core/model/inputError.js';
import type { ChunkTask } from '../../core/engine/sample/task.js';
import { contentKey, encodeTask } from '../taskCodec.js';
import { tallyLength, tallyToJson } from '../tallies.js';
import { chunkName, shardOf, unitOrdinal, type ShardSpec } from './assign.js';
import type { ChunkRecord } from './tallyFile.js';

export class ShardExecutor implements Executor {
  /** Every chunk is answered at once: the engine sees an in-process executor. */
  readonly threads = 0;
  /** Its answers are empty tallies, not results: the engine does not check them. */
  readonly placeholders = true;
  /** Chunks in the whole run (every shard's), and this shard's. */
  total = 0;
  owned = 0;
  ownedTrials = 0;
  private readonly seen = new Set<string>();
  private readonly records: ChunkRecord[] = [];
  private readonly pending: Promise<void>[] = [];
  private failure: unknown = null;

  constructor(
    private readonly spec: ShardSpec,
    private readonly battles: number,
    private readonly inner: Executor,
    private readonly onChunkDone: (trials: number) => void = () => {},
    private readonly signal?: AbortSignal,
  ) {}

  async run(task: ChunkTask): Promise<Float64Array> {
    const id = task.id;
    if (!id) throw new Error('a chunk task without an id cannot be sharded');
    // A sampled solve chooses each value it tries from the answers before it: with the empty
    // answers a shard gives, every shard would search differently. Refused, in words.
    if (id.unit.startsWith('solve '))
      throw new InputError(
        'run --shard',
        '--shard',
        'a solve that samples (solveFor, --solve-for) cannot be sharded: each value it tries depends on the ' +
          'answers before it; run that scenario without --shard (or with --exact-only where it is solved exactly)',
      );
    const name = chunkName(id);
    if (this.seen.has(name)) throw new Error(`chunk ${name} was asked for twice`);
    this.seen.add(name);
    this.total++;
    if (shardOf(id, this.battles, this.spec.count) === this.spec.index) {
      this.owned++;
      this.ownedTrials += task.trials;
      const key = contentKey(encodeTask(task));
      const record = { unit: id.unit, chunk: id.chunk, chunks: id.chunks, key, trials: task.trials };
      const done = this.inner.run(task, this.signal).then(
        (tally) => {
          this.records.push({ ...record, counts: tallyToJson(tally) });
          this.onChunkDone(task.trials);
        },
        (error: unknown) => {
          this.failure ??= error;
        },
      );
      this.pending.push(done);
    }
    return new Float64Array(tallyLength(task));
  }

  /**
   * Waits for this shard's chunks; their records in run order (battles, then cells; chunk
   * order within). On an interrupt it returns at once, with nothing: a partial shard is of no
   * use to merge (closing the inner executor then drops the chunks still running).
   */
  async drain(): Promise<ChunkRecord[]> {
    const signal = this.signal;
    const interrupted = new Promise<void>((resolve) => {
      if (signal?.aborted) resolve();
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([Promise.all(this.pending), interrupted]);
    if (signal?.aborted) return [];
    if (this.failure) throw this.failure;
    const order = (r: ChunkRecord) => unitOrdinal(r.unit, this.battles);
    return this.records.sort((a, b) => order(a) - order(b) || a.chunk - b.chunk);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}
