/**
 * The page's one door to charts: report -> chart requests -> Vega-Lite specs. It points at
 * the interim files until the chart module lands on this branch; then these two imports
 * become `../../output/charts/fromReport.js` and `../../output/charts/vegaLite.js` (same
 * function names and shapes) and the interim files are deleted.
 */
import type { BattleReport, ChartRequest, SweepReport } from '../../engine/report.js';
import { distributionRequest, sweepRequests } from './interimRequests.js';
import { toVegaLite, type VegaLiteSpec } from './interimVegaLite.js';

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
