/**
 * One battle's answer on the page: the verdict in words, the headline probability (with
 * its interval when estimated, "exact" when solved), every metric, the system's notes and
 * tables. The same report shape the CLI prints; numbers formatted as the terminal does.
 */
import type { BattleReport, Metric, Table } from '../../core/model/report.js';
import type { QuestionForm } from '../../core/form/form.js';
import { fixed, percent, sampledOnly, tableCell, thousands } from '../../core/words/format.js';
import { cellWords, metricLabel, sentenceWords } from '../answer/words.js';
import { h } from './dom.js';

/** How a game's answer is worded: its form (a choice's label for its value), and whether it has chance at all. */
export interface Speaking {
  form?: QuestionForm;
  /** The game has dice (a sampler): its probabilities are chances; without, an answer is yes or no. */
  chance: boolean;
  /** A sentence of the report in a player's words (a number of the battle by its label: "Fortress bonus"). */
  words?: (text: string) => string;
}

/** A sentence of the report in the game's words. */
export function said(speaking: Speaking, text: string): string {
  return (speaking.words ?? sentenceWords)(text);
}

const CHANCE: Speaking = { chance: true };

/** `sampled`: a frequency from trials only, so a 0 or 1 is not shown as certain (as on the terminal). */
export function formatValue(m: Metric, x: number, sampled = false): string {
  if (m.kind === 'probability') return percent(x, sampled);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return Number.isFinite(x) ? String(x) : '-';
  return fixed(x);
}

/**
 * The headline in a few characters: in a game without chance (Princes & Queens), an exact
 * certainty reads "Yes" or "No"; with chance, a certainty is a percentage like any other
 * ("No" before "attacker controls the area" would read as "no attacker").
 */
export function headlineValue(m: Metric, x: number, exact: boolean, chance = true): string {
  if (!chance && exact && m.kind === 'probability' && (x === 0 || x === 1)) return x === 1 ? 'Yes' : 'No';
  if (exact && m.kind === 'probability' && (x === 0 || x === 1)) return x === 1 ? '100%' : '0%';
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

export function headline(report: BattleReport, speaking: Speaking = CHANCE): HTMLElement {
  const m = report.metrics[0];
  if (!m) return h('div', { class: 'headline' });
  const value = m.exact !== undefined && report.method === 'exact' ? m.exact : m.estimate;
  const certain = m.kind === 'probability' && (value === 0 || value === 1);
  const detail =
    report.method === 'exact'
      ? speaking.chance && certain
        ? value === 1
          ? 'exact: certain'
          : 'exact: it cannot happen'
        : 'exact'
      : [m.ci95 ? `95% interval ${interval(m)}` : '', m.exact !== undefined ? `exact ${formatValue(m, m.exact)}` : '']
          .filter(Boolean)
          .join(' · ');
  return h(
    'div',
    { class: 'headline' },
    h(
      'span',
      { class: 'value', 'data-key': m.key, 'data-value': String(value) },
      headlineValue(m, value, report.method === 'exact', speaking.chance),
    ),
    h('span', { class: 'what' }, metricLabel(m, speaking.chance)),
    h('span', { class: 'detail' }, detail),
  );
}

export function metricsTable(report: BattleReport, speaking: Speaking = CHANCE): HTMLElement {
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
            h('th', { scope: 'row' }, metricLabel(m, speaking.chance)),
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

/** The columns of a table that hold probabilities: one with a fraction between 0 and 1, or headed as a chance. */
function chanceColumns(table: Table): boolean[] {
  return table.columns.map(
    (c, j) =>
      /^P\(|chance|probabilit/i.test(c) ||
      table.rows.some(
        (r) => typeof r[j] === 'number' && !Number.isInteger(r[j]) && (r[j] as number) >= 0 && (r[j] as number) <= 1,
      ),
  );
}

/** A cell in a player's words: in a column of chances, 0 and 1 are percentages like the rest. */
function cellText(cell: Table['rows'][number][number], chanceColumn: boolean, speaking: Speaking): string {
  if (chanceColumn && typeof cell === 'number' && cell >= 0 && cell <= 1) return percent(cell);
  return typeof cell === 'string' ? said(speaking, cellWords(speaking.form, cell)) : tableCell(cell);
}

/**
 * A system's table under its title; a table wider than the screen scrolls on its own (its edges
 * shaded where there is more, and a line saying so), its title stays in view.
 */
export function extraTable(table: Table, speaking: Speaking = CHANCE): HTMLElement {
  const id = `table-${table.name}`;
  const chances = chanceColumns(table);
  const more = h('p', { class: 'scroll-hint', hidden: true }, 'Wider than the screen: swipe it sideways for more.');
  const box = h(
    'div',
    { class: 'scroll', tabindex: 0, role: 'region', 'aria-labelledby': id },
    h(
      'table',
      { 'aria-labelledby': id },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          table.columns.map((c) => h('th', { scope: 'col' }, said(speaking, c))),
        ),
      ),
      h(
        'tbody',
        {},
        table.rows.map((row) =>
          h(
            'tr',
            {},
            row.map((cell, j) => h('td', {}, cellText(cell, chances[j], speaking))),
          ),
        ),
      ),
    ),
  );
  // Whether it is wider than its box is known once it is on the page, and changes with the width.
  if (typeof ResizeObserver !== 'undefined')
    new ResizeObserver(() => {
      more.hidden = box.scrollWidth <= box.clientWidth + 1;
    }).observe(box);
  return h('figure', { class: 'extra' }, h('figcaption', { id }, said(speaking, table.title)), more, box);
}
