/** `battle-odds odds <system> [flags]`: one quick question, answered from flags (or one inline entry). */
import { Command, Option } from '@commander-js/extra-typings';
import type { SystemModule } from '../../core/registry/systems.js';
import type { ScenarioReport } from '../../core/model/report.js';
import type { AskedBattle } from '../../core/ask/prepareQuestion.js';
import { DEFAULT_SEED, DEFAULT_TRIALS } from '../../core/model/run.js';
import { InputError, oneLine } from '../../core/model/inputError.js';
import { isGiven } from '../../core/form/read.js';
import { formArgs } from '../../core/form/entry.js';
import { kindOf, type FormValues } from '../../core/form/form.js';
import { addEngineOptions, addQuestionOptions, type EngineFlags } from '../engineOptions.js';
import { overridesFrom } from '../../session/options.js';
import { answerQuestion } from '../../session/answerQuestion.js';
import { fieldOption, fieldValues } from '../form.js';
import { formatBattle } from '../../output/terminal.js';
import type { CliIO } from '../io.js';
import { checkJsonText } from '../../files/jsonText.js';

/** How a question command differs: odds answers the odds; should-i-attack also advises (target 80% by default). */
interface QuestionPreset {
  name: string;
  description: string;
  advise: boolean;
}

const ODDS: QuestionPreset = {
  name: 'odds',
  description: 'quick odds for one battle, from flags (one subcommand per rule system)',
  advise: false,
};

const SHOULD_I_ATTACK: QuestionPreset = {
  name: 'should-i-attack',
  description:
    'the verdict, how many you need for a target (default 80%) and the decisions (stop rule, optimal play), ' +
    'in one screen',
  advise: true,
};

export function oddsCommand(modules: readonly SystemModule[], io: CliIO): Command {
  return questionCommand(ODDS, modules, io);
}

export function shouldIAttackCommand(modules: readonly SystemModule[], io: CliIO): Command {
  return questionCommand(SHOULD_I_ATTACK, modules, io);
}

function questionCommand(preset: QuestionPreset, modules: readonly SystemModule[], io: CliIO): Command {
  const example = (e: string) => (preset.advise ? e.replace('battle-odds odds', 'battle-odds should-i-attack') : e);
  const command = new Command(preset.name)
    .description(preset.description)
    .addHelpText(
      'after',
      `\nExamples:\n${modules.map((m) => `  $ ${example(m.form.examples[0])}`).join('\n')}\n\n` +
        `Each system's flags: battle-odds ${preset.name} <system> --help\n`,
    );
  for (const module of modules) {
    const { system, form } = module;
    const source = `${preset.name} ${system.id}`;
    const sub = new Command(system.id).description(form.summary);
    for (const field of form.fields) sub.addOption(fieldOption(field, source) as never);
    sub.addOption(
      new Option(
        '--entry <json>',
        "the battle as a scenario file's battle entry, in JSON (any battle type of this system); " +
          'instead of the flags above',
      ),
    );
    addEngineOptions(sub, { trials: String(DEFAULT_TRIALS), seed: DEFAULT_SEED, sampling: Boolean(system.sampler) });
    addQuestionOptions(sub, preset.advise, system.objectives);
    sub.addOption(new Option('--out <dir>', 'also write CSV, JSON and charts to this folder'));
    sub.addOption(new Option('--no-charts', 'with --out: skip the SVG/PNG charts (faster)'));
    sub.addOption(
      new Option('--force', 'with --out: replace a folder that is not an earlier battle-odds results folder'),
    );
    sub.addHelpText('after', `\nExamples:\n${form.examples.map((e) => `  $ ${example(e)}`).join('\n')}\n`);
    sub.action(async (flags) => {
      const asked = flags as Record<string, unknown> & EngineFlags;
      await answerOdds(module, preset.advise ? { ...asked, advise: true } : asked, io, source);
    });
    command.addCommand(sub as never);
  }
  return command as never;
}

/** The battle the flags ask about: the form's values, or one battle entry given inline (`--entry`). */
function askedBattle(module: SystemModule, flags: Record<string, unknown>, source: string): AskedBattle {
  const values: FormValues = fieldValues(module.form.fields, flags);
  if (flags.entry === undefined) return { values, kind: kindOf(module.form, (f) => isGiven(f, values[f.key])) };
  const typed = formArgs(module.form.fields, values);
  if (typed.length > 0) {
    const names = typed.map((t) => t.split(' ')[0]).join(', ');
    throw new InputError(source, '--entry', `describes the whole battle; leave out ${names}`);
  }
  const text = String(flags.entry);
  // Numbers JSON cannot hold exactly, and absurd nesting, are refused before parsing.
  checkJsonText(text, `${source}: --entry`);
  try {
    return { entry: JSON.parse(text), label: 'inline entry' };
  } catch (error) {
    throw new InputError(source, '--entry', `is not valid JSON (${(error as Error).message})`);
  }
}

async function answerOdds(
  module: SystemModule,
  flags: Record<string, unknown> & EngineFlags,
  io: CliIO,
  source: string,
): Promise<void> {
  const battle = askedBattle(module, flags, source);
  const out = flags.out !== undefined ? String(flags.out) : undefined;
  const run = {
    threads: flags.threads,
    out,
    charts: flags.charts,
    force: flags.force,
    progress: !flags.json,
  };
  const asking = { module, battle, choices: overridesFrom(flags), source };
  await answerQuestion(asking, run, io, (report) => printAnswer(report, flags, io));
}

/** The answer on stdout: one JSON report, or each battle's table (with its advice's tables when asked). */
function printAnswer(report: ScenarioReport, flags: EngineFlags, io: CliIO): void {
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  for (const battle of report.battles) {
    // Advice comes with its tables (the stop rule, what to give up): the one screen a player reads.
    // A solve's curve is its answer's table: shown with or without advice.
    const own = [
      ...(battle.decisions?.solvedFor ? ['solved-for'] : []),
      ...(battle.decisions?.sensitivity ? ['sensitivity'] : []),
    ];
    const tables = flags.advise ? true : own.length > 0 ? own : false;
    io.stdout.write(formatBattle(battle, { quantiles: flags.quantiles, tables }));
  }
  if (flags.out) io.stdout.write(`\nwrote ${oneLine(String(flags.out))}/\n`);
}
