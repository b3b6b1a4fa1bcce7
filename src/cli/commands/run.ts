/** `battle-odds run <scenario.json | folder>...`: run scenario files and write their results. */
import { Command, Option } from '@commander-js/extra-typings';
import { addEngineOptions, addQuestionOptions, type EngineFlags } from '../engineOptions.js';
import type { CliIO } from '../io.js';
export type RunFlags = EngineFlags & { out: string; charts: boolean; brief?: boolean; force?: boolean };

export function runCommand(io: CliIO): Command {
  const command = new Command('run')
    .description('run scenario files (or every .json in a folder) and write results/<scenario-name>/')
    .argument('<paths...>', 'scenario files or folders of them')
    .addOption(
      new Option('--out <dir>', 'results folder; each scenario writes <dir>/<scenario-name>/').default('results'),
    )
    .addOption(new Option('--no-charts', 'skip the SVG/PNG charts (faster)'))
    .addOption(new Option('--force', 'replace an existing folder that is not an earlier battle-odds results folder'))
    .addOption(new Option('--brief', "print each battle's verdict (or headline) instead of full tables"));
  addEngineOptions(command, {});
  addQuestionOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  $ battle-odds run scenarios                      # every bundled scenario
  $ battle-odds run scenarios/landgrab-fortress-assault.json --trials 1e7 --threads 2
  $ battle-odds run my-scenario.json --exact --json > odds.json

Scenario files are JSON; their schema is schema/scenario.schema.json (print it with
\`battle-odds schema\`). Army counts: see README "Army counts".`,
  );
  command.action(async (paths, flags) => {
    // The writer, the page and the CSV files load when a run actually starts.
    const { runScenarios } = await import('./runScenarios.js');
    await runScenarios(paths, flags as RunFlags, io);
  });
  return command as never;
}
