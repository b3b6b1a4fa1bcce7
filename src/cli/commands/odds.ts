/** `battle-odds odds <system> [flags]`: one quick question, answered from flags. */
import { Command, Option } from '@commander-js/extra-typings';
import type { RuleSystemWithOdds, OddsOption } from '../../engine/system.js';
import { compileEntry } from '../../engine/compileEntry.js';
import { InputError } from '../../engine/inputError.js';
import { runBattle } from '../../engine/runBattle.js';
import { addEngineOptions, type EngineFlags } from '../engineOptions.js';
import { parseInteger, parseIntegerList, parseNumber } from '../parse.js';
import { chooseExecutor } from '../jobs.js';
import { createProgress } from '../progress.js';
import { interruptSignal } from '../interrupt.js';
import { formatReport } from '../../output/terminal.js';
import { writeResults } from '../../output/writeResults.js';
import { packageVersion } from '../../node/packageInfo.js';

const DEFAULT_TRIALS = 1_000_000;
/** With --precision and no --trials, the cap is this high, so the target is what stops the run. */
const DEFAULT_PRECISION_CAP = 100_000_000;
const DEFAULT_SEED = 'battle-odds';

function toOption(spec: OddsOption): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.parse === 'int') option.argParser(parseInteger);
  else if (spec.parse === 'number') option.argParser(parseNumber);
  else if (spec.parse === 'int-list') option.argParser(parseIntegerList);
  if (spec.default !== undefined) option.default(parsedDefault(spec));
  return option as unknown as Option;
}

/**
 * The flag behind a field of the battle entry, so errors name what the user typed: the
 * system's own map first, else `attackingArmies` -> `--attacking-armies`.
 */
