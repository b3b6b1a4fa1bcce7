/**
 * A rulebook table: a sweep's grid (its first axis across, its second down; a table for each variant
 * and each value of any further axis) with the headline as a percentage rounded to a chosen number of
 * decimals, for printing beside the rules: as Markdown (rulebook.md), CSV (rulebook.csv) and a
 * print-friendly page (rulebook.html). A value that is not certain never reads 0% or 100% (`<1%`,
 * `>99%` at no decimals); a sampled one is its estimate.
 *
 * @example
 * rulebookTables(sweep, 0)[0].rows[0] // ['2', '49%', '78%', '91%', ...]
 */
import type { SweepReport } from '../core/model/report.js';
import { csvLines } from './csv.js';
import { escapeHtml as escape } from './html.js';

/** The most decimals a rulebook rounds to. */
export const MAX_RULEBOOK_DECIMALS = 4;

export interface RulebookTable {
  /** The variant, and the values of the axes beyond the second. */
  title: string;
  /** The first axis's title and values (across). */
  corner: string;
  columns: string[];
  /** Each row: the second axis's value, then a cell per column. */
  rows: string[][];
}

/** A probability rounded to `decimals` as a rulebook prints it: never 0% or 100% unless it is. */
export function rulebookPercent(p: number, decimals: number, sampled: boolean): string {
  if (!Number.isFinite(p)) return '';
  const step = 10 ** -decimals;
  const text = (p * 100).toFixed(decimals);
  const certain = !sampled && (p === 0 || p === 1);
  if (!certain && Number(text) <= 0) return `<${step.toFixed(decimals)}%`;
  if (!certain && Number(text) >= 100) return `>${(100 - step).toFixed(decimals)}%`;
  return `${text}%`;
}

/** The sweep's tables, one per variant and value of the axes beyond two (null: fewer than two axes). */
export function rulebookTables(sweep: SweepReport, decimals: number): RulebookTable[] | null {
  if (sweep.axes.length < 2) return null;
  const [across, down, ...rest] = sweep.axes;
  const keyOf = (at: SweepReport['cells'][number]['at']) => JSON.stringify(at.slice(2));
  const groups = [...new Set(sweep.cells.map((c) => keyOf(c.at)))];
  const tables: RulebookTable[] = [];
  for (const [v, variant] of sweep.variants.entries())
    for (const group of groups) {
      const cells = sweep.cells.filter((c) => keyOf(c.at) === group);
      const extra = (JSON.parse(group) as unknown[]).map((value, k) => `${rest[k].title} ${String(value)}`);
      const title =
        [sweep.variants.length > 1 ? variant : '', ...extra].filter(Boolean).join(', ') || sweep.headline.label;
      const rows = down.values.map((y) => [
        String(y),
        ...across.values.map((x) => {
          const cell = cells.find((c) => c.at[0] === x && c.at[1] === y);
          const m = cell?.variants[v]?.metrics.find((metric) => metric.key === sweep.headline.key);
          if (!m) return '';
          const sampled = cell!.method === 'monte-carlo';
          return rulebookPercent(sampled ? m.estimate : (m.exact ?? m.estimate), decimals, sampled);
        }),
      ]);
      tables.push({ title, corner: `${down.title} \\ ${across.title}`, columns: across.values.map(String), rows });
    }
  return tables;
}

/** rulebook.md: a heading and a Markdown table each. */
export function rulebookMarkdown(scenario: string, sweep: SweepReport, tables: RulebookTable[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const blocks = tables.map((t) => {
    const header = `| ${[t.corner, ...t.columns].map(cell).join(' | ')} |`;
    const rule = `|${[t.corner, ...t.columns].map(() => '---:').join('|')}|`;
    const rows = t.rows.map((r) => `| ${r.map(cell).join(' | ')} |`);
    return [`## ${t.title}`, '', header, rule, ...rows].join('\n');
  });
  return `# ${scenario}: ${sweep.headline.label}\n\n${blocks.join('\n\n')}\n`;
}

/** rulebook.csv: every table's rows, each with its title. */
export function rulebookCsv(tables: RulebookTable[]): string {
  const [first] = tables;
  const header = ['table', first?.corner ?? '', ...(first?.columns ?? [])];
  return csvLines([header, ...tables.flatMap((t) => t.rows.map((r) => [t.title, ...r]))]);
}

/** rulebook.html: the tables on plain paper (print: one table to a page where they are large). */
export function rulebookPage(scenario: string, sweep: SweepReport, tables: RulebookTable[]): string {
  const table = (t: RulebookTable) =>
    `<section><h2>${escape(t.title)}</h2><table><thead><tr><th>${escape(t.corner)}</th>${t.columns
      .map((c) => `<th>${escape(c)}</th>`)
      .join('')}</tr></thead><tbody>${t.rows
      .map(
        (r) =>
          `<tr><th>${escape(r[0])}</th>${r
            .slice(1)
            .map((c) => `<td>${escape(c)}</td>`)
            .join('')}</tr>`,
      )
      .join('')}</tbody></table></section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(scenario)}: rulebook table</title>
<style>
body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 1.5rem; color: #000; background: #fff; }
table { border-collapse: collapse; font-size: 10pt; } th, td { border: 1px solid #999; padding: 2px 6px; }
td { text-align: right; } thead th { background: #eee; } section { margin-bottom: 1.5rem; break-inside: avoid; }
@media print { body { margin: 0; } h1 { font-size: 14pt; } h2 { font-size: 12pt; } }
</style></head>
<body>
<h1>${escape(scenario)}: ${escape(sweep.headline.label)}</h1>
${tables.map(table).join('\n')}
</body></html>
`;
}
