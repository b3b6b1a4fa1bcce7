/** What the terminal shows: each battle's verdict, notes and table, and a sweep in a few lines. */
import type { BattleReport, Metric, SweepReport, Table } from '../core/model/report.js';
import { fixed, percent, percentTarget, sampledOnly, tableCell, thousands } from '../core/words/format.js';

/** A metric's value; `sampled`: a frequency from trials only, so a 0 or 1 is not shown as certain. */
function formatValue(m: Metric, x: number, sampled = false): string {
  if (m.kind === 'probability') return percent(x, sampled);
  if (m.kind === 'quantile' || (m.kind === 'value' && Number.isInteger(x))) return Number.isFinite(x) ? String(x) : '-';
  return fixed(x);
}

export function battleHeading(r: BattleReport): string {
  const how =
    r.method === 'exact'
      ? 'exact'
      : `${thousands(r.trials)} trials, seed ${JSON.stringify(r.seed)}, ${r.kernel} kernel, ` +
        `${(r.elapsedMs / 1000).toFixed(2)} s`;
  const partial = r.partial ? '  PARTIAL: interrupted before all trials ran' : '';
  return `${r.label}  (${r.system} ${r.type}; ${how})${partial}`;
}

/** Metrics as aligned columns: name, estimate, 95% interval, exact. Quantiles only when asked. */
export function metricsTable(r: BattleReport, options: { quantiles?: boolean } = {}): string {
  const metrics = r.metrics.filter((m) => options.quantiles || m.kind !== 'quantile');
  if (r.method === 'exact') {
    // Nothing was sampled: one column of exact values.
    const rows = metrics.map((m) => [m.label, formatValue(m, m.exact ?? m.estimate)]);
    return alignColumns([['', 'exact'], ...rows]);
  }
  const hasExact = metrics.some((m) => m.exact !== undefined);
  const rows = metrics.map((m) => [
    m.label,
    formatValue(m, m.estimate, sampledOnly(m, m.estimate)),
    m.ci95 ? `[${formatValue(m, m.ci95[0])}, ${formatValue(m, m.ci95[1])}]` : '',
    ...(hasExact ? [m.exact !== undefined ? formatValue(m, m.exact) : ''] : []),
  ]);
  return alignColumns([['', 'estimate', '95% interval', ...(hasExact ? ['exact'] : [])], ...rows]);
}

