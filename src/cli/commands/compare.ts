/** `battle-odds compare A B`: two rule sets (scenario files, or results folders) compared cell by cell. */
import { Command, Option } from '@commander-js/extra-typings';
import { CORRECTIONS, type Correction } from '../../core/run/compare.js';
import { addEngineOptions, type EngineFlags } from '../engineOptions.js';
import type { CliIO } from '../io.js';

type CompareFlags = EngineFlags & {
  out: string;
  charts: boolean;
  png: boolean;
  force?: boolean;
  correction: Correction;
};

export function compareCommand(io: CliIO): Command {
  const command = new Command('compare')
    .description(
      'compare two rule sets cell by cell: two scenario files (run here, sampled cells on common random numbers) ' +
        'or two results folders; writes <out>/compare-<A>-vs-<B>/',
    )
    .argument('<A>', 'the first rule set: a scenario file, or a results folder of one scenario')
    .argument('<B>', 'the second, of the same kind: B minus A is reported')
    .addOption(
      new Option('--out <dir>', 'results folder; the comparison writes <dir>/compare-<A>-vs-<B>/').default('results'),
    )
    .addOption(
      new Option(
        '--correction <name>',
        "multiple-comparison correction of the sampled cells' tests: holm (no false 'differs' at 5%) or " +
          'benjamini-hochberg (at most 5% of them false)',
      )
        .choices(CORRECTIONS)
        .default('holm' as Correction),
    )
    .addOption(new Option('--no-charts', 'skip the difference chart'))
    .addOption(new Option('--no-png', 'the chart as Vega-Lite and SVG only'))
    .addOption(new Option('--force', 'replace an existing folder that is not an earlier battle-odds results folder'));
  addEngineOptions(command, {});
  command.addHelpText(
    'after',
    `
Examples:
  $ battle-odds compare scenarios/landgrab-fortress-house-rules.json my-bastion-rule.json
  $ battle-odds compare results/landgrab-sweep results-bastion/landgrab-sweep --correction benjamini-hochberg

The two scenarios' grids (their sweeps' axes and values) must match; without sweeps, battles are
compared by label. Each cell: B minus A in the headline, exact where both are exact, else with its 95%
interval (paired on common random numbers when both run here; unpaired from two folders) and a test,
corrected for the number of tests. The words quote the comparison's named values (report.json: summary).
`,
  );
  command.action(async (a, b, flags) => {
    const { runCompare } = await import('../../session/compare.js');
    await runCompare(a, b, flags as CompareFlags, io);
  });
  return command as never;
}
