/** `battle-odds run <scenario.json | folder>...`: run scenario files and write their results. */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { Scenario } from '../../core/engine/validate/scenario.js';
import type { BattleReport, ScenarioReport } from '../../core/model/report.js';
import { InputError, oneLine } from '../../core/model/inputError.js';
import { formatBattle, formatBattleBrief, formatSweep } from '../../output/terminal.js';
import type { ReportText } from '../../files/writeResults.js';
import type { RunOutput, ScenarioOutput } from '../../session/scenarios.js';
import { addEngineOptions, addQuestionOptions, type EngineFlags } from '../engineOptions.js';
import type { CliIO } from '../io.js';
import { questionFlag } from '../../core/form/shellWords.js';
import { MAX_SHARDS } from '../../fleet/shard/assign.js';
import { VERIFY_WORDS } from '../../fleet/verify.js';
import { MAX_RULEBOOK_DECIMALS } from '../../output/rulebook.js';
import { parseInteger } from '../parse.js';

/** `--rulebook 1`: a whole number of decimals from 0 to MAX_RULEBOOK_DECIMALS. */
function parseDecimals(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > MAX_RULEBOOK_DECIMALS)
    throw new InvalidArgumentError(`must be a whole number from 0 to ${MAX_RULEBOOK_DECIMALS}.`);
  return n;
}

export type RunFlags = EngineFlags & {
  out: string;
  charts: boolean;
  png: boolean;
  dryRun?: boolean;
  brief?: boolean;
  force?: boolean;
  rulebook?: number;
  shard?: string;
  queue?: string;
  verify?: string;
  verifySeed?: string;
};

export function runCommand(io: CliIO): Command {
  const command = new Command('run')
    .description('run scenario files (or every .json in a folder) and write results/<scenario-name>/')
    .argument('<paths...>', 'scenario files or folders of them')
    .addOption(
      new Option('--out <dir>', 'results folder; each scenario writes <dir>/<scenario-name>/').default('results'),
    )
    .addOption(new Option('--no-charts', 'skip the SVG/PNG charts (faster)'))
    .addOption(new Option('--no-png', 'charts as Vega-Lite and SVG only (the pages use the SVGs): faster, far smaller'))
    .addOption(new Option('--force', 'replace an existing folder that is not an earlier battle-odds results folder'))
    .addOption(new Option('--brief', "print each battle's verdict (or headline) instead of full tables"))
    .addOption(
      new Option(
        '--rulebook [decimals]',
        "also write each sweep's grid as rulebook tables (rulebook.md, .csv, .html), percentages rounded to " +
          `this many decimals (default 0, at most ${MAX_RULEBOOK_DECIMALS})`,
      ).argParser(parseDecimals),
    )
    .addOption(
      new Option('--dry-run', 'print the plan and the expected time (from a short calibration); run and write nothing'),
    )
    .addOption(
      new Option(
        '--shard <i/N>',
        `run only shard i of N (0 <= i < N <= ${MAX_SHARDS.toLocaleString('en-US')}) and write a tally file into ` +
          '--out (see merge)',
      ),
    )
    .addOption(new Option('--queue <url>', 'run the chunks on a worker fleet through Redis, e.g. redis://host:6379'))
    .addOption(
      new Option(
        '--verify <n|p%|all|none>',
        `with --queue: chunks of each worker re-run here and compared: ${VERIFY_WORDS} (default 2)`,
      ),
    )
    .addOption(new Option('--verify-seed <hex>', 'with --queue: draw the chunks to re-run from this seed'));
  addEngineOptions(command, {});
  addQuestionOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  $ battle-odds run scenarios                      # every bundled scenario
  $ battle-odds run scenarios --sample --trials 1e7 --dry-run   # how long would that take?
  $ battle-odds run scenarios/landgrab-fortress-assault.json --trials 1e7 --threads 2
  $ battle-odds run my-scenario.json --json > odds.json
  $ battle-odds run big.json --shard 3/8 --out part-3    # then: battle-odds merge part-* --out results
  $ battle-odds run big.json --queue redis://10.0.0.5:6379  # with \`battle-odds worker\` on the machines

Scenario files are JSON; their schema is schema/scenario.schema.json (print it with
\`battle-odds schema\`). Army counts: see README "Army counts".`,
  );
  command.action(async (paths, flags) => {
    const asked = flags as RunFlags;
    (await import('../../session/heapPolicy.js')).keepHeapNearLive();
    if (asked.shard !== undefined) {
      if (asked.dryRun) throw new InputError('--dry-run', '', 'estimates a run on this machine; not with --shard');
      // A shard writes a tally file for `battle-odds merge` instead of results (docs/fleet.md).
      const { runShards } = await import('../../session/shard.js');
      await runShards(paths, { ...asked, shard: asked.shard }, io);
      return;
    }
    // The writer, the page and the CSV files load when a run actually starts.
    const { runScenarioFiles } = await import('../../session/scenarios.js');
    // `--rulebook` alone: no decimals.
    const rulebook = (asked.rulebook as number | boolean | undefined) === true ? 0 : asked.rulebook;
    const options = { ...asked, ...(rulebook !== undefined ? { rulebook } : {}), questionName: questionFlag };
    await runScenarioFiles(paths, options, io, runOutput(io, asked));
  });
  return command as never;
}

/** What `run` prints: each battle's tables (or verdict) as it finishes, or with --json every report at the end. */
function runOutput(io: CliIO, flags: RunFlags): RunOutput {
  if (flags.json) return { reports: (reports) => printReports(io, reports) };
  return {
    scenario: (scenario, out) =>
      scenarioPrinter({ ...io, stdout: out }, scenario, Boolean(flags.brief), flags.quantiles),
  };
}

/** The terminal's account of a scenario, a battle at a time; the heading comes with the first thing printed. */
function scenarioPrinter(io: CliIO, scenario: Scenario, brief: boolean, quantiles?: boolean): ScenarioOutput {
  let headed = false;
  const heading = () => {
    if (headed) return;
    headed = true;
    const about = scenario.description ? `: ${scenario.description}` : '';
    io.stdout.write(`== ${scenario.name} (${scenario.system.id})${about}\n`);
  };
  return {
    battle(r: BattleReport) {
      heading();
      io.stdout.write(brief ? formatBattleBrief(r) : `${formatBattle(r, { quantiles })}\n`);
    },
    end(report: ScenarioReport, written) {
      heading();
      if (report.sweep) io.stdout.write(formatSweep(report.sweep));
      const partial = report.partial ? ', PARTIAL' : '';
      io.stdout.write(`  -> ${oneLine(written.dir)}/ (${written.files.length} files${partial})\n\n`);
    },
  };
}

/**
 * `run --json`: one JSON array of the scenarios' reports, as JSON.stringify(reports, null, 2)
 * writes it, copied from each report.json (each line indented one level) instead of held.
 */
async function printReports(io: CliIO, reports: readonly ReportText[]): Promise<void> {
  if (reports.length === 0) {
    io.stdout.write('[]\n');
    return;
  }
  io.stdout.write('[\n');
  for (const [i, report] of reports.entries()) {
    // Every newline but the file's last (held back until more text shows it was not the last).
    let held = false;
    io.stdout.write('  ');
    await report.copyTo((piece) => {
      let text = held ? `\n${piece}` : piece;
      held = text.endsWith('\n');
      if (held) text = text.slice(0, -1);
      io.stdout.write(text.replace(/\n/g, '\n  '));
    });
    io.stdout.write(i < reports.length - 1 ? ',\n' : '\n]\n');
  }
}
