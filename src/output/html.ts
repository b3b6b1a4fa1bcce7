/**
 * `index.html`: one page per run (inline CSS, no scripts, nothing from the network), with
 * the charts as the SVG files beside it, so it opens from disk anywhere and stays small
 * however many battles the run has. Every number says whether it is a Monte Carlo
 * estimate (with its 95% interval) or exact.
 */
import type { BattleReport, Cell, Metric, ScenarioReport, SweepReport, Table } from '../core/model/report.js';
import { fixed, percent, roundSignificant, sampledOnly, thousands } from '../core/words/format.js';
import { sweepMethodNote } from './charts/fromReport.js';

const MAX_TABLE_ROWS = 300;

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
const escape = escapeHtml;

/** `sampled`: a frequency from trials only, so a 0 or 1 is not shown as certain (as on the terminal). */
function value(m: Metric, x: number | undefined, sampled = false): string {
  if (x === undefined || !Number.isFinite(x)) return '';
  if (m.kind === 'probability') return percent(x, sampled);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return String(x);
  return fixed(x);
}

function metricsTable(r: BattleReport): string {
  const metrics = r.metrics.filter((m) => m.kind !== 'quantile');
  if (r.method === 'exact') {
    // Nothing was sampled: one column of exact values, as on the terminal.
    const rows = metrics
      .map((m) => `<tr><th scope="row">${escape(m.label)}</th><td>${escape(value(m, m.exact ?? m.estimate))}</td></tr>`)
      .join('\n');
    return `<table class="metrics"><thead><tr><th></th><th>exact</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  const hasExact = metrics.some((m) => m.exact !== undefined);
  const rows = metrics
    .map((m) => {
      const ci = m.ci95 ? `${value(m, m.ci95[0])} – ${value(m, m.ci95[1])}` : '';
      const exact = hasExact ? `<td>${escape(value(m, m.exact))}</td>` : '';
      const label = `<th scope="row">${escape(m.label)}</th>`;
      const estimate = `<td>${escape(value(m, m.estimate, sampledOnly(m, m.estimate)))}</td>`;
      return `<tr>${label}${estimate}<td>${escape(ci)}</td>${exact}</tr>`;
    })
    .join('\n');
  const head = `<th></th><th>estimate (Monte Carlo)</th><th>95% interval</th>${hasExact ? '<th>exact</th>' : ''}`;
  return `<table class="metrics"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

type CellFormat = (column: number, value: Cell) => string;

const plainCell: CellFormat = (_, v) =>
  typeof v === 'number' ? String(roundSignificant(v, 4)) : v === null ? '' : String(v);

function plainTable(table: Pick<Table, 'title' | 'columns' | 'rows'>, cell: CellFormat = plainCell): string {
  if (table.rows.length === 0) return '';
  const shown = table.rows.slice(0, MAX_TABLE_ROWS);
  const body = shown
    .map((row) => `<tr>${row.map((v, c) => `<td>${escape(cell(c, v))}</td>`).join('')}</tr>`)
    .join('\n');
  const more =
    table.rows.length > shown.length
      ? `<p class="note">First ${shown.length} of ${table.rows.length} rows; all of them are in the CSV.</p>`
      : '';
  const head = table.columns.map((c) => `<th>${escape(c)}</th>`).join('');
  const summary = `<summary>${escape(table.title)} (${table.rows.length} rows)</summary>`;
  const scroll = `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  return `<details>${summary}${scroll}${more}</details>`;
}

/** The answer first, in bold; further lines as a list under it. */
function verdictHtml(lines: string[]): string {
  if (lines.length === 0) return '';
  const [first, ...rest] = lines;
  const list = rest.length
    ? `<ul class="verdict-more">${rest.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>`
    : '';
  return `<p class="verdict">${escape(first)}</p>${list}`;
}

/** A chart as its SVG file beside the page. */
export interface ChartFile {
  file: string;
  title: string;
}

function figures(charts: ChartFile[]): string {
  return charts
    .map((c) => `<figure><img src="${encodeURIComponent(c.file)}" alt="${escape(c.title)}" loading="lazy"></figure>`)
    .join('\n');
}

export function battleSection(r: BattleReport, charts: ChartFile[]): string {
  const how =
    r.method === 'exact'
      ? 'exact'
      : `Monte Carlo, ${thousands(r.trials)} trials, ${r.kernel} kernel${r.partial ? ', PARTIAL (interrupted)' : ''}`;
  const notes = r.notes.map((n) => `<p class="note">${escape(n)}</p>`).join('');
  const tables = r.tables.map((t) => plainTable(t)).join('\n');
  return (
    `<section><h2>${escape(r.label)}</h2>` +
    `<p class="how">${escape(r.system)} ${escape(r.type)} · ${escape(how)} · ${(r.elapsedMs / 1000).toFixed(2)} s</p>` +
    `${verdictHtml(r.verdict)}${notes}${metricsTable(r)}${figures(charts)}${tables}</section>`
  );
}

/** Every cell: axes, each variant's headline, each difference (probabilities in percent). */
function sweepCellsTable(sweep: SweepReport): Pick<Table, 'title' | 'columns' | 'rows'> {
  const columns = [
    ...sweep.axes.map((a) => a.title),
    ...sweep.variants.map((v) => (sweep.variants.length > 1 ? `${v}: ${sweep.headline.label}` : sweep.headline.label)),
    ...sweep.variants.slice(1).map((v) => `${v} minus ${sweep.variants[0]} (points)`),
  ];
  const rows = sweep.cells.map((c): Cell[] => [
    ...c.at,
    ...c.variants.map((v) => percent(v.metrics[0].exact ?? v.metrics[0].estimate)),
    ...c.differences.map((d) => ((d.exact ?? d.difference) * 100).toFixed(2)),
  ]);
  return { title: 'Every cell', columns, rows };
}

function thresholdsTable(sweep: SweepReport): Pick<Table, 'title' | 'columns' | 'rows'> {
  const [first, ...others] = sweep.axes;
  const columns = [
    'variant',
    ...others.map((a) => a.title),
    'reaches',
    `first ${first?.title ?? 'value'}`,
    'probability',
  ];
  const rows = sweep.thresholds.map((t): Cell[] => [
    t.variant,
    ...t.at,
    `${t.metric === sweep.headline.key ? '' : `${t.metric} `}${percent(t.target)}`,
    t.value === null ? 'not in range' : t.value,
    t.probability === null ? '' : percent(t.probability),
  ]);
  return { title: `First ${first?.title ?? 'value'} reaching each target`, columns, rows };
}

function solvedTable(sweep: SweepReport): Pick<Table, 'title' | 'columns' | 'rows'> {
  const solved = sweep.solved!;
  const columns = ['variant', ...sweep.axes.map((a) => a.title), solved.field, sweep.headline.label];
  const said = (c: (typeof solved.cells)[number], value: number | null) => c.word ?? String(value);
  const rows = solved.cells.map((c): Cell[] => [
    c.variant,
    ...c.at,
    c.answer === 'found'
      ? `${said(c, c.value)}${c.edge ? ' (at the edge of the range)' : ''}`
      : c.answer === 'unreachable'
        ? `none (best ${said(c, c.best)}${c.edge ? ', at the edge of the range' : ''})`
        : `the chance turns along it (best ${said(c, c.best)})`,
    c.probability === null ? '' : percent(c.probability, c.ci95 !== undefined),
  ]);
  return { title: `${solved.field} at which ${sweep.headline.label} reaches ${percent(solved.target)}`, columns, rows };
}

export function sweepSection(sweep: SweepReport, charts: ChartFile[]): string {
  const axes = sweep.axes.map((a) => `${escape(a.title)} (${a.values.length} values)`).join(' × ');
  const how = [
    axes ? `${axes} = ${sweep.cells.length} cells` : 'no axis: the variants compared (one cell)',
    `variants: ${escape(sweep.variants.join(', '))}`,
    escape(sweepMethodNote(sweep)),
    `${(sweep.elapsedMs / 1000).toFixed(2)} s`,
  ].join(' · ');
  const thresholds =
    (sweep.thresholds.length > 0 ? plainTable(thresholdsTable(sweep)) : '') +
    (sweep.solved ? plainTable(solvedTable(sweep)) : '');
  const notes = (sweep.notes ?? []).map((n) => `<p class="note">${escape(n)}</p>`).join('');
  const heading = `<h2>Sweep: ${escape(sweep.headline.label)}</h2><p class="how">${how}</p>${notes}`;
  return `<section>${heading}${figures(charts)}${thresholds}${plainTable(sweepCellsTable(sweep))}</section>`;
}

export interface PageCharts {
  /** Each battle's charts, aligned with report.battles. */
  battles: ChartFile[][];
  sweep: ChartFile[];
}

export function reportHtml(report: ScenarioReport, charts: PageCharts): string {
  const { sweep } = report;
  const sections = report.battles.map((r, i) => battleSection(r, charts.battles[i] ?? []));
  if (sweep) sections.unshift(sweepSection(sweep, charts.sweep));
  const exactBattles = report.battles.every((r) => r.method === 'exact');
  return `${pageHead(report, exactBattles)}${sections.join('\n')}${pageTail(report, report.battles.length > 0)}`;
}

/**
 * The page down to its sections: the scenario and how it ran (`exactBattles`: every battle was
 * solved exactly). With battleSection, sweepSection and pageTail it writes the page a battle at
 * a time: head, the sweep's section, the battles' sections (each after a newline but the first),
 * tail.
 */
export function pageHead(report: Omit<ScenarioReport, 'battles'>, exactBattles: boolean): string {
  const { sweep } = report;
  const exactAll = exactBattles && (!sweep || sweep.cells.every((c) => c.method === 'exact'));
  const threads = report.fleet
    ? `a worker fleet (${report.threads} chunks at a time)`
    : report.threads === 0
      ? 'the main thread'
      : `${report.threads} worker threads`;
  const metaRows: Array<[string, string]> = [
    ['rule system', report.system],
    ['scenario file', report.file ?? '(command line)'],
    ['seed', String(report.seed)],
    ['battle-odds version', report.version],
    ['started', report.startedAt],
    ['took', `${(report.elapsedMs / 1000).toFixed(2)} s on ${threads}`],
    [
      'numbers',
      exactAll
        ? 'all exact'
        : 'Monte Carlo estimates with 95% intervals (Wilson for probabilities); ' +
          'exact values where the system solves exactly',
    ],
  ];
  if (report.partial) metaRows.push(['status', 'PARTIAL: the run was interrupted; only finished chunks are counted']);
  const meta = metaRows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(report.scenario)} · battle-odds</title>
<style>
body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
body { color: #1a1a1a; }
h1 { margin-bottom: .2rem; overflow-wrap: anywhere; } h2 { overflow-wrap: anywhere; }
.lede { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .92rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #e3e3e3; text-align: right; }
th[scope=row], .meta th { text-align: left; font-weight: normal; color: #333; }
thead th { border-bottom: 2px solid #999; }
.meta td { text-align: left; overflow-wrap: anywhere; }
section { margin-top: 2rem; } .how { color: #555; font-size: .9rem; } .verdict { font-weight: bold; margin: .3rem 0; }
figure { margin: 1rem 0; overflow-x: auto; } figure img { max-width: 100%; height: auto; }
.scroll { overflow-x: auto; max-height: 30rem; } .note { color: #666; font-size: .85rem; }
@media (max-width: 600px) { body { margin: 1rem auto; } table { font-size: .85rem; } th, td { padding: .2rem .35rem; } }
</style></head>
<body>
<h1>${escape(report.scenario)}</h1>
<p class="lede">${escape(report.description ?? '')}</p>
<table class="meta"><tbody>${meta}</tbody></table>
`;
}

/** The page after its sections: the files beside it (`hasBattles`: summary.csv and distributions.csv are there). */
export function pageTail(report: Pick<ScenarioReport, 'sweep'>, hasBattles: boolean): string {
  const { sweep } = report;
  const files = [
    ...(hasBattles ? ['summary.csv', 'distributions.csv'] : []),
    ...(sweep ? ['sweep.csv'] : []),
    'report.json',
  ].join(', ');
  return `\n<p class="note">Files beside this page: ${files}, and each chart as Vega-Lite (.vl.json), SVG and PNG.</p>
</body></html>
`;
}
