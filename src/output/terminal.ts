/** The readable table printed on the terminal for each battle. */
import type { Metric } from '../engine/system.js';
import type { RunReport } from '../engine/runBattle.js';
import { fixed, percent, thousands } from './format.js';

function formatValue(m: Metric, x: number): string {
  if (m.kind === 'probability') return percent(x);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return Number.isFinite(x) ? String(x) : '-';
  return fixed(x);
}

export function battleHeading(r: RunReport): string {
  const how =
    r.method === 'exact'
      ? 'exact'
      : `${thousands(r.trials)} trials, seed ${JSON.stringify(r.seed)}, ${r.kernel} kernel, ${(r.elapsedMs / 1000).toFixed(2)} s`;
  return `${r.label}  (${r.system} ${r.type}; ${how})${r.partial ? '  PARTIAL: interrupted before all trials ran' : ''}`;
}

/** Metrics as aligned columns: name, estimate, 95% interval, exact. Quantiles only when asked. */
export function metricsTable(r: RunReport, options: { quantiles?: boolean } = {}): string {
  const metrics = r.metrics.filter((m) => options.quantiles || m.kind !== 'quantile');
  if (r.method === 'exact') {
    // Nothing was sampled: one column of exact values.
    const rows = metrics.map((m) => [m.label, formatValue(m, m.exact ?? m.estimate)]);
    return alignColumns([['', 'exact'], ...rows]);
  }
  const hasExact = metrics.some((m) => m.exact !== undefined);
  const rows = metrics.map((m) => [
    m.label,
    formatValue(m, m.estimate),
    m.ci95 ? `[${formatValue(m, m.ci95[0])}, ${formatValue(m, m.ci95[1])}]` : '',
    ...(hasExact ? [m.exact !== undefined ? formatValue(m, m.exact) : ''] : []),
  ]);
  return alignColumns([['', 'estimate', '95% interval', ...(hasExact ? ['exact'] : [])], ...rows]);
}

/** Left-aligned first column, right-aligned numbers. */
function alignColumns(all: string[][]): string {
  const header = all[0];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  return all
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The system's plain-language answer, one indented line each (empty when it gave none). */
export function verdictLines(r: RunReport): string {
  return (r.verdict ?? []).map((line) => `  ${line}\n`).join('');
}

export function formatReport(r: RunReport, options: { quantiles?: boolean } = {}): string {
  return `${battleHeading(r)}\n${verdictLines(r)}${notes(r)}${metricsTable(r, options)}\n`;
}

/** What the reader must know before trusting the table: a missing exact column, a missed precision. */
export function notes(r: RunReport): string {
  const lines: string[] = [];
  if (r.exactUnavailable) lines.push(`${r.exactUnavailable}; the numbers below are Monte Carlo only`);
  if (r.precision && !r.precision.met) {
    lines.push(
      `precision ${r.precision.target} not reached: the 95% half-width is ${r.precision.halfWidth.toPrecision(2)} after ${thousands(r.trials)} trials${r.partial ? ' (interrupted)' : ' (the --trials cap); raise --trials'}`,
    );
  }
  return lines.map((line) => `  note: ${line}\n`).join('');
}
