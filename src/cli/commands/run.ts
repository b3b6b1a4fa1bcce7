/** `battle-odds run <scenario.json | folder>...`: run scenario files and write their results. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import type { Scenario } from '../../engine/scenario.js';
import { loadScenario } from '../../node/scenarioFile.js';
import { InputError } from '../../engine/inputError.js';
import { addEngineOptions, type EngineFlags } from '../engineOptions.js';
import { chooseExecutor, runScenario, sampledTrials, type JobOverrides } from '../jobs.js';
import { createProgress } from '../progress.js';
import { interruptSignal } from '../interrupt.js';
import { battleHeading, formatReport } from '../../output/terminal.js';
import { writeResults } from '../../output/writeResults.js';
import { percent } from '../../output/format.js';
import { packageVersion } from '../../node/packageInfo.js';
import type { RunReport } from '../../engine/runBattle.js';
import type { SweepResult } from '../../engine/runSweep.js';

/** Files named on the command line, with folders expanded to their *.json files (sorted). */
export function scenarioFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    let stats;
    try {
      stats = statSync(p);
    } catch {
      throw new InputError(p, '', 'no such file or folder');
    }
    if (stats.isDirectory()) {
      const inside = readdirSync(p)
        .filter((f) => f.endsWith('.json'))
        .sort();
      if (inside.length === 0) throw new InputError(p, '', 'folder holds no .json scenario files');
      files.push(...inside.map((f) => path.join(p, f)));
    } else {
      files.push(p);
    }
  }
  return files;
}

export function runCommand(): Command {
  const command = new Command('run')
    .description('run scenario files (or every .json in a folder) and write results/<scenario-name>/')
    .argument('<paths...>', 'scenario files or folders of them')
    .addOption(
      new Option('--out <dir>', 'results folder; each scenario writes <dir>/<scenario-name>/').default('results'),
    )
    .addOption(new Option('--no-charts', 'skip the SVG/PNG charts (faster)'))
    .addOption(
      new Option(
        '--brief',
        "print each battle's headline probability (or, for a deterministic answer, its verdict) instead of full tables",
      ),
    );
  addEngineOptions(command, {});
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
    await runScenarios(paths, flags as EngineFlags & { out: string; charts: boolean; brief?: boolean });
  });
  return command as never;
}

async function runScenarios(
  paths: string[],
  flags: EngineFlags & { out: string; charts: boolean; brief?: boolean },
): Promise<void> {
  // Validate every file before running anything: bad input writes nothing.
  const scenarios: Scenario[] = scenarioFiles(paths).map(loadScenario);
  const names = new Map<string, string>();
  for (const s of scenarios) {
    const other = names.get(s.name);
    if (other)
      throw new InputError(
        s.file,
        'name',
        `'${s.name}' is also the name of ${other}; results would overwrite each other`,
      );
    names.set(s.name, s.file);
  }
  const overrides: JobOverrides = {
    trials: flags.trials,
    seed: flags.seed,
    kernel: flags.kernel,
    exact: flags.exact,
    exactOnly: flags.exactOnly,
    precision: flags.precision,
  };
  const total = scenarios.reduce((s, sc) => s + sampledTrials(sc, overrides), 0);
  const executor = chooseExecutor(flags.threads, total);
  const interrupt = interruptSignal();
  const progress = createProgress(Boolean(process.stderr.isTTY) && !flags.json);
  const version = packageVersion();
  const outputs: unknown[] = [];
  try {
    for (const scenario of scenarios) {
      if (interrupt.signal.aborted) break;
      const started = new Date();
      const run = await runScenario(scenario, overrides, executor, interrupt.signal, progress);
      if (run.reports.length === 0 && !run.sweep) break;
      const dir = path.join(flags.out, scenario.name);
      const meta = {
        scenario: scenario.name,
        description: scenario.description,
        file: scenario.file,
        system: scenario.system.id,
        seed: overrides.seed ?? scenario.seed,
        version,
        startedAt: started.toISOString(),
        elapsedMs: run.elapsedMs,
        threads: executor.threads,
        partial: run.partial,
      };
      const written = await writeResults(dir, meta, run.reports, { charts: flags.charts, sweep: run.sweep });
      if (flags.json) {
        outputs.push({ ...meta, battles: run.reports.map(jsonBattle), ...(run.sweep ? { sweep: run.sweep } : {}) });
      } else {
        printScenario(scenario, run.reports, Boolean(flags.brief), flags.quantiles);
        if (run.sweep) printSweep(run.sweep);
        process.stdout.write(
          `  -> ${written.dir}/ (${written.files.length} files${run.partial ? ', PARTIAL' : ''})\n\n`,
        );
      }
    }
  } finally {
    progress.stop();
    interrupt.dispose();
    await executor.close();
  }
  if (flags.json) process.stdout.write(`${JSON.stringify({ version, scenarios: outputs }, null, 2)}\n`);
}

