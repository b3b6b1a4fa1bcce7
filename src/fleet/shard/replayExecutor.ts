/**
 * The executor of a merge: the engine runs the scenario again from the start, and every
 * chunk it asks for is answered with the tally a shard recorded for it. Each task must be
 * the one the shard ran (same content key), so the merged report is built exactly as a
 * single machine builds it, from the same chunk tallies summed in any order (integer
 * counts: the sums are exact).
 */
import type { Executor } from '../../engine/executor.js';
import type { ChunkTask } from '../../engine/task.js';
import { InputError } from '../../engine/inputError.js';
import { taskKey } from '../taskCodec.js';
import { tallyFromJson, tallyLength } from '../tallies.js';
import { chunkName } from './assign.js';
import type { PlacedRecord } from './checkParts.js';

export class ReplayExecutor implements Executor {
  readonly threads = 0;
  private readonly used = new Set<string>();

  constructor(private readonly records: ReadonlyMap<string, PlacedRecord>) {}

  async run(task: ChunkTask): Promise<Float64Array> {
    if (!task.id) throw new Error('a chunk task without an id cannot be replayed');
    const name = chunkName(task.id);
    const record = this.records.get(name);
    if (!record) throw new InputError('merge', '', `chunk ${name} is in none of the parts`);
    if (record.chunks !== task.id.chunks || record.trials !== task.trials || record.key !== taskKey(task)) {
      throw new InputError(
        record.file,
        'tallies',
        `chunk ${name} was run on a different task than this battle-odds builds from the scenario ` +
          '(another build of the same version?)',
      );
    }
    this.used.add(name);
    try {
      return tallyFromJson(record.counts, tallyLength(task), `chunk ${name}`);
    } catch (error) {
      throw new InputError(record.file, 'tallies', (error as Error).message);
    }
  }

  /** Records the run never asked for (none when the parts are of this run). */
  unused(): string[] {
    return [...this.records.keys()].filter((name) => !this.used.has(name));
  }

  async close(): Promise<void> {}
}
