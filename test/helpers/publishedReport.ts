/** A battle's report as the one battle of a published scenario report (as `odds --json` prints it). */
import type { BattleReport, ScenarioReport } from '../../src/core/model/report.js';
import { scenarioReportSchema } from '../../src/core/registry/report.js';

/** The report in a scenario document, through JSON and parsed by the published schema (throws where it differs). */
export function publishedReport(report: BattleReport, scenario: string): ScenarioReport {
  const document = {
    format: 'battle-odds-report/1',
    scenario,
    file: null,
    system: report.system,
    seed: report.seed,
    version: 'test',
    startedAt: new Date(0).toISOString(),
    elapsedMs: 0,
    threads: 0,
    partial: false,
    battles: [report],
  };
  return scenarioReportSchema.parse(JSON.parse(JSON.stringify(document))) as ScenarioReport;
}