function flagName(system: RuleSystemWithOdds, field: string): string {
  const mapped = system.odds.flagFor?.(field);
  if (mapped) return mapped;
  const top = field.split(/[.[]/)[0];
  return `--${top.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function oddsCommand(systems: readonly RuleSystemWithOdds[]): Command {
  const odds = new Command('odds')
    .description('quick odds for one battle, from flags (one subcommand per rule system)')
    .addHelpText(
      'after',
      `\nExamples:\n${systems.map((s) => `  $ ${s.odds.examples[0]}`).join('\n')}\n\nEach system's flags: battle-odds odds <system> --help\n`,
    );
  for (const system of systems) {
    const sub = new Command(system.id).description(system.odds.summary);
    for (const spec of system.odds.options) sub.addOption(toOption(spec) as never);
    sub.addOption(
      new Option(
        '--entry <json>',
        "the battle as a scenario file's battle entry, in JSON (any battle type of this system); instead of the flags above",
      ),
    );
    addEngineOptions(sub, { trials: String(DEFAULT_TRIALS), seed: DEFAULT_SEED, sampling: !system.deterministic });
    sub.addOption(new Option('--out <dir>', 'also write CSV, JSON and charts to this folder'));
    sub.addHelpText('after', `\nExamples:\n${system.odds.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    sub.action(async (flags) => {
      await answerOdds(system, flags as Record<string, unknown> & EngineFlags);
    });
    odds.addCommand(sub as never);
  }
  return odds as never;
}

/** The default as the flag's parser would have produced it (so `0` equals the default `'0'`). */
function parsedDefault(spec: OddsOption): unknown {
  if (typeof spec.default !== 'string') return spec.default;
  if (spec.parse === 'int') return parseInteger(spec.default);
  if (spec.parse === 'number') return parseNumber(spec.default);
  return spec.default;
}

/** The system's flags the user actually typed (not left at their defaults), as typed. */
function typedFlags(system: RuleSystemWithOdds, flags: Record<string, unknown>): string[] {
  const parts: string[] = [];
  for (const spec of system.odds.options) {
    const long = spec.flags.split(/[ ,]+/).find((f) => f.startsWith('--')) as string;
    const name = long.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const value = flags[name];
    if (value === undefined || value === false || value === '' || value === parsedDefault(spec)) continue;
    parts.push(value === true ? long : `${long} ${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  return parts;
}

/** A label for a question the system did not label: the system's own flags as typed. */
function questionLabel(system: RuleSystemWithOdds, flags: Record<string, unknown>): string {
  return typedFlags(system, flags).join(' ') || system.id;
}

/** `--entry`: one battle entry given inline, validated like a scenario file's. */
function compileInlineEntry(system: RuleSystemWithOdds, flags: Record<string, unknown>) {
  const source = `odds ${system.id}`;
  const typed = typedFlags(system, flags);
  if (typed.length > 0)
    throw new InputError(
      source,
      '--entry',
      `describes the whole battle; leave out ${typed.map((t) => t.split(' ')[0]).join(', ')}`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(String(flags.entry));
  } catch (error) {
    throw new InputError(source, '--entry', `is not valid JSON (${(error as Error).message})`);
  }
  try {
    return compileEntry(system, raw, source, '', 'inline entry');
  } catch (error) {
    if (error instanceof InputError && error.field)
      throw new InputError(source, `--entry ${error.field}`, error.detail);
    throw error;
  }
}

/** The battle the flags (or `--entry`) describe, validated and compiled. */
function battleFromFlags(system: RuleSystemWithOdds, flags: Record<string, unknown>) {
  if (flags.entry !== undefined) return compileInlineEntry(system, flags);
  let raw: unknown;
  try {
    raw = system.odds.toBattle(flags);
  } catch (error) {
    // A system may reject a flag value while translating (e.g. an unknown technology name).
    if (error instanceof InputError) throw error;
    throw new InputError(`odds ${system.id}`, '', (error as Error).message);
  }
  try {
    return compileEntry(system, raw, `odds ${system.id}`, '', questionLabel(system, flags));
  } catch (error) {
    if (error instanceof InputError && error.field)
      throw new InputError(`odds ${system.id}`, flagName(system, error.field), error.detail);
    throw error;
  }
}

async function answerOdds(system: RuleSystemWithOdds, flags: Record<string, unknown> & EngineFlags): Promise<void> {
  const battle = battleFromFlags(system, flags);
  const trials = flags.trials ?? (flags.precision ? DEFAULT_PRECISION_CAP : DEFAULT_TRIALS);
  const seed = flags.seed ?? DEFAULT_SEED;
  const executor = chooseExecutor(flags.threads, battle.tallySize > 0 && !flags.exactOnly ? trials : 0);
  const interrupt = interruptSignal();
  const progress = createProgress(Boolean(process.stderr.isTTY) && !flags.json);
  const started = new Date();
  try {
    progress.start(battle.label, trials);
    const report = await runBattle(
      system,
      battle,
      {
        seed,
        trials,
        kernel: flags.kernel ?? 'fast',
        exact: Boolean(flags.exact),
        exactOnly: Boolean(flags.exactOnly),
        precision: flags.precision,
        signal: interrupt.signal,
        onProgress: (done) => progress.update(done),
      },
      executor,
    );
    progress.stop();
    if (flags.out) {
      await writeResults(
        flags.out,
        {
          scenario: `odds-${system.id}`,
          system: system.id,
          seed,
          version: packageVersion(),
          startedAt: started.toISOString(),
          elapsedMs: report.elapsedMs,
          threads: executor.threads,
          partial: report.partial,
        },
        [report],
      );
    }
    if (flags.json) {
      const { json, metrics, distributions, tables, charts, ...header } = report;
      void distributions;
      void charts;
      process.stdout.write(
        `${JSON.stringify({ ...header, ...json, metrics, ...(tables ? { tables } : {}) }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(formatReport(report, { quantiles: flags.quantiles }));
      if (flags.out) process.stdout.write(`\nwrote ${flags.out}/\n`);
    }
  } finally {
    progress.stop();
    interrupt.dispose();
    await executor.close();
  }
}
