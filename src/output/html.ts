/**
 * `index.html`: one self-contained page per run (inline SVG charts, inline CSS, no
 * scripts, no network), so it opens from disk anywhere. Every number says whether it is
 * a Monte Carlo estimate (with its 95% interval) or exact.
 */
import type { RunReport } from '../engine/runBattle.js';
import type { SweepResult } from '../engine/runSweep.js';
import type { Metric } from '../engine/system.js';
import type { RunMeta } from './writeResults.js';
import { fixed, percent, roundSignificant, thousands } from './format.js';
import { sweepMethodNote, sweepRows } from './sweepOutputs.js';

const MAX_TABLE_ROWS = 300;

function escape(text: unknown): string {
  return String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function value(m: Metric, x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return '';
  if (m.kind === 'probability') return percent(x);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return String(x);
  return fixed(x);
}

function metricsTable(r: RunReport): string {
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
      return `<tr><th scope="row">${escape(m.label)}</th><td>${escape(value(m, m.estimate))}</td><td>${escape(ci)}</td>${exact}</tr>`;
    })
    .join('\n');
  return `<table class="metrics"><thead><tr><th></th><th>estimate (Monte Carlo)</th><th>95% interval</th>${hasExact ? '<th>exact</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>`;
}

type CellFormat = (column: string, value: unknown) => string;

const plainCell: CellFormat = (_, v) =>
  typeof v === 'number' ? String(roundSignificant(v, 4)) : v === null || v === undefined ? '' : String(v);

function plainTable(rows: Array<Record<string, unknown>>, caption: string, cell: CellFormat = plainCell): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const shown = rows.slice(0, MAX_TABLE_ROWS);
  const body = shown
    .map((row) => `<tr>${columns.map((c) => `<td>${escape(cell(c, row[c]))}</td>`).join('')}</tr>`)
    .join('\n');
  const more =
    rows.length > shown.length
      ? `<p class="note">First ${shown.length} of ${rows.length} rows; all of them are in the CSV.</p>`
      : '';
  return `<details><summary>${escape(caption)} (${rows.length} rows)</summary><div class="scroll"><table><thead><tr>${columns.map((c) => `<th>${escape(c)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>${more}</details>`;
}

/** The answer first, in bold; further lines (a sweep's or table's summary) as a list under it. */
function verdictHtml(lines: string[]): string {
  if (lines.length === 0) return '';
  const [first, ...rest] = lines;
  const list = rest.length
    ? `<ul class="verdict-more">${rest.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>`
    : '';
  return `<p class="verdict">${escape(first)}</p>${list}`;
}

export interface HtmlInput {
  meta: RunMeta;
  reports: RunReport[];
  /** Inline SVG of each battle's charts, by battle label. */
  battleSvgs: Map<string, string[]>;
  sweep?: SweepResult;
  sweepSvgs: string[];
}

export function reportHtml(input: HtmlInput): string {
  const { meta, reports, sweep } = input;
  const exactAll =
    reports.every((r) => r.method === 'exact') && (!sweep || sweep.cells.every((c) => c.method === 'exact'));
  const sections = reports.map((r) => {
    const how =
      r.method === 'exact'
        ? 'exact'
        : `Monte Carlo, ${thousands(r.trials)} trials, ${r.kernel} kernel${r.partial ? ', PARTIAL (interrupted)' : ''}`;
    const charts = (input.battleSvgs.get(r.label) ?? []).map((svg) => `<figure>${svg}</figure>`).join('\n');
    const tables = Object.entries(r.tables ?? {})
      .map(([name, rows]) => plainTable(rows, name))
      .join('\n');
    const verdict = verdictHtml(r.verdict ?? []);
    return `<section><h2>${escape(r.label)}</h2><p class="how">${escape(r.system)} ${escape(r.type)} · ${escape(how)} · ${(r.elapsedMs / 1000).toFixed(2)} s</p>${verdict}${metricsTable(r)}${charts}${tables}</section>`;
  });
  if (sweep) {
    const svgs = input.sweepSvgs.map((svg) => `<figure>${svg}</figure>`).join('\n');
    const axes = sweep.axes.map((a) => `${escape(a.name)} (${a.values.length} values)`).join(' × ');
    // Probabilities and differences as percentages; axis values and trial counts as they are.
    const plain = new Set([...sweep.axes.map((a) => a.name), 'method', 'trials']);
    const sweepCell: CellFormat = (column, v) =>
      typeof v === 'number' && !plain.has(column) ? percent(v) : plainCell(column, v);
    sections.unshift(
      `<section><h2>Sweep: ${escape(sweep.headlineLabel)}</h2><p class="how">${axes} = ${sweep.cells.length} cells · variants: ${escape(sweep.variants.join(', '))} · ${escape(sweepMethodNote(sweep))} · ${(sweep.elapsedMs / 1000).toFixed(2)} s</p>${svgs}${plainTable(sweepRows(sweep), 'Every cell (probabilities in percent)', sweepCell)}</section>`,
    );
  }
  const metaRows: Array<[string, string]> = [
    ['rule system', meta.system],
    ['scenario file', meta.file ?? '(command line)'],
    ['seed', String(meta.seed)],
    ['battle-odds version', meta.version],
    ['started', meta.startedAt],
    [
      'took',
      `${(meta.elapsedMs / 1000).toFixed(2)} s on ${meta.threads === 0 ? 'the main thread' : `${meta.threads} worker threads`}`,
    ],
    [
      'numbers',
      exactAll
        ? 'all exact'
        : 'Monte Carlo estimates with 95% intervals (Wilson for probabilities); exact values where the system solves exactly',
    ],
  ];
  if (meta.partial) metaRows.push(['status', 'PARTIAL: the run was interrupted; only finished chunks are counted']);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(meta.scenario)} · battle-odds</title>
<style>
body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #1a1a1a; }
h1 { margin-bottom: .2rem; } .lede { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .92rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #e3e3e3; text-align: right; }
th[scope=row], .meta th { text-align: left; font-weight: normal; color: #333; }
thead th { border-bottom: 2px solid #999; }
.meta td { text-align: left; }
section { margin-top: 2rem; } .how { color: #555; font-size: .9rem; } .verdict { font-weight: bold; margin: .3rem 0; }
figure { margin: 1rem 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
.scroll { overflow-x: auto; max-height: 30rem; } .note { color: #666; font-size: .85rem; }
</style></head>
<body>
<h1>${escape(meta.scenario)}</h1>
<p class="lede">${escape(meta.description ?? '')}</p>
<table class="meta"><tbody>${metaRows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</tbody></table>
${sections.join('\n')}
<p class="note">Files beside this page: ${reports.length > 0 ? 'summary.csv, distributions.csv, ' : ''}${sweep ? 'sweep.csv, ' : ''}report.json, and each chart as Vega-Lite (.vl.json), SVG and PNG.</p>
</body></html>
`;
}
