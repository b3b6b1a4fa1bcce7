/**
 * The executor of a merge: the engine runs the scenario again from the start, and every
 * chunk it asks for is answered with the tally a shard recorded for it. Each task must be
 * the one the shard ran (same content key), so the merged report is built exactly as a
 * single machine builds it, from the same chunk tallies summed in any order (integer
 * counts: the sums are exact).
 *
 * The records are untrusted: each one's counts must be whole numbers of the right length
 * (here), a possible tally of its layout (the engine checks, and `refuse` names the part),
 * and the chunks of the verification sample are re-run here and must give the same counts.
 */
import type { Executor } from '../../core/engine/sample/executor.js';
import type { ChunkId, ChunkTask } from '../../core/engine/sample/task.js';
import { InputError } from '../../core/model/inputError.js';
import { taskKey } from '../taskCodec.js';
import { tallyFromJson, tallyLength } from '../tallies.js';
import { tallyDifference } from '../verify.js';
import { chunkName } from './assign.js';
import type { PlacedRecord } from './checkParts.js';

/** The chunks to re-run here before their recorded tallies are used, and where. */
export interface ReplayCheck {
  sample: ReadonlySet<string>;
  executor: Executor;
}

export class ReplayExecutor implements Executor {
  readonly threads: number;
  /** Chunks re-run here and found equal. */
  verified = 0;
  private readonly used = new Set<string>();

  constructor(
    private readonly records: ReadonlyMap<string, PlacedRecord>,
    private readonly check?: ReplayCheck,
    /** The part file that should hold a chunk (its shard's), for a chunk none holds. */
    private readonly ownerOf: (id: ChunkId) => string = () => 'merge',
  ) {
    // Lanes enough to keep the re-runs busy; the recorded chunks answer at once anyway.
    this.threads = check && check.sample.size > 0 ? check.executor.threads : 0;
  }

  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (!task.id) throw new Error('a chunk task without an id cannot be replayed');
    const name = chunkName(task.id);
    const record = this.records.get(name);
    if (!record)
      throw new InputError(this.ownerOf(task.id), 'tallies', `chunk ${name} of this run is missing from the part`);
    if (record.chunks !== task.id.chunks || record.trials !== task.trials || record.key !== taskKey(task)) {
      throw new InputError(
        record.file,
        `tallies[${record.index}]`,
        `chunk ${name} was run on a different task than this battle-odds builds from the scenario ` +
          '(another build of the same version, or an altered part)',
      );
    }
    this.used.add(name);
    let tally: Float64Array;
    try {
      tally = tallyFromJson(record.counts, tallyLength(task), `chunk ${name}`);
    } catch (error) {
      throw new InputError(record.file, `tallies[${record.index}].counts`, (error as Error).message);
    }
    if (this.check?.sample.has(name)) {
      const difference = tallyDifference(tally, await this.check.executor.run(task, signal));
      if (difference) {
        throw new InputError(
          record.file,
          `tallies[${record.index}].counts`,
          `chunk ${name} differs from the same chunk re-run here (${difference}): ` +
            'the part was altered, or the machine that ran it is faulty',
        );
      }
      this.verified++;
    }
    return tally;
  }

  refuse(task: ChunkTask, problem: string): Error {
    const name = task.id ? chunkName(task.id) : 'chunk';
    const record = this.records.get(name);
    if (!record) return new Error(`chunk ${name}: ${problem}`);
    return new InputError(
      record.file,
      `tallies[${record.index}].counts`,
      `chunk ${name}: ${problem}: no run can give this tally (an altered or corrupt part)`,
    );
  }

  /** Records the run never asked for (none when the parts are of this run). */
  unused(): string[] {
    return [...this.records.keys()].filter((name) => !this.used.has(name));
  }

  async close(): Promise<void> {}
}
