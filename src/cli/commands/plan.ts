/**
 * `battle-odds plan landgrab --board FILE --objective O`: the plan of a whole LandGrab turn (issue 28):
 * where to place the reinforcements, what to attack in which order, when to stop and how many to move
 * in, for an objective. The board file is untrusted input: a regular file of at most MAX_BOARD_BYTES,
 * UTF-8 JSON, every problem one line naming the file and the field (exit 2). The question is a battle
 * entry of type `turn` (the board, the objective, the switches), asked the one way questions are
 * asked (core/ask/prepareQuestion.ts, session/answerQuestion.ts).
 */
import path from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import { SYSTEM_MODULES, type SystemModule } from '../../core/registry/systems.js';
import type { ScenarioReport } from '../../core/model/report.js';
import { InputError, oneLine } from '../../core/model/inputError.js';
import { prepareQuestion } from '../../core/ask/prepareQuestion.js';
import type { Refusal } from '../../core/form/entry.js';
import { questionFlag, refusalInShellWords } from '../../core/form/shellWords.js';
import { QUESTION_OPTIONS } from '../../core/form/questionOptions.js';
import { DEFAULT_SEED } from '../../core/model/run.js';
import {
  MAX_BOARD_ARMIES,
  MAX_BOARD_REINFORCEMENTS,
  MAX_BOARD_TERRITORIES,
} from '../../core/systems/landgrab/turn/board.js';
import {
  DEFAULT_TURN_STATES,
  MAX_BOARD_LINKS,
  MAX_TURN_STATES,
  TURN_OBJECTIVE_WORDS,
} from '../../core/systems/landgrab/turnBattle/schema.js';
import { MAX_DICE } from '../../core/systems/landgrab/rules/tables.js';
import { addEngineOptions, type EngineFlags } from '../engineOptions.js';
import { parseInteger, parseTarget, parseWorth } from '../parse.js';
import { overridesFrom } from '../../session/options.js';
import { answerQuestion } from '../../session/answerQuestion.js';
import { formatBattle } from '../../output/terminal.js';
import type { CliIO } from '../io.js';

/** The largest board file read (a board of the largest size allowed is a few KiB). */
export const MAX_BOARD_BYTES = 256 * 1024;
/** Trials of a sampled turn when --trials is not given: a turn plays many rounds, so fewer than a battle's. */
export const DEFAULT_TURN_TRIALS = 100_000;

const SOURCE = 'plan landgrab';

/**
 * A whole-number flag with its stated range: a value beyond it (1e20 too) is refused naming the flag and
 * the limit, as the entry's schema would refuse it, before anything is read.
 */
function wholeFlag(flag: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const n = parseInteger(value);
    if (n < min || n > max)
      throw new InputError(SOURCE, flag, n < min ? `must be at least ${min}` : `must be at most ${max}`);
    return n;
  };
}

/** The entry's fields the flags set, by flag (in the entry's words). */
const ENTRY_FLAGS: Record<string, string> = {
  objective: '--objective',
  territoryWorth: '--territory-worth',
  moveIn: '--move-in',
  leaderMovesIn: '--leader-moves-in',
  capitolTerritoriesAttack: '--no-capitol-territories-attack',
  maxStates: '--max-states',
  attackerDice: '--attacker-dice',
  defenderDice: '--defender-dice',
  ties: '--ties',
  fortressBonus: '--fortress-bonus',
  leaderBonus: '--leader-bonus',
};

interface PlanFlags extends Omit<EngineFlags, 'objective' | 'territoryWorth'> {
  board: string;
  objective: string;
  reinforcements?: number;
  territoryWorth?: number;
  moveIn?: 'dice' | 'one';
  leaderMovesIn?: boolean;
  capitolTerritoriesAttack?: boolean;
  maxStates?: number;
  attackerDice?: number;
  defenderDice?: number;
  ties?: 'defender' | 'attacker';
  fortressBonus?: number;
  leaderBonus?: number;
}

const EXAMPLES = [
  'battle-odds plan landgrab --board data/landgrab/bench-board.json --objective continent:East',
  'battle-odds plan landgrab --board my-board.json --objective capitol:blue --leader-moves-in',
  'battle-odds plan landgrab --board my-board.json --objective value:3 --json',
  'battle-odds plan landgrab --board my-board.json --objective territories --reinforcements 6 --out results/turn',
  'battle-odds plan landgrab --board data/landgrab/bench-board.json --objective continent:East ' +
    '--solve-for fortressBonus --target 0.5',
];

