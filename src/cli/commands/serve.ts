/**
 * `battle-odds serve`: the command-line face of src/files/serve.ts. It prints the address and
 * serves until the process is stopped (Ctrl-C).
 */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { CliIO } from '../io.js';
import { readDecimal } from '../../core/form/read.js';
import type { Serving } from '../../files/serve.js';

function parsePort(value: string): number {
  const n = readDecimal(value);
  if (n === undefined || !Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number, 0 to 65535.');
  return n;
}

/** `onServing` hands the running server to a caller (tests close it; the CLI leaves it running). */
export function serveCommand(io: CliIO, hooks: { onServing?(serving: Serving): void } = {}): Command {
  return new Command('serve')
    .description('serve the battle-odds web page on this machine and print its address (build it with `npm run web`)')
    .addOption(
      new Option('--port <n>', 'port to listen on, 0 to 65535; 0 picks a free one').argParser(parsePort).default(8080),
    )
    .addOption(new Option('--host <address>', 'address to listen on (0.0.0.0: every network)').default('127.0.0.1'))
    .addOption(new Option('--dir <folder>', 'the built page (default: dist/web of this package)'))
    .action(async (flags) => {
      const { serveWeb } = await import('../../files/serve.js');
      const serving = await serveWeb({ dir: flags.dir, port: flags.port, host: flags.host });
      io.stdout.write(`battle-odds: serving the page at ${serving.url} (Ctrl-C stops)\n`);
      hooks.onServing?.(serving);
      await new Promise<void>((resolve) => serving.server.once('close', () => resolve()));
    })
    .addHelpText(
      'after',
      '\nExamples:\n  $ npm run web && battle-odds serve\n  $ battle-odds serve --port 0          # any free port\n',
    ) as never;
}