/** Left-aligned first column, right-aligned numbers. */
function alignColumns(all: string[][]): string {
  const widths = all[0].map((_, c) => Math.max(...all.map((row) => row[c].length)));
  return all
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Rows of a system's table shown on the terminal; the CSV and the page have them all. */
const TABLE_ROWS = 15;

/**
 * A system's extra table, aligned; a long one (a curve behind a chart) is only named, so the
 * answer stays on screen.
 */
export function formatTable(table: Table): string {
  if (table.rows.length > TABLE_ROWS) return `  ${table.title}: ${table.rows.length} rows (with --out or --json)\n`;
  const aligned = alignColumns([table.columns, ...table.rows.map((row) => row.map(tableCell))])
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `  ${table.title}\n${aligned}\n`;
}

/** `tables`: every table of the battle, none, or those named. */
export function formatBattle(
  r: BattleReport,
  options: { quantiles?: boolean; tables?: boolean | readonly string[] } = {},
): string {
  const verdict = r.verdict.map((line) => `  ${line}\n`).join('');
  const notes = r.notes.map((line) => `  note: ${line}\n`).join('');
  const named = options.tables;
  const shown = named === true ? r.tables : Array.isArray(named) ? r.tables.filter((t) => named.includes(t.name)) : [];
  const tables = shown.map((t) => `\n${formatTable(t)}`).join('');
  return `${battleHeading(r)}\n${verdict}${notes}${metricsTable(r, options)}\n${tables}`;
}

/** One battle in two lines: its heading and its verdict (or headline with interval). */
export function formatBattleBrief(r: BattleReport): string {
  if (r.verdict.length > 0) return `  ${battleHeading(r)}\n${r.verdict.map((line) => `      ${line}\n`).join('')}`;
  return `  ${battleHeading(r)}\n      ${headlineText(r)}\n`;
}

/** The headline metric in words: `P(attacker conquers): 53.06% (exact)`, or with its 95% interval. */
export function headlineText(r: Pick<BattleReport, 'metrics'>): string {
  const head = r.metrics[0];
  const shown = head.exact ?? head.estimate;
  const value = formatValue(head, shown, sampledOnly(head, shown));
  const ci = head.ci95 ? ` [${formatValue(head, head.ci95[0])}, ${formatValue(head, head.ci95[1])}]` : ' (exact)';
  return `${head.label}: ${value}${ci}`;
}

/** A sweep in a few lines: its size, time, the headline's range, differences and thresholds. */
export function formatSweep(sweep: SweepReport): string {
  const lines: string[] = [];
  const axes = sweep.axes.map((a) => `${a.name} (${a.values.length})`).join(' x ');
  // With no axis the sweep is one cell: its variants compared.
  const size = axes ? `${axes} = ${sweep.cells.length} cells` : 'with no axis (one cell)';
  const exact = sweep.cells.every((c) => c.method === 'exact');
  const how = exact
    ? 'exact'
    : `${thousands(sweep.cells.find((c) => c.method !== 'exact')?.trials ?? 0)} trials per cell`;
  lines.push(
    `  sweep ${size}, variants: ${sweep.variants.join(', ')}; ${how}, ` +
      `${(sweep.elapsedMs / 1000).toFixed(2)} s${sweep.partial ? ', PARTIAL' : ''}`,
  );
  lines.push(...(sweep.notes ?? []).map((line) => `    note: ${line}`));
  lines.push(...sweepRanges(sweep).map((line) => `      ${line}`));
  // A difference of two probabilities is in percentage points, not percent.
  const points = (x: number) => (x * 100).toFixed(2);
  for (const [k, variant] of sweep.variants.slice(1).entries()) {
    const diffs = sweep.cells.map((c) => c.differences[k]);
    const half = (ci?: [number, number]) => (ci ? (ci[1] - ci[0]) / 2 : 0);
    const widest = Math.max(0, ...diffs.map((d) => half(d.ci95)));
    const widestUnpaired = Math.max(0, ...diffs.map((d) => half(d.unpairedCi95)));
    const spread = diffs.map((d) => d.difference);
    const intervals =
      widest > 0 ? ` (paired 95% half-width <= ${points(widest)}; unpaired would be ${points(widestUnpaired)})` : '';
    lines.push(
      `      ${variant} minus ${sweep.variants[0]}: ${points(Math.min(...spread))} .. ${points(Math.max(...spread))} ` +
        `percentage points${intervals}`,
    );
  }
  if (sweep.solved) {
    const { field, target, cells } = sweep.solved;
    for (const variant of sweep.variants) {
      const mine = cells.filter((c) => c.variant === variant);
      const found = mine.filter((c) => c.value !== null);
      const word = (c: (typeof mine)[number]) => c.word ?? String(c.value);
      const low = found.reduce<(typeof mine)[number] | null>((m, c) => (m && m.value! <= c.value! ? m : c), null);
      const high = found.reduce<(typeof mine)[number] | null>((m, c) => (m && m.value! >= c.value! ? m : c), null);
      const span = low && high ? `${word(low)} .. ${word(high)}` : 'no cell reaches it';
      const count = (n: number, what: string) => (n ? `${n} ${n === 1 ? 'cell' : 'cells'}: ${what}` : '');
      const rest = [
        count(found.filter((c) => c.edge).length, 'at the edge of the range'),
        count(mine.filter((c) => c.answer === 'unreachable').length, 'no value reaches it'),
        count(mine.filter((c) => c.answer === 'not-monotone').length, 'the chance turns, some values reach it'),
      ].filter(Boolean);
      lines.push(
        `      ${variant}: ${field} reaching ${percentTarget(target)}: ${span}` +
          `${rest.length ? ` (${rest.join('; ')})` : ''} (solved.csv)`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Each variant's headline range over the cells: `baseline: P(attacker conquers) ranges 0.00% .. 100.00%`. */
export function sweepRanges(sweep: SweepReport): string[] {
  const lines: string[] = [];
  const headlineOf = (c: SweepReport['cells'][number], v: number) => c.variants[v].metrics[0];
  for (const [i, variant] of sweep.variants.entries()) {
    const shown = sweep.cells.map((c) => {
      const m = headlineOf(c, i);
      const x = m.exact ?? m.estimate;
      return { x, sampled: sampledOnly(m, x) };
    });
    // An end of the range is certain when some cell's exact value says so.
    const end = (x: number) =>
      percent(
        x,
        shown.every((s) => s.x !== x || s.sampled),
      );
    const values = shown.map((s) => s.x);
    lines.push(
      `${variant}: ${sweep.headline.label} ranges ` + `${end(Math.min(...values))} .. ${end(Math.max(...values))}`,
    );
  }
  return lines;
}