export function planCommand(io: CliIO): Command {
  const module = SYSTEM_MODULES.find((m) => m.system.id === 'landgrab') as SystemModule;
  const landgrab = new Command('landgrab')
    .description(
      'plan a whole LandGrab turn on a board: where to place the reinforcements, which attacks in which order, ' +
        'when to stop and how many to move in, for an objective (exact within a budget of states, else sampled)',
    )
    .requiredOption(
      '--board <file>',
      `the board, a JSON file: { "me", "territories": [{ "name", "owner", "armies", "fortress"?, "leader"?, ` +
        `"capitol"? }], "adjacent": [[a, b], ...], "continents"?: [{ "name", "bonus", "territories" }], ` +
        `"reinforcements"? } (at most ${MAX_BOARD_TERRITORIES} territories, ${MAX_BOARD_LINKS} links, ` +
        `${MAX_BOARD_ARMIES} armies a territory; ${MAX_BOARD_BYTES / 1024} KiB)`,
    )
    .requiredOption('--objective <objective>', `what the turn is played for: ${TURN_OBJECTIVE_WORDS}; value:W sets W`)
    .addOption(
      new Option(
        '--reinforcements <n>',
        `armies to place this turn, instead of the board's (0 to ${MAX_BOARD_REINFORCEMENTS}; left out everywhere: ` +
          'max(3, territories held / 3) plus the bonus of every continent held whole)',
      ).argParser(wholeFlag('--reinforcements', 0, MAX_BOARD_REINFORCEMENTS)),
    )
    .addOption(
      new Option(
        '--territory-worth <w>',
        'with --objective value: what one territory held is worth, in armies',
      ).argParser(parseWorth),
    )
    .addOption(
      new Option(
        '--move-in <rule>',
        'the fewest armies moved into a conquered territory: dice (the dice rolled in ' +
          'the last round; the default) or one',
      ).choices(['dice', 'one'] as const),
    )
    .addOption(new Option('--leader-moves-in', 'my attacking leader may move in with the armies (default: it stays)'))
    .addOption(
      new Option(
        '--no-capitol-territories-attack',
        'territories gained from a fallen capitol may not attack this turn',
      ),
    )
    .addOption(
      new Option(
        '--max-states <n>',
        `the exact planner's budget of states (default ${DEFAULT_TURN_STATES.toLocaleString('en-US')}); ` +
          'past it the plan is sampled, never called best',
      ).argParser(wholeFlag('--max-states', 1, MAX_TURN_STATES)),
    )
    .addOption(
      new Option('--attacker-dice <n>', 'most dice an attack rolls (default 3)').argParser(
        wholeFlag('--attacker-dice', 1, MAX_DICE),
      ),
    )
    .addOption(
      new Option('--defender-dice <n>', 'most dice a defence rolls (default 2)').argParser(
        wholeFlag('--defender-dice', 1, MAX_DICE),
      ),
    )
    .addOption(
      new Option('--ties <side>', 'who wins a tie (default defender)').choices(['defender', 'attacker'] as const),
    )
    .addOption(
      new Option('--fortress-bonus <n>', "added to a fortress's highest die (default 1)").argParser(
        wholeFlag('--fortress-bonus', 0, 6),
      ),
    )
    .addOption(
      new Option('--leader-bonus <n>', "added to a leader's highest die (default 1)").argParser(
        wholeFlag('--leader-bonus', 0, 6),
      ),
    )
    .addOption(new Option(`${QUESTION_OPTIONS.solveFor.cli.flag} <field>`, QUESTION_OPTIONS.solveFor.cli.help))
    .addOption(
      new Option(
        `${QUESTION_OPTIONS.target.cli.flag} <p>`,
        'with --solve-for: the probability the headline should reach (default 80%)',
      ).argParser(parseTarget),
    );
  addEngineOptions(landgrab, { trials: DEFAULT_TURN_TRIALS.toLocaleString('en-US'), seed: DEFAULT_SEED });
  landgrab
    .addOption(new Option('--out <dir>', 'also write CSV, JSON and charts to this folder'))
    .addOption(new Option('--no-charts', 'with --out: skip the SVG/PNG charts (faster)'))
    .addOption(new Option('--force', 'with --out: replace a folder that is not an earlier battle-odds results folder'))
    .addHelpText(
      'after',
      `\nThe answer opens with one sentence (the placement, the first attack, the objective's value), then the ` +
        `plan step by step and its gain over simpler plans.\n--json prints the report; decisions.plan holds the ` +
        `plan (placement, firstAttack, mainLine, baselines, states).\n\nExamples:\n` +
        `${EXAMPLES.map((e) => `  $ ${e}`).join('\n')}\n`,
    )
    .action(async (flags) => {
      await answerPlan(module, flags as unknown as PlanFlags, io);
    });
  return new Command('plan')
    .description('plan a whole turn on a board (LandGrab): placement, attacks, when to stop, how many to move in')
    .addCommand(landgrab as never)
    .addHelpText('after', `\nExample:\n  $ ${EXAMPLES[0]}\n`) as never;
}

