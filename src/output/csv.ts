/**
 * The two CSV files of a run: `summary.csv` (one row per battle, each metric with its
 * 95% interval and exact value when known) and `distributions.csv` (one row per value
 * of every reported distribution).
 */
import { stringify } from 'csv-stringify/sync';
import type { RunReport } from '../engine/runBattle.js';
import { roundSignificant } from './format.js';

type Cell = string | number | boolean | null;

function toCsv(rows: Record<string, Cell>[], columns: string[]): string {
  return stringify(rows, {
    header: true,
    columns,
    // Counts and trial numbers are written exactly; only fractions are rounded.
    cast: {
      number: (value) => String(Number.isInteger(value) ? value : roundSignificant(value)),
      boolean: (value) => (value ? 'true' : 'false'),
    },
  });
}

/**
 * A battle entry as flat columns, so each row says what was fought: nested fields dotted
 * (`defender.fort`), lists of plain values space-separated, lists of objects item by item
 * (report.json keeps the entry whole).
 */
export function entryColumns(entry: unknown, prefix = ''): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  if (!entry || typeof entry !== 'object') return out;
  for (const [key, value] of Object.entries(entry)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value)) {
      out[name] = value.every((v) => v === null || typeof v !== 'object')
        ? value.join(' ')
        : value.map(itemText).join('; ');
    } else if (value && typeof value === 'object') {
      Object.assign(out, entryColumns(value, `${name}.`));
    } else if (value !== undefined) {
      out[name] = value as Cell;
    }
  }
  return out;
}

/** One object of a list: its name when it has one (a counter), else its set fields, e.g. `defenders=5 fortress`. */
function itemText(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item);
  const fields = item as Record<string, unknown>;
  if (typeof fields.name === 'string') return fields.name;
  return Object.entries(fields)
    .filter(([, v]) => v !== false && v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => (v === true ? k : `${k}=${v}`))
    .join(' ');
}

export function summaryCsv(scenario: string, reports: RunReport[]): string {
  const columns = ['scenario', 'battle', 'system', 'type', 'method', 'kernel', 'seed', 'trials', 'partial'];
  const setupColumns: string[] = [];
  const metricColumns: string[] = [];
  const rows = reports.map((r) => {
    // The entry's own fields after the fixed columns (its label and type already have theirs).
    const setup = entryColumns(r.entry);
    delete setup.label;
    delete setup.type;
    for (const k of Object.keys(setup)) if (!setupColumns.includes(k) && !columns.includes(k)) setupColumns.push(k);
    const row: Record<string, Cell> = {
      ...setup,
      scenario,
      battle: r.label,
      system: r.system,
      type: r.type,
      method: r.method,
      kernel: r.kernel,
      seed: String(r.seed),
      trials: r.trials,
      partial: r.partial,
    };
    for (const m of r.metrics) {
      const keys = [m.key, `${m.key}_ci_low`, `${m.key}_ci_high`, `${m.key}_exact`];
      for (const k of keys) if (!metricColumns.includes(k)) metricColumns.push(k);
      row[m.key] = Number.isFinite(m.estimate) ? m.estimate : null;
      row[`${m.key}_ci_low`] = m.ci95 ? m.ci95[0] : null;
      row[`${m.key}_ci_high`] = m.ci95 ? m.ci95[1] : null;
      row[`${m.key}_exact`] = m.exact ?? null;
    }
    return row;
  });
  // Drop interval/exact columns that are empty in every row.
  const used = metricColumns.filter((c) => rows.some((row) => row[c] !== null && row[c] !== undefined));
  return toCsv(rows, [...columns, ...setupColumns.filter((c) => !metricColumns.includes(c)), ...used]);
}

export function distributionsCsv(scenario: string, reports: RunReport[]): string {
  const rows: Record<string, Cell>[] = [];
  for (const r of reports) {
    for (const d of r.distributions) {
      d.values.forEach((value, i) => {
        rows.push({
          scenario,
          battle: r.label,
          distribution: d.key,
          series: d.series,
          value,
          count: r.method === 'exact' ? null : d.counts[i],
          probability: d.probabilities[i],
          exact_probability: d.exact ? d.exact[i] : null,
        });
      });
    }
  }
  return toCsv(rows, [
    'scenario',
    'battle',
    'distribution',
    'series',
    'value',
    'count',
    'probability',
    'exact_probability',
  ]);
}

/** A system's extra table (report.tables) as CSV. */
/** Rows of plain values; a column that is empty in every row (e.g. `_exact` when nothing was solved) is left out. */
export function tableCsv(rows: Record<string, Cell>[]): string {
  const columns =
    rows.length > 0
      ? Object.keys(rows[0]).filter((c) => rows.some((row) => row[c] !== null && row[c] !== undefined))
      : [];
  return toCsv(rows, columns);
}
