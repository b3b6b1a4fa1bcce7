/**
 * The battle-odds command line. Every user error (bad flag, bad file, bad field) ends as
 * one line on stderr naming the file or flag and the field, with exit code 2.
 */
import { Command, CommanderError, Option } from '@commander-js/extra-typings';
import { SYSTEM_MODULES, SYSTEMS } from '../core/registry/systems.js';
import {
  InputError,
  escapeControls,
  escapeInvisible,
  oneLine as escapedLine,
  shortenDetail,
} from '../core/model/inputError.js';
import { NotMonotone } from '../core/engine/solve/solveFor.js';
import { curveLines } from '../core/engine/solve/words.js';
import { NoExactAnswer } from '../core/engine/answer/battle.js';
import type { FormCommand } from '../core/form/form.js';
import { FormProblem } from '../core/form/entry.js';
import { oddsCommand, shouldIAttackCommand } from './commands/odds.js';
import { fieldOption, fieldValues } from './form.js';
import { refusalInShellWords } from '../core/form/shellWords.js';
import { runCommand } from './commands/run.js';
import { planCommand } from './commands/plan.js';
import { compareCommand } from './commands/compare.js';
import { serveCommand } from './commands/serve.js';
import { mergeCommand } from './commands/merge.js';
import { workerCommand } from './commands/worker.js';
import { packageVersion } from '../files/packageInfo.js';
import { GuardedOutput, lostOutput, processIO, type CliIO } from './io.js';

export const EXIT_USAGE = 2;

function schemaCommand(io: CliIO): Command {
  return new Command('schema')
    .description('print the JSON Schema of scenario files (or, with --report, of the reports battle-odds writes)')
    .addOption(new Option('--report', 'the schema of report.json, run --json and odds --json instead'))
    .addOption(new Option('--write <file>', 'write it to a file instead'))
    .action(async (flags) => {
      const { scenarioJsonSchema, reportJsonSchema } = await import('./schema.js');
      const schema = flags.report ? reportJsonSchema() : scenarioJsonSchema(SYSTEMS);
      const text = `${JSON.stringify(schema, null, 2)}\n`;
      if (flags.write !== undefined) {
        // Loaded here, not with the program: node:crypto (its temporary names) costs a quick answer ~3 ms.
        const { writeFileAtomically } = await import('../files/atomicFile.js');
        writeFileAtomically(flags.write, text, 'schema --write');
      } else io.stdout.write(text);
    })
    .addHelpText(
      'after',
      '\nExamples:\n  $ battle-odds schema > scenario.schema.json\n' +
        '  $ battle-odds schema --write schema/scenario.schema.json\n' +
        '  $ battle-odds schema --report --write schema/report.schema.json\n\n' +
        'Point a scenario\'s "$schema" at the file for completion and checks in your editor.\n',
    ) as never;
}

/** A system's own command (LandGrab's reinforcements), from its fields. */
function extraCommand(spec: FormCommand, io: CliIO): Command {
  const command = new Command(spec.name).description(spec.description);
  for (const field of spec.fields) command.addOption(fieldOption(field, spec.name, field.required) as never);
  command.action((flags) => {
    try {
      io.stdout.write(spec.run(fieldValues(spec.fields, flags as Record<string, unknown>)));
    } catch (error) {
      if (error instanceof FormProblem) throw refusalInShellWords(spec.name, spec, error);
      throw error;
    }
  });
  command.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  return command as never;
}

