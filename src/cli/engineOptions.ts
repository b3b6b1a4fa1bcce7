/** Options every sampling command shares (odds, run). */
import { Option, type Command } from '@commander-js/extra-typings';
import {
  parsePrecision,
  parseSeed,
  parseSolveRange,
  parseTarget,
  parseThreads,
  parseTrials,
  parseWorth,
} from './parse.js';
import type { Objective } from '../core/model/question.js';
import { OBJECTIVE_WORDS, QUESTION_OPTIONS, type QuestionOption } from '../core/form/questionOptions.js';
import type { SessionOptions } from '../session/options.js';
import { MAX_SEED_CHARS } from '../core/model/run.js';
import { coreCount } from '../threads/cores.js';

/** The flags of a sampling command: the run's options (src/session/options.ts) and what to print or write. */
export interface EngineFlags extends SessionOptions {
  exact?: boolean;
  json?: boolean;
  out?: string;
  charts?: boolean;
  quantiles?: boolean;
  force?: boolean;
}

/**
 * What the player asks beyond the odds: a target probability and advice on the decisions,
 * and, for a system that offers objectives (`RuleSystem.objectives`), what the advice optimises.
 */
export function addQuestionOptions<C extends Command<any, any, any>>(
  command: C,
  advise = false,
  objectives: readonly Objective[] = [],
): C {
  const {
    target,
    advise: adviseOption,
    objective,
    territoryWorth,
    solveFor,
    solveRange,
    sensitivity,
  } = QUESTION_OPTIONS;
  command.addOption(optionOf(target).argParser(parseTarget));
  command.addOption(optionOf(solveFor));
  command.addOption(optionOf(solveRange).argParser(parseSolveRange));
  command.addOption(optionOf(sensitivity));
  // should-i-attack always advises: there --advise is accepted (a command copied from odds works) and a no-op.
  command.addOption(optionOf(adviseOption, advise ? 'always on here (accepted, changes nothing)' : undefined));
  if (objectives.length > 0) {
    const choices = objectives.map((o, i) => `${o} (${OBJECTIVE_WORDS[o].cli}${i === 0 ? '; the default' : ''})`);
    const help = `${objective.cli.help}${advise ? '' : ` (with ${adviseOption.cli.flag})`}: ${choices.join(', ')}`;
    command
      .addOption(optionOf(objective, help).choices(objectives))
      .addOption(optionOf(territoryWorth).argParser(parseWorth));
  }
  return command;
}

/** A question option as a commander option, with its own help unless another is given. */
function optionOf(option: QuestionOption, help = option.cli.help): Option {
  return new Option(option.cli.arg ? `${option.cli.flag} ${option.cli.arg}` : option.cli.flag, help);
}

export function addEngineOptions<C extends Command<any, any, any>>(
  command: C,
  defaults: { trials?: string; seed?: string; sampling?: boolean },
): C {
  if (defaults.sampling === false) {
    // A system with no randomness: only the output flags mean anything.
    command.addOption(new Option('--json', 'print one JSON object on stdout instead of tables'));
    return command;
  }
  command
    .addOption(
      new Option(
        '--trials <n>',
        'Monte Carlo trials per battle, 1 to 1e9' +
          (defaults.trials ? ` (default: ${defaults.trials})` : " (default: the scenario's)"),
      ).argParser(parseTrials),
    )
    .addOption(
      new Option(
        '--seed <s>',
        `random seed, any text (at most ${MAX_SEED_CHARS} characters) or number; same seed, same numbers` +
          (defaults.seed ? ` (default: "${defaults.seed}")` : " (default: the scenario's)"),
      ).argParser(parseSeed),
    )
    .addOption(
      new Option(
        '--threads <n>',
        `worker threads, 0 to the cores of this machine (${coreCount()}); 0 runs in this process ` +
          '(default: all cores, in-process for tiny jobs; results are identical either way)',
      ).argParser(parseThreads),
    )
    .addOption(
      new Option('--kernel <name>', 'fast (exact per-round tables) or faithful (rolls real dice)').choices([
        'fast',
        'faithful',
      ] as const),
    )
    .addOption(
      new Option(
        '--sample',
        'answer by Monte Carlo even where an exact answer exists (the exact values are shown beside, as a check)',
      ),
    )
    .addOption(new Option('--exact-only', 'answer exactly or not at all (refused where the system cannot solve it)'))
    // Before exact answers were the default, --exact asked for them: listed, so a command that has it is not a puzzle.
    .addOption(
      new Option(
        '--exact',
        'exact answers where the system can solve the battle: the default, kept for older commands',
      ),
    )
    .addOption(
      new Option(
        '--precision <e>',
        'keep sampling until the 95% half-width of the headline probability is at most e, above 0 and below 0.5 ' +
          '(e.g. 0.001 or 0.1%; --trials becomes the cap)',
      ).argParser(parsePrecision),
    )
    .addOption(new Option('--quantiles', 'also print survivor quantiles in the table'))
    .addOption(new Option('--json', 'print one JSON object on stdout instead of tables'));
  return command;
}
