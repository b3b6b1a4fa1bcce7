/** `battle-odds merge <parts...>`: the tally files of a sharded run to its results folder (docs/fleet.md). */
import { Command, Option } from '@commander-js/extra-typings';
import type { CliIO } from '../io.js';
import { VERIFY_WORDS } from '../../fleet/verify.js';

export function mergeCommand(io: CliIO): Command {
  const command = new Command('merge')
    .description('merge the tally files of `run --shard i/N` into results/<scenario-name>/, as one machine writes it')
    .argument('<parts...>', 'tally files (*.tally.json.gz) or folders of them')
    .addOption(
      new Option('--out <dir>', 'results folder; each scenario writes <dir>/<scenario-name>/').default('results'),
    )
    .addOption(new Option('--no-charts', 'skip the SVG/PNG charts (faster)'))
    .addOption(
      new Option(
        '--verify <n|p%|all|none>',
        `chunks of each part re-run here and compared before merging: ${VERIFY_WORDS}`,
      ).default('2'),
    )
    .addOption(new Option('--verify-seed <hex>', 'draw the chunks to re-run from this seed (as a merge printed it)'))
    .addHelpText(
      'after',
      `
Examples:
  $ for i in 0 1 2 3; do battle-odds run big.json --shard $i/4 --out part-$i; done
  $ battle-odds merge part-* --out results

Every shard of the run must be there exactly once, all of one scenario, seed, trials and
battle-odds version; the CSV files and charts are byte for byte those of one machine.
Parts are untrusted: every tally must be possible for its battle, and --verify chunks of
each part, drawn at random here, are re-run and must give the same counts (docs/fleet.md).`,
    )
    .action(async (paths, flags) => {
      (await import('../../session/heapPolicy.js')).keepHeapNearLive();
      const { mergeParts } = await import('../../session/merge.js');
      await mergeParts(paths, flags, io);
    });
  return command as never;
}