function jsonBattle(r: RunReport) {
  const { json, distributions, charts, ...rest } = r;
  void charts;
  return { ...rest, ...json, distributions };
}

function printScenario(scenario: Scenario, reports: RunReport[], brief: boolean, quantiles?: boolean): void {
  process.stdout.write(
    `== ${scenario.name} (${scenario.system.id})${scenario.description ? `: ${scenario.description}` : ''}\n`,
  );
  for (const r of reports) {
    if (!brief) {
      process.stdout.write(`${formatReport(r, { quantiles })}\n`);
      continue;
    }
    if (r.method === 'exact' && r.verdict?.length) {
      // A deterministic answer reads better as its sentences than as a 0/1 metric.
      process.stdout.write(`  ${battleHeading(r)}\n${r.verdict.map((line) => `      ${line}\n`).join('')}`);
      continue;
    }
    const head = r.metrics[0];
    const value = head
      ? head.kind === 'probability'
        ? percent(r.method === 'exact' && head.exact !== undefined ? head.exact : head.estimate)
        : String(head.estimate)
      : '';
    const ci = head?.ci95
      ? ` [${percent(head.ci95[0])}, ${percent(head.ci95[1])}]`
      : r.method === 'exact'
        ? ' (exact)'
        : '';
    process.stdout.write(`  ${battleHeading(r)}\n      ${head ? `${head.label}: ${value}${ci}` : ''}\n`);
  }
}

/** A sweep in a few lines: its size, time, and the cells with the lowest and highest headline. */
function printSweep(sweep: SweepResult): void {
  const axes = sweep.axes.map((a) => `${a.name} (${a.values.length})`).join(' x ');
  const exact = sweep.cells.every((c) => c.method === 'exact');
  process.stdout.write(
    `  sweep ${axes} = ${sweep.cells.length} cells, variants: ${sweep.variants.join(', ')}; ${exact ? 'exact' : `${(sweep.cells[0]?.trials ?? 0).toLocaleString('en-US')} trials per cell`}, ${(sweep.elapsedMs / 1000).toFixed(2)} s${sweep.partial ? ', PARTIAL' : ''}\n`,
  );
  for (const [i, variant] of sweep.variants.entries()) {
    const values = sweep.cells.map((c) => c.variants[i].headline.estimate);
    process.stdout.write(
      `      ${variant}: ${sweep.headlineLabel} ranges ${percent(Math.min(...values))} .. ${percent(Math.max(...values))}\n`,
    );
  }
  for (const [k, variant] of sweep.variants.slice(1).entries()) {
    const diffs = sweep.cells.map((c) => c.differences[k]);
    const widest = diffs.reduce((w, d) => Math.max(w, d.ci95 ? (d.ci95[1] - d.ci95[0]) / 2 : 0), 0);
    const widestUnpaired = diffs.reduce(
      (w, d) => Math.max(w, d.unpairedCi95 ? (d.unpairedCi95[1] - d.unpairedCi95[0]) / 2 : 0),
      0,
    );
    const spread = diffs.map((d) => d.difference);
    // A difference of two probabilities is in percentage points, not percent.
    const points = (x: number) => (x * 100).toFixed(2);
    process.stdout.write(
      `      ${variant} minus ${sweep.variants[0]}: ${points(Math.min(...spread))} .. ${points(Math.max(...spread))} percentage points${widest > 0 ? ` (paired 95% half-width <= ${points(widest)}; unpaired would be ${points(widestUnpaired)})` : ''}\n`,
    );
  }
}
