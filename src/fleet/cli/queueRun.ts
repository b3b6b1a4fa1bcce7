/** `battle-odds run ... --queue redis://...`: the run's executor is the worker fleet behind the queue. */
import type { Executor } from '../../engine/executor.js';
import { InputError } from '../../engine/inputError.js';
import { packageVersion } from '../../node/packageInfo.js';
import type { CliIO } from '../../cli/io.js';
import type { RunFlags } from '../../cli/commands/run.js';
import { parseQueueUrl } from '../queue/connection.js';
import { QueueExecutor } from '../queue/queueExecutor.js';

export async function openFleet(flags: RunFlags & { queue: string }, io: CliIO): Promise<Executor> {
  if (flags.threads !== undefined) {
    throw new InputError('--threads', '', 'does not apply with --queue: each worker has its own (worker --threads N)');
  }
  const address = parseQueueUrl(flags.queue);
  const version = packageVersion();
  const executor = await QueueExecutor.open(address, { version });
  const workers = await executor.workers().catch(() => []);
  const ours = workers.filter((w) => w.version === version).length;
  const others = workers.length - ours;
  const hint = ours === 0 ? `; start \`battle-odds worker --queue ${address.shown}\` on the machines` : '';
  const stale = others > 0 ? `; ${others} of another version will refuse its chunks` : '';
  io.stderr.write(`battle-odds: queue ${address.shown}: ${ours} worker(s) of ${version} connected${stale}${hint}\n`);
  return executor;
}
