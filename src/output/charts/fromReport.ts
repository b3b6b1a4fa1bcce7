/** Placeholder until the chart primitives land: the engine's own chart requests. */
import type { BattleReport, ChartRequest, DistributionChart, SweepReport } from '../../engine/report.js';

export function distributionRequest(report: BattleReport): DistributionChart | null {
  void report;
  return null;
}

export function sweepRequests(scenario: string, sweep: SweepReport): ChartRequest[] {
  void scenario;
  void sweep;
  return [];
}
