/**
 * The page's one door to charts: report -> chart requests (on the page's thread: small) ->
 * Vega-Lite specs (in the chart worker, workers/chartJob.ts), through the same chart module
 * and theme as the report files (src/output/charts/), built for the width the page has (a
 * phone's), so their text is read at its size, not shrunk.
 */
import type { BattleReport, ChartRequest, SweepReport } from '../../core/model/report.js';
import { distributionRequest, sweepRequests } from '../../output/charts/fromReport.js';
import { toVegaLite, type ChartRoom, type VegaLiteSpec } from '../../output/charts/vegaLite.js';
import { thousands } from '../../core/words/format.js';

export type { ChartRoom, VegaLiteSpec };

export function chartSpecs(requests: Array<ChartRequest | null>, room?: ChartRoom): VegaLiteSpec[] {
  return requests.flatMap((r) => {
    const spec = r ? toVegaLite(r, room) : null;
    return spec ? [spec] : [];
  });
}

/**
 * A battle's charts: its outcome distribution, then whatever the system asked for; `title`
 * names the battle in their titles (the page's words) wherever they name it by its label.
 */
export function battleCharts(report: BattleReport, title = report.label, room?: ChartRoom): VegaLiteSpec[] {
  return chartSpecs([distributionRequest({ ...report, label: title }), ...named(report.charts, report, title)], room);
}

/** Chart requests with every mention of the battle's label replaced by another name (the page's words). */
export function named(charts: readonly ChartRequest[], report: BattleReport, title: string): ChartRequest[] {
  if (title === report.label) return [...charts];
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  return charts.map(
    (c) => JSON.parse(JSON.stringify(c).split(inJson(report.label)).join(inJson(title))) as ChartRequest,
  );
}

/**
 * The outcome distribution's request, the battle named by `title` and how it was answered in
 * a player's words (the report files' subtitle names the system by its id).
 */
export function distributionChart(report: BattleReport, title: string): ChartRequest | null {
  const request = distributionRequest({ ...report, label: title });
  if (!request) return null;
  const how =
    report.method === 'exact'
      ? 'exact'
      : `Monte Carlo, ${thousands(report.trials)} trials${report.partial ? ' so far' : ''}, seed “${report.seed}”`;
  return { ...request, subtitle: [how] };
}

/** A table's charts, as requests (the chart worker builds and draws them). */
export function sweepChartRequests(scenario: string, sweep: SweepReport): ChartRequest[] {
  return sweepRequests(scenario, sweep);
}
