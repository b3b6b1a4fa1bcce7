/**
 * The whole run's estimate: the core's (src/core/run/estimate.ts: answers, sampling, solves) and what
 * only the Node ring sees: the process's start-up, and the files, charts and pages the run writes,
 * calibrated here on one real battle's files (its CSV rows, page section, report JSON, and its charts
 * drawn as the run draws them, SVG and PNG) and on a grid like each sweep's. Nothing is written; only
 * the estimate reads the clock.
 */
import type { Scenario } from '../core/engine/validate/scenario.js';
import type { Overrides } from '../core/run/runScenario.js';
import type { BattleReport, ChartRequest, HeatmapChart } from '../core/model/report.js';
import { estimateRun, type RunEstimate } from '../core/run/estimate.js';
import { runBattle } from '../core/engine/answer/battle.js';
import { InProcessExecutor } from '../core/engine/sample/executor.js';
import { findSystem } from '../core/registry/systems.js';
import { battleTableFiles, distributionRows, summaryPairs } from '../output/csv.js';
import { battleSection } from '../output/html.js';
import { battleJson } from '../output/reportJson.js';
import { distributionRequest } from '../output/charts/fromReport.js';
import { PAGE_ROOM, REPORT_ROOM, specJson, toVegaLite, type ChartRoom } from '../output/charts/vegaLite.js';

/** A command's start-up, in CPU seconds, at most (bench: 0.15-0.3 s). */
const MOST_STARTUP_S = 1;

/** A busy moment during the calibration stretches the clock's estimate at most this much (it passes). */
const MOST_STRETCH = 3;

/** Trials of the one battle answered for its files when every battle is sampled (its shape is what counts). */
const SAMPLE_TRIALS = 2000;

export interface OutputChoices {
  charts: boolean;
  png: boolean;
}

/** What the run writes, and how long that takes (seconds of this thread). */
export interface OutputEstimate {
  /** Charts drawn: each battle's, and its sweep's. */
  charts: number;
  /** The process's own start-up, as this one took it (module loading). */
  startupSeconds: number;
  /** Files, pages and charts. */
  outputSeconds: number;
}

export type WholeEstimate = RunEstimate & OutputEstimate;

