/**
 * One battle's answer on the page: the verdict in words, the headline probability (with
 * its interval when estimated, "exact" when solved), every metric, the system's notes and
 * tables. The same report shape the CLI prints; numbers formatted as the terminal does.
 */
import type { BattleReport, Metric, Table } from '../../core/model/report.js';
import { fixed, percent, sampledOnly, tableCell, thousands } from '../../core/words/format.js';
import { h } from './dom.js';

/** `sampled`: a frequency from trials only, so a 0 or 1 is not shown as certain (as on the terminal). */
export function formatValue(m: Metric, x: number, sampled = false): string {
  if (m.kind === 'probability') return percent(x, sampled);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return Number.isFinite(x) ? String(x) : '-';
  return fixed(x);
}

/** The headline in a few characters: an exact certainty reads "Yes" or "No", not 100.00% or 0.00%. */
export function headlineValue(m: Metric, x: number, exact: boolean): string {
  if (exact && m.kind === 'probability' && (x === 0 || x === 1)) return x === 1 ? 'Yes' : 'No';
  return formatValue(m, x, sampledOnly(m, x));
}

function interval(m: Metric): string {
  return m.ci95 ? `${formatValue(m, m.ci95[0])} – ${formatValue(m, m.ci95[1])}` : '';
}

/** How the answer was reached, in one line. */
export function methodLine(report: BattleReport, threads: number, interim = false): string {
  if (report.method === 'exact')
    return `Exact answer · ${report.elapsedMs < 1 ? '<1' : Math.round(report.elapsedMs)} ms`;
  const workers = threads > 0 ? ` · ${threads} worker${threads === 1 ? '' : 's'}` : '';
  const time = interim ? '' : ` · ${(report.elapsedMs / 1000).toFixed(2)} s`;
  return `Monte Carlo · ${thousands(report.trials)} trials · seed “${report.seed}”${time}${workers}`;
}

export function headline(report: BattleReport): HTMLElement {
  const m = report.metrics[0];
  if (!m) return h('div', { class: 'headline' });
  const value = m.exact !== undefined && report.method === 'exact' ? m.exact : m.estimate;
  const detail =
    report.method === 'exact'
      ? 'exact'
      : [m.ci95 ? `95% interval ${interval(m)}` : '', m.exact !== undefined ? `exact ${formatValue(m, m.exact)}` : '']
          .filter(Boolean)
          .join(' · ');
  return h(
    'div',
    { class: 'headline' },
    h(
      'span',
      { class: 'value', 'data-key': m.key, 'data-value': String(value) },
      headlineValue(m, value, report.method === 'exact'),
    ),
    h('span', { class: 'what' }, m.label),
    h('span', { class: 'detail' }, detail),
  );
}

export function metricsTable(report: BattleReport): HTMLElement {
  const sampled = report.method !== 'exact';
  const withExact = sampled && report.metrics.some((m) => m.exact !== undefined);
  const main = report.metrics.filter((m) => m.kind !== 'quantile');
  const quantiles = report.metrics.filter((m) => m.kind === 'quantile');
  const table = (metrics: Metric[], caption: string) =>
    h(
      'table',
      { class: 'metrics' },
      h('caption', { class: 'visually-hidden' }, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, ''),
          h('th', { scope: 'col' }, sampled ? 'estimate' : 'exact'),
          withExact ? h('th', { scope: 'col' }, 'exact') : null,
        ),
      ),
      h(
        'tbody',
        {},
        metrics.map((m) =>
          h(
            'tr',
            { 'data-key': m.key },
            h('th', { scope: 'row' }, m.label),
            h(
              'td',
              { 'data-value': String(sampled ? m.estimate : (m.exact ?? m.estimate)) },
              formatValue(m, sampled ? m.estimate : (m.exact ?? m.estimate), sampled && sampledOnly(m, m.estimate)),
              m.ci95 ? h('span', { class: 'ci' }, interval(m)) : null,
            ),
            withExact ? h('td', { class: 'exact' }, m.exact !== undefined ? formatValue(m, m.exact) : '') : null,
          ),
        ),
      ),
    );
  return h(
    'div',
    { class: 'metrics-block' },
    table(main, 'Every number of the answer'),
    quantiles.length > 0
      ? h('details', { class: 'quantiles' }, h('summary', {}, 'Quantiles'), table(quantiles, 'Quantiles'))
      : null,
  );
}

/** A system's table under its title; a table wider than the screen scrolls on its own, its title stays in view. */
export function extraTable(table: Table): HTMLElement {
  const id = `table-${table.name}`;
  return h(
    'figure',
    { class: 'extra' },
    h('figcaption', { id }, table.title),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { 'aria-labelledby': id },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            table.columns.map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          table.rows.map((row) =>
            h(
              'tr',
              {},
              row.map((cell) => h('td', {}, tableCell(cell))),
            ),
          ),
        ),
      ),
    ),
  );
}