/** The whole command tree (exported for tests that check every flag). */
export function buildProgram(io: CliIO): Command {
  const program = new Command('battle-odds')
    .description(
      'Monte Carlo and exact battle odds for board-game combat: LandGrab (Risk-style dice), Kings & Things, ' +
        'Advanced Civilization with fortifications, Princes & Queens.',
    )
    .version(packageVersion())
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)');

  program.addCommand(oddsCommand(SYSTEM_MODULES, io) as never);
  program.addCommand(shouldIAttackCommand(SYSTEM_MODULES, io) as never);
  program.addCommand(planCommand(io) as never);
  program.addCommand(runCommand(io) as never);
  program.addCommand(compareCommand(io) as never);
  program.addCommand(mergeCommand(io) as never);
  program.addCommand(workerCommand(io) as never);
  program.addCommand(schemaCommand(io) as never);
  program.addCommand(serveCommand(io) as never);
  program
    .command('systems')
    .description('list the rule systems')
    .action(() => {
      for (const s of SYSTEMS) io.stdout.write(`${s.id.padEnd(24)}${s.title}\n`);
    })
    .addHelpText(
      'after',
      '\nExample:\n  $ battle-odds systems\n  $ battle-odds odds <system> --help   # the flags of one system\n',
    );
  for (const module of SYSTEM_MODULES)
    for (const spec of module.commands ?? []) program.addCommand(extraCommand(spec, io) as never);

  applyToAll(program, (command) =>
    command.exitOverride().configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // commander quotes what was typed (`argument '…' is invalid`): escaped, never raw, and cut as ours are.
      outputError: (text, write) =>
        write(`battle-odds: ${escapeControls(text).split('\n').map(shortenDetail).join('\n')}`),
    }),
  );
  program.addHelpText(
    'after',
    `
Examples:
  $ battle-odds odds landgrab --attackers 11 --defenders 10
  $ battle-odds odds landgrab --attackers 8 --defenders 5 --fortress --defending-leader --target 0.8
  $ battle-odds plan landgrab --board data/landgrab/bench-board.json --objective continent:East
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

/**
 * Runs the command line; the exit code. Output lost on the way (standard output closed or full) is
 * said in one line after the run, which went on and wrote its files (src/cli/io.ts).
 */
export async function runProgram(argv: string[], io: CliIO = processIO): Promise<number> {
  const code = await runCommandLine(argv, io);
  // A failed write reports its error a turn of the event loop later (a file's on the next tick).
  if (io.stdout instanceof GuardedOutput) await new Promise((resolve) => setImmediate(resolve));
  const lost = io.stdout instanceof GuardedOutput ? io.stdout.lost : undefined;
  if (!lost || code !== 0) return code;
  const { line, code: lostCode } = lostOutput(lost);
  io.stderr.write(line);
  return lostCode;
}

async function runCommandLine(argv: string[], given: CliIO): Promise<number> {
  // Labels may hold bidirectional controls and line separators: printed escaped, as errors are.
  const io: CliIO = {
    stdout: {
      write: (text: string) => given.stdout.write(escapeInvisible(text)),
      get isTTY() {
        return given.stdout.isTTY;
      },
    },
    stderr: given.stderr,
  };
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end "with an error" in exitOverride mode; they are not errors.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof NotMonotone) {
      // The curve that shows why, then the refusal.
      io.stderr.write(`${escapeControls(curveLines(error.knob, error.metricLabel, error.curve).join('\n'))}\n`);
    }
    if (error instanceof InputError) {
      io.stderr.write(`battle-odds: error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof NoExactAnswer) {
      io.stderr.write(
        `battle-odds: error: --exact-only: ${escapedLine(error.reason)}; run it without --exact-only to sample it\n`,
      );
      return EXIT_USAGE;
    }
    // A bug, not the user's input: one line by default; BATTLE_ODDS_DEBUG=1 adds the stack for the report.
    const debug = process.env.BATTLE_ODDS_DEBUG === '1';
    const detail = debug ? ((error as Error).stack ?? String(error)) : oneLine(error);
    io.stderr.write(
      `battle-odds: internal error: ${detail}\n` +
        (debug
          ? ''
          : 'This is a bug in battle-odds: please report it with the command (BATTLE_ODDS_DEBUG=1 shows where).\n'),
    );
    return 1;
  }
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return escapedLine(text.replace(/\s*\n\s*/g, ' ')).slice(0, 300);
}
