/** Options every sampling command shares (odds, run). */
import { Option, type Command } from '@commander-js/extra-typings';
import { parsePrecision, parseSeed, parseTarget, parseThreads, parseTrials, parseWorth } from './parse.js';
import { MAX_TERRITORY_WORTH, type KernelName, type Objective } from '../engine/contract.js';
import { OBJECTIVE_HELP } from '../engine/question.js';
import type { Overrides } from '../app/runScenario.js';

export interface EngineFlags {
  trials?: number;
  seed?: string | number;
  threads?: number;
  kernel?: KernelName;
  exact?: boolean;
  exactOnly?: boolean;
  sample?: boolean;
  precision?: number;
  json?: boolean;
  out?: string;
  charts?: boolean;
  quantiles?: boolean;
  target?: number;
  advise?: boolean;
  objective?: Objective;
  territoryWorth?: number;
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
  command.addOption(
    new Option('--target <p>', 'how many do I need for at least this probability? e.g. 0.8 or 80%').argParser(
      parseTarget,
    ),
  );
  // should-i-attack always advises: there --advise is accepted (a command copied from odds works) and a no-op.
  command.addOption(
    new Option(
      '--advise',
      advise
        ? 'always on here (accepted, changes nothing)'
        : 'also advise on the decisions: when to stop, optimal play',
    ),
  );
  if (objectives.length > 0) {
    const choices = objectives.map((o, i) => `${o} (${OBJECTIVE_HELP[o]}${i === 0 ? '; the default' : ''})`);
    command
      .addOption(
        new Option(
          '--objective <name>',
          `what the advice's stop rule optimises${advise ? '' : ' (with --advise)'}: ${choices.join(', ')}`,
        ).choices(objectives),
      )
      .addOption(
        new Option(
          '--territory-worth <w>',
          'with --objective value: what one territory taken is worth, in armies, e.g. 10 ' +
            `(at most ${MAX_TERRITORY_WORTH})`,
        ).argParser(parseWorth),
      );
  }
  return command;
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
        'Monte Carlo trials per battle' +
          (defaults.trials ? ` (default: ${defaults.trials})` : " (default: the scenario's)"),
      ).argParser(parseTrials),
    )
    .addOption(
      new Option(
        '--seed <s>',
        'random seed, any text or number; same seed, same numbers' +
          (defaults.seed ? ` (default: "${defaults.seed}")` : " (default: the scenario's)"),
      ).argParser(parseSeed),
    )
    .addOption(
      new Option(
        '--threads <n>',
        'worker threads; 0 runs in this process (default: all cores, in-process for tiny jobs; ' +
          'results are identical either way)',
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
    // Before exact answers were the default, --exact asked for them beside the estimates: now a no-op.
    .addOption(new Option('--exact', 'exact values where solvable (the default)').hideHelp())
    .addOption(
      new Option(
        '--precision <e>',
        'keep sampling until the 95% half-width of the headline probability is at most e (--trials becomes the cap)',
      ).argParser(parsePrecision),
    )
    .addOption(new Option('--quantiles', 'also print survivor quantiles in the table'))
    .addOption(new Option('--json', 'print one JSON object on stdout instead of tables'));
  return command;
}

/** The engine overrides the flags ask for (undefined: the scenario's or the command's default). */
export function overridesFrom(flags: EngineFlags): Overrides {
  return {
    trials: flags.trials,
    seed: flags.seed,
    kernel: flags.kernel,
    // A precision target or a kernel only mean something when sampling.
    ...(flags.exactOnly
      ? { method: 'exact' as const }
      : flags.sample || flags.precision !== undefined || flags.kernel !== undefined
        ? { method: 'sample' as const }
        : {}),
    precision: flags.precision,
    question: {
      ...(flags.target !== undefined ? { target: flags.target } : {}),
      ...(flags.advise ? { advise: true } : {}),
      ...(flags.objective !== undefined ? { objective: flags.objective } : {}),
      ...(flags.territoryWorth !== undefined ? { territoryWorth: flags.territoryWorth } : {}),
    },
  };
}