/** The turn entry the flags and the board file ask about. */
function turnEntry(flags: PlanFlags, board: unknown): Record<string, unknown> {
  let objective = flags.objective;
  let territoryWorth = flags.territoryWorth;
  const worth = /^value:(.*)$/.exec(objective);
  if (worth) {
    const w = Number(worth[1]);
    if (worth[1].trim() === '' || !Number.isFinite(w))
      throw new InputError(SOURCE, '--objective', `value:W needs a number of armies, not ${JSON.stringify(worth[1])}`);
    if (territoryWorth !== undefined && territoryWorth !== w)
      throw new InputError(SOURCE, '--territory-worth', `disagrees with --objective ${objective}; give one`);
    objective = 'value';
    territoryWorth = w;
  }
  const withReinforcements =
    flags.reinforcements !== undefined && board !== null && typeof board === 'object' && !Array.isArray(board)
      ? { ...board, reinforcements: flags.reinforcements }
      : board;
  const optional = (key: string, value: unknown) => (value === undefined ? {} : { [key]: value });
  return {
    type: 'turn',
    board: withReinforcements,
    objective,
    ...optional('territoryWorth', territoryWorth),
    ...optional('moveIn', flags.moveIn),
    ...optional('leaderMovesIn', flags.leaderMovesIn),
    ...optional('capitolTerritoriesAttack', flags.capitolTerritoriesAttack === false ? false : undefined),
    ...optional('maxStates', flags.maxStates),
    ...optional('attackerDice', flags.attackerDice),
    ...optional('defenderDice', flags.defenderDice),
    ...optional('ties', flags.ties),
    ...optional('fortressBonus', flags.fortressBonus),
    ...optional('leaderBonus', flags.leaderBonus),
  };
}

/**
 * A refusal in the command's words: a field of the board at its place in the file
 * (`board.json: territories[3].armies: must be at least 1 ...`), a switch by its flag.
 */
function planRefusal(file: string, flags: PlanFlags, refusal: Refusal, module: SystemModule): InputError {
  const at = refusal.path;
  const message = refusal.problem.reason === 'value' ? refusal.problem.message : refusal.problem.reason;
  if (at === 'board.reinforcements' && flags.reinforcements !== undefined)
    return new InputError(SOURCE, '--reinforcements', message);
  if (at === 'board' || at.startsWith('board.') || at.startsWith('board['))
    return new InputError(file, at.replace(/^board\.?/, ''), message);
  const head = at.split(/[.[]/)[0];
  if (ENTRY_FLAGS[head]) return new InputError(SOURCE, ENTRY_FLAGS[head], message);
  return refusalInShellWords(SOURCE, module.form, refusal, false);
}

async function answerPlan(module: SystemModule, flags: PlanFlags, io: CliIO): Promise<void> {
  const file = flags.board;
  if (file === '') throw new InputError(SOURCE, '--board', 'an empty path is not a board file');
  // The file reader loads the scenario schemas (zod): on this command's own path, not every command's.
  const { readJsonFile } = await import('../../files/scenarioFile.js');
  const board = readJsonFile(file, MAX_BOARD_BYTES, 'board file');
  const entry = turnEntry(flags, board);
  // The objective and a territory's worth are the entry's (the turn's own); the rest are the run's choices.
  const { objective, territoryWorth, ...session } = flags;
  void objective;
  void territoryWorth;
  const choices = overridesFrom({ ...session, trials: flags.trials ?? DEFAULT_TURN_TRIALS });
  const label = path.basename(file);
  const asking = { module, battle: { entry, label }, choices, source: SOURCE };
  // Checked here first, to word a refusal by the file and its field; answerQuestion asks the same question.
  const asked = prepareQuestion({ ...asking, nameOf: questionFlag });
  if (!asked.ok) throw planRefusal(file, flags, asked.refusal, module);
  const run = {
    threads: flags.threads,
    out: flags.out,
    charts: flags.charts,
    force: flags.force,
    progress: !flags.json,
  };
  await answerQuestion(asking, run, io, (report) => printPlan(report, flags, io));
}

function printPlan(report: ScenarioReport, flags: PlanFlags, io: CliIO): void {
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  for (const battle of report.battles)
    io.stdout.write(formatBattle(battle, { quantiles: flags.quantiles, tables: true }));
  if (flags.out) io.stdout.write(`\nwrote ${oneLine(String(flags.out))}/\n`);
}