/** This process's CPU time (ms): what the estimate is timed on, so that a busy machine does not inflate it. */
export const cpuClock = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * The core's estimate and the Node ring's share: start-up, files and charts (`charts`: drawn at all).
 * Timed in CPU time; the wall-clock seconds are stretched by how much of the machine this process got
 * while calibrating (on a busy machine, other processes' share).
 */
export async function estimateWholeRun(
  scenarios: Scenario[],
  overrides: Overrides,
  threads: number,
  output: OutputChoices,
): Promise<WholeEstimate> {
  // A command's start-up is its process's time so far; a process doing more (a library's host, a test
  // runner) counts no more than a command's start-up takes.
  const startupSeconds = Math.min(cpuClock() / 1000, MOST_STARTUP_S);
  const started = cpuClock();
  const wallStarted = performance.now();
  const compute = await estimateRun(scenarios, overrides, threads, cpuClock);
  const files = await calibrateFiles(scenarios, overrides, output);
  let charts = 0;
  let outputSeconds = files.loadSeconds;
  const sweeps = scenarios.some((sc) => sc.sweep && sc.sweep.axes.length > 0);
  const cost = output.charts && sweeps ? await gridCost(output.png) : null;
  for (const [i, scenario] of scenarios.entries()) {
    const plan = compute.scenarios[i];
    // A battle solved for a knob draws its curve too.
    const solving = scenario.battles.filter((b) => b.solveFor ?? overrides.question?.solveFor).length;
    const perChart = files.chartsPerBattle > 0 ? files.battleSeconds / (files.chartsPerBattle + 1) : 0;
    const battles = scenario.battles.length * files.battleSeconds + (output.charts ? solving * perChart : 0);
    const battleCharts = output.charts ? scenario.battles.length * files.chartsPerBattle + solving : 0;
    const sweep = scenario.sweep ? sweepOutput(scenario, output, cost) : { seconds: 0, charts: 0 };
    const seconds = battles + sweep.seconds + (scenario.battles.length > 0 ? files.scenarioSeconds : 0);
    charts += battleCharts + sweep.charts;
    outputSeconds += seconds;
    plan.seconds += seconds;
    plan.cpuSeconds += seconds;
    plan.sweepSeconds += sweep.seconds;
  }
  const calibration = cpuClock() - started;
  // The machine's share this process got: a second of CPU took this long on the clock (at least 1).
  const stretch = Math.min(MOST_STRETCH, Math.max(1, (performance.now() - wallStarted) / Math.max(calibration, 1)));
  for (const plan of compute.scenarios) {
    plan.seconds *= stretch;
    plan.sweepSeconds *= stretch;
    plan.perBattle *= stretch;
    plan.perExact *= stretch;
  }
  return {
    ...compute,
    seconds: (compute.scenarios.reduce((s, p) => s + p.seconds, 0) + startupSeconds + files.loadSeconds) * stretch,
    cpuSeconds: compute.scenarios.reduce((s, p) => s + p.cpuSeconds, 0) + startupSeconds + files.loadSeconds,
    calibrationMs: calibration,
    charts,
    startupSeconds,
    outputSeconds,
  };
}

interface FileCosts {
  /** Loading the chart libraries (the first chart's extra cost). */
  loadSeconds: number;
  /** One battle's files, page section and charts. */
  battleSeconds: number;
  chartsPerBattle: number;
  /** A scenario's own files (summary, report, page). */
  scenarioSeconds: number;
}

/** One battle of the first scenario answered and its files made in memory, timed (the second time: warm). */
async function calibrateFiles(scenarios: Scenario[], overrides: Overrides, output: OutputChoices): Promise<FileCosts> {
  const scenario = scenarios.find((s) => s.battles.length > 0);
  if (!scenario)
    return {
      loadSeconds: output.charts ? await chartLoad() : 0,
      battleSeconds: 0,
      chartsPerBattle: 0,
      scenarioSeconds: 0,
    };
  const report = await oneBattle(scenario, overrides);
  if (!report) return { loadSeconds: 0, battleSeconds: 0.005, chartsPerBattle: 0, scenarioSeconds: 0.005 };
  const requests = [distributionRequest(report), ...report.charts].filter((c): c is ChartRequest => c !== null);
  const loadSeconds = output.charts ? await chartLoad() : 0;
  const files = async () => {
    const t0 = cpuClock();
    battleTableFiles(report);
    summaryPairs('', report);
    distributionRows('', report);
    battleJson(report, true);
    if (output.charts) for (const request of requests) await drawn(request, REPORT_ROOM, output.png);
    battleSection(report, []);
    return (cpuClock() - t0) / 1000;
  };
  const battleSeconds = await files();
  return {
    loadSeconds,
    battleSeconds,
    chartsPerBattle: output.charts ? requests.length : 0,
    // The summary, report and page files read each battle's spooled line again: about its own cost.
    scenarioSeconds: battleSeconds / 4,
  };
}

/** The first battle of a scenario answered in this thread: exact as the run would, else on a few trials. */
async function oneBattle(scenario: Scenario, overrides: Overrides): Promise<BattleReport | null> {
  const battle = { ...scenario.battles[0] };
  const question = { ...scenario.question, ...overrides.question };
  delete question.solveFor;
  delete question.solveRange;
  try {
    return await runBattle(
      scenario.system,
      battle,
      scenario.files[0] ?? 'battle',
      {
        seed: overrides.seed ?? scenario.seed,
        trials: Math.min(SAMPLE_TRIALS, overrides.trials ?? scenario.trials),
        kernel: overrides.kernel ?? scenario.kernel,
        method: overrides.method ?? scenario.method,
        check: overrides.check ?? scenario.exact,
        question,
      },
      new InProcessExecutor(findSystem),
    );
  } catch {
    return null;
  }
}

/** Seconds to load the chart libraries: the first chart's extra cost over the next. */
async function chartLoad(): Promise<number> {
  const t0 = cpuClock();
  const { renderSvg } = await import('../output/render.js');
  await renderSvg(toVegaLite(tinyChart(), REPORT_ROOM));
  return (cpuClock() - t0) / 1000;
}

async function drawn(request: ChartRequest, room: ChartRoom, png: boolean): Promise<void> {
  const { renderSvg, svgToPng } = await import('../output/render.js');
  const spec = toVegaLite(request, room);
  specJson(spec);
  const svg = await renderSvg(spec);
  if (png) svgToPng(svg);
}

/** Seconds a grid chart of `cells` cells takes to draw: a fixed part and a part per cell, from two grids drawn. */
type GridCost = (cells: number) => number;

/** Two grids drawn (a small and a larger one), timed: the cost of a grid chart by its cells. */
async function gridCost(png: boolean): Promise<GridCost> {
  const time = async (cells: number) => {
    const t0 = cpuClock();
    await drawn(grid(cells), PAGE_ROOM, png);
    return (cpuClock() - t0) / 1000;
  };
  const [small, large] = [await time(GRID_SMALL), await time(GRID_LARGE)];
  const perCell = Math.max(0, (large - small) / (GRID_LARGE - GRID_SMALL));
  return (cells) => Math.max(small - perCell * GRID_SMALL, 0) + perCell * cells;
}
const GRID_SMALL = 36;
const GRID_LARGE = 576;

/**
 * A sweep's charts (each variant's grid, the differences, the solved values), counted and priced by
 * their cells (gridCost); its CSV files with them.
 */
function sweepOutput(
  scenario: Scenario,
  output: OutputChoices,
  cost: GridCost | null,
): { seconds: number; charts: number } {
  const sweep = scenario.sweep!;
  const variants = sweep.variants.length;
  const axes = sweep.axes.length;
  const solved = sweep.solveFor ? 1 : 0;
  const charts =
    axes === 0 ? (variants > 1 ? 1 : 0) : axes === 1 ? variants + solved : 2 * variants - 1 + solved * variants;
  // The CSV files: a row per cell (every metric of every variant), about a battle's summary row each.
  const csvSeconds = (sweep.cells.length * variants * CSV_MS_PER_CELL) / 1000;
  if (!output.charts || charts === 0 || !cost) return { seconds: csvSeconds, charts: output.charts ? charts : 0 };
  return { seconds: csvSeconds + charts * cost(Math.max(1, sweep.cells.length)), charts };
}
/** Milliseconds of a sweep cell's CSV rows (sweep.csv, solved.csv), about. */
const CSV_MS_PER_CELL = 0.05;

/** A square grid of about `cells` cells (values made up: the drawing's cost is the grid's). */
function grid(cells: number): HeatmapChart {
  const side = Math.max(1, Math.round(Math.sqrt(cells)));
  const values = Array.from({ length: side }, (_, i) => i + 1);
  return {
    kind: 'heatmap',
    name: 'estimate',
    title: 'estimate',
    x: { title: 'x', values },
    y: { title: 'y', values },
    colour: { scale: 'probability', title: 'P' },
    cells: values.flatMap((x) => values.map((y) => ({ x, y, value: ((x * 7 + y * 13) % 97) / 97 }))),
  };
}

function tinyChart(): ChartRequest {
  return {
    kind: 'lines',
    name: 'estimate',
    title: 'estimate',
    x: { title: 'x', values: [1, 2] },
    y: { title: 'y', format: 'percent', domain: [0, 1] },
    series: ['s'],
    points: [
      { x: 1, series: 's', y: 0.2 },
      { x: 2, series: 's', y: 0.4 },
    ],
  };
}
