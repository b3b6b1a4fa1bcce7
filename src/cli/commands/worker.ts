/** `battle-odds worker --queue redis://...`: one machine of the worker fleet (docs/fleet.md). */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { parseNumber, parseThreads } from '../parse.js';
import type { CliIO } from '../io.js';
import { coreCount } from '../../threads/cores.js';

function parseSeconds(value: string): number {
  const n = parseNumber(value);
  if (n < 1 || n > 3600) throw new InvalidArgumentError('must be between 1 and 3600 seconds.');
  return n;
}

export function workerCommand(io: CliIO): Command {
  const command = new Command('worker')
    .description('run chunks queued by `battle-odds run --queue` on this machine, until Ctrl-C')
    .requiredOption('--queue <url>', 'the Redis of the fleet, e.g. redis://10.0.0.5:6379')
    .addOption(
      new Option(
        '--threads <n>',
        `worker threads, chunks at once, 0 to the cores of this machine (${coreCount()}) (default: all cores; 0 ` +
          'runs chunks in the main thread, which then cannot renew a lock during a chunk longer than --lock-timeout)',
      ).argParser(parseThreads),
    )
    .addOption(
      new Option(
        '--lock-timeout <seconds>',
        'a chunk whose worker is silent this long (1 to 3600 seconds) goes to another worker',
      )
        .argParser(parseSeconds)
        .default(30),
    )
    .addOption(new Option('--verbose', 'print every chunk started and done'))
    .addHelpText(
      'after',
      `
Examples:
  $ battle-odds worker --queue redis://10.0.0.5:6379
  $ battle-odds worker --queue redis://10.0.0.5:6379 --threads 16 --verbose

Every machine must run the same battle-odds version as the one submitting: a worker of
another version refuses the chunk, and the submitting run stops with the two versions named.`,
    )
    .action(async (flags) => {
      const { loadFleet } = await import('../../session/fleetPackages.js');
      const { runWorker } = await loadFleet('worker', () => import('../../session/fleetWorker.js'));
      await runWorker(flags, io);
    });
  return command as never;
}
