/**
 * The page's one door to charts: report -> chart requests -> Vega-Lite specs, through the
 * same chart module and theme as the report files (src/output/charts/).
 */
import type { BattleReport, ChartRequest, SweepReport } from '../../engine/report.js';
import { distributionRequest, sweepRequests } from '../../output/charts/fromReport.js';
import { toVegaLite, type VegaLiteSpec } from '../../output/charts/vegaLite.js';

export type { VegaLiteSpec };

function specs(requests: Array<ChartRequest | null>): VegaLiteSpec[] {
  return requests.flatMap((r) => {
    const spec = r ? toVegaLite(r) : null;
    return spec ? [spec] : [];
  });
}

/**
 * A battle's charts: its outcome distribution, then whatever the system asked for; `title`
 * names the battle in their titles (the page's words) wherever they name it by its label.
 */
export function battleCharts(report: BattleReport, title = report.label): VegaLiteSpec[] {
  const named = title === report.label ? report.charts : report.charts.map((c) => renamed(c, report.label, title));
  return specs([distributionRequest({ ...report, label: title }), ...named]);
}

/** A chart request with every mention of the battle's label replaced by another name. */
function renamed(chart: ChartRequest, label: string, title: string): ChartRequest {
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  return JSON.parse(JSON.stringify(chart).split(inJson(label)).join(inJson(title))) as ChartRequest;
}

export function sweepCharts(scenario: string, sweep: SweepReport): VegaLiteSpec[] {
  return specs(sweepRequests(scenario, sweep));
}
