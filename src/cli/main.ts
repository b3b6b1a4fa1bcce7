#!/usr/bin/env node
/**
 * battle-odds command line. Every user error (bad flag, bad file, bad field) ends as
 * one line on stderr naming the file or flag and the field, with exit code 2.
 */
import { writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from '@commander-js/extra-typings';
import { SYSTEMS } from '../app/systems.js';
import type { RuleSystemWithOdds } from '../engine/system.js';
import { InputError } from '../engine/inputError.js';
import { oddsCommand } from './commands/odds.js';
import { runCommand } from './commands/run.js';
import { scenarioJsonSchema } from './schema.js';
import { parseInteger, parseIntegerList } from './parse.js';
import { reinforcements } from '../systems/landgrab/reinforcements.js';
import { packageVersion } from '../node/packageInfo.js';
import { wasInterrupted } from './interrupt.js';

export const EXIT_USAGE = 2;

function buildProgram(): Command {
  const program = new Command('battle-odds')
    .description(
      'Monte Carlo and exact battle odds for board-game combat: LandGrab (Risk-style dice), Kings & Things,\nAdvanced Civilization with fortifications, Princes & Queens.',
    )
    .version(packageVersion())
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)');

  const withOdds = SYSTEMS.filter((s): s is RuleSystemWithOdds => 'odds' in s && s.odds !== undefined);
  program.addCommand(oddsCommand(withOdds) as never);
  program.addCommand(runCommand() as never);

  program
    .command('schema')
    .description('print the JSON Schema of scenario files')
    .addOption(new Option('--write <file>', 'write it to a file instead'))
    .action((flags) => {
      const text = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
      if (flags.write) writeFileSync(flags.write, text);
      else process.stdout.write(text);
    })
    .addHelpText(
      'after',
      '\nExamples:\n  $ battle-odds schema > scenario.schema.json\n  $ battle-odds schema --write schema/scenario.schema.json\n\nPoint a scenario\'s "$schema" at the file for completion and checks in your editor.\n',
    );

  program
    .command('systems')
    .description('list the rule systems and their battle types')
    .action(() => {
      for (const s of SYSTEMS) process.stdout.write(`${s.id.padEnd(24)}${s.title}\n`);
    })
    .addHelpText(
      'after',
      '\nExample:\n  $ battle-odds systems\n  $ battle-odds odds <system> --help   # the flags of one system\n',
    );

  program
    .command('reinforcements')
    .description('LandGrab reinforcements: max(3, floor(territories / 3)) + continent bonuses')
    .requiredOption('--territories <n>', 'territories owned', parseInteger)
    .option(
      '--continent-bonus <list>',
      'bonuses of the continents owned whole, e.g. 2,5',
      parseIntegerList,
      [] as number[],
    )
    .action((flags) => {
      if (flags.territories < 0) throw new InputError('reinforcements', '--territories', 'must be at least 0');
      if (flags.continentBonus.some((b) => b < 0))
        throw new InputError('reinforcements', '--continent-bonus', 'bonuses must be at least 0');
      process.stdout.write(`${reinforcements(flags.territories, flags.continentBonus)}\n`);
    })
    .addHelpText(
      'after',
      '\nExamples:\n  $ battle-odds reinforcements --territories 14                      # max(3, 4) = 4\n  $ battle-odds reinforcements --territories 14 --continent-bonus 2,5  # 4 + 7 = 11\n',
    );

  applyToAll(program, (command) =>
    command.exitOverride().configureOutput({ outputError: (text, write) => write(`battle-odds: ${text}`) }),
  );
  program.addHelpText(
    'after',
    `
Examples:
  $ battle-odds odds landgrab --attackers 11 --defenders 10
  $ battle-odds odds landgrab --attackers 8 --defenders 5 --fortress --defending-leader --exact
  $ battle-odds run scenarios
  $ battle-odds odds landgrab --help      # every flag of one rule system`,
  );
  return program;
}

/** Commands added with addCommand() do not inherit settings: apply them everywhere. */
function applyToAll(command: Command, configure: (c: Command) => void): void {
  configure(command);
  for (const sub of command.commands) applyToAll(sub as unknown as Command, configure);
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end "with an error" in exitOverride mode; they are not errors.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof InputError) {
      process.stderr.write(`battle-odds: error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`battle-odds: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

// `battle-odds ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const code = await main(process.argv);
// Interrupted runs still write their partial results, but scripts must see they were cut short.
process.exitCode = code === 0 && wasInterrupted() ? 130 : code;
