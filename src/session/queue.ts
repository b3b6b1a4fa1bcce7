/** `run --queue redis://...`: the run's executor is the worker fleet behind the queue (docs/fleet.md). */
import type { Executor } from '../core/engine/sample/executor.js';
import { InputError } from '../core/model/inputError.js';
import { packageVersion } from '../files/packageInfo.js';
import { parseQueueUrl } from '../fleet/queue/connection.js';
import { QueueExecutor, type QueueVerification } from '../fleet/queue/queueExecutor.js';
import { DEFAULT_VERIFY, newVerifySeed, parseVerify, parseVerifySeed } from '../fleet/verify.js';
import { chooseExecutor } from './chooseExecutor.js';
import type { Streams } from './streams.js';

export interface FleetOptions {
  /** The Redis of the fleet, e.g. redis://10.0.0.5:6379. */
  queue: string;
  threads?: number;
  verify?: string;
  verifySeed?: string;
}

/** Tests only: how long a lost connection to Redis may stay lost before the run stops (default 5 s). */
const LOST_VARIABLE = 'BATTLE_ODDS_REDIS_LOST_MS';

export async function openFleet(flags: FleetOptions, io: Streams): Promise<Executor> {
  if (flags.threads !== undefined) {
    throw new InputError('--threads', '', 'does not apply with --queue: each worker has its own (worker --threads N)');
  }
  const address = parseQueueUrl(flags.queue);
  const spec = parseVerify(flags.verify ?? DEFAULT_VERIFY);
  const seed = flags.verifySeed !== undefined ? parseVerifySeed(flags.verifySeed) : newVerifySeed();
  // Each worker's sample is re-run here, on this machine's cores when it is large.
  const verify: QueueVerification | undefined =
    spec.kind === 'none'
      ? undefined
      : {
          spec,
          seed,
          local: (trials) => chooseExecutor(undefined, trials),
          report: (line) => io.stderr.write(`battle-odds: queue: ${line}\n`),
        };
  if (spec.kind === 'none')
    io.stderr.write(
      'battle-odds: queue: --verify none: no chunk of the workers is re-run here; their numbers are shown and ' +
        'written unchecked, and each report says so\n',
    );
  const version = packageVersion();
  const lost = Number(process.env[LOST_VARIABLE]);
  const executor = await QueueExecutor.open(address, {
    version,
    verify,
    ...(lost > 0 ? { lostAfterMs: lost } : {}),
  });
  const workers = await executor.workers().catch(() => []);
  const ours = workers.filter((w) => w.version === version).length;
  const others = workers.length - ours;
  const hint = ours === 0 ? `; start \`battle-odds worker --queue ${address.shown}\` on the machines` : '';
  const stale = others > 0 ? `; ${others} of another version will refuse its chunks` : '';
  io.stderr.write(`battle-odds: queue ${address.shown}: ${ours} worker(s) of ${version} connected${stale}${hint}\n`);
  return executor;
}
