/** The body of `battle-odds worker --queue redis://...`: run chunks from the queue until Ctrl-C. */
import { packageVersion } from '../files/packageInfo.js';
import { createExecutor, defaultThreads } from '../threads/poolExecutor.js';
import { parseQueueUrl } from '../fleet/queue/connection.js';
import { startWorker } from '../fleet/queue/queueWorker.js';
import { readySignal } from './chooseExecutor.js';
import { interruptSignal } from './interrupt.js';
import type { Streams } from './streams.js';

export interface WorkerFlags {
  queue: string;
  threads?: number;
  lockTimeout: number;
  verbose?: boolean;
}

/** Tests only: hold every chunk this long, so a test can kill a worker while it holds one. */
const DELAY_VARIABLE = 'BATTLE_ODDS_WORKER_DELAY_MS';

export async function runWorker(flags: WorkerFlags, io: Streams): Promise<void> {
  const address = parseQueueUrl(flags.queue);
  const version = packageVersion();
  const threads = flags.threads ?? defaultThreads();
  const say = (line: string) => io.stderr.write(`battle-odds worker: ${line}\n`);
  const worker = await startWorker(address, {
    version,
    executor: createExecutor(threads),
    lockMs: flags.lockTimeout * 1000,
    delayMs: Number(process.env[DELAY_VARIABLE] ?? 0) || undefined,
    log: (line) => {
      if (flags.verbose || /^(refused|error)/.test(line)) say(line);
    },
  });
  say(`${version}, ${threads === 0 ? 'in-process' : `${threads} threads`}, queue ${address.shown}; Ctrl-C stops`);
  // The program's interrupt handlers (src/session/interrupt.ts): the first Ctrl-C or SIGTERM stops
  // the worker gracefully (it says so), a second one quits at once; the exit code says which.
  const interrupt = interruptSignal(
    'the worker takes no more chunks and stops once its running ones are done (their results go to the queue)',
  );
  readySignal()();
  await new Promise<void>((resolve) => interrupt.signal.addEventListener('abort', () => resolve(), { once: true }));
  try {
    await worker.close();
    say(`stopped after ${worker.done} chunks`);
  } finally {
    interrupt.dispose();
  }
}
