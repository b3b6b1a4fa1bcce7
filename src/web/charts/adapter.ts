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

/** A battle's charts: its outcome distribution, then whatever the system asked for. */
export function battleCharts(report: BattleReport): VegaLiteSpec[] {
  return specs([distributionRequest(report), ...report.charts]);
}

export function sweepCharts(scenario: string, sweep: SweepReport): VegaLiteSpec[] {
  return specs(sweepRequests(scenario, sweep));
}
