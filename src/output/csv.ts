/**
 * The CSV files of a run, all from the one report shape: `summary.csv` (one row per
 * battle, each metric with its 95% interval and exact value when known), `distributions.csv`
 * (one row per value of every distribution), each battle's extra tables, `sweep.csv`
 * (one row per cell) and `thresholds.csv`.
 */
import { stringify } from 'csv-stringify/sync';
import type { BattleReport, Cell, ScenarioReport, SweepReport, Table } from '../core/model/report.js';
import { roundSignificant } from '../core/words/format.js';
import { slug } from '../core/model/fileNames.js';
import { guardCsvText } from './csvGuard.js';

/** CSV text of rows, each ending in a newline: rows written in pieces give the same bytes as all at once. */
export function csvLines(rows: Cell[][]): string {
  if (rows.length === 0) return '';
  return stringify(rows, {
    cast: {
      // Counts and trial numbers are written exactly; only fractions are rounded.
      number: (value) => String(Number.isInteger(value) ? value : roundSignificant(value)),
      boolean: (value) => (value ? 'true' : 'false'),
      // Text that a spreadsheet would run as a formula (=, +, -, @ ...) is quoted.
      string: (value) => guardCsvText(value),
    },
  });
}

/** Rows given as [column, value] lists (columns in first-seen order); columns empty in every row are left out. */
function fromPairs(rows: Array<Array<[string, Cell]>>, keepEmpty: ReadonlySet<string> = new Set()): string {
  const columns = new ColumnSet(keepEmpty);
  for (const pairs of rows) columns.add(pairs);
  const used = columns.used();
  return csvLines([used]) + csvLines(rows.map((pairs) => rowOf(used, pairs)));
}

/**
 * The columns of rows seen one at a time, in first-seen order, and which of them hold a value
 * in some row: what `fromPairs` needs to write a file whose rows were not kept (summary.csv of
 * a run of 10,000 battles, written as they finish).
 */
export class ColumnSet {
  private readonly order: string[] = [];
  private readonly seen = new Set<string>();
  private readonly filled = new Set<string>();
  constructor(private readonly keepEmpty: ReadonlySet<string> = new Set()) {}
  add(pairs: ReadonlyArray<readonly [string, Cell]>): void {
    // A column given twice in a row keeps its last value, as rowOf reads it.
    for (const [column, value] of new Map(pairs)) {
      if (!this.seen.has(column)) {
        this.seen.add(column);
        this.order.push(column);
      }
      if (value !== null && value !== undefined) this.filled.add(column);
    }
  }
  /** The columns to write: every one seen that holds a value somewhere, or is kept even when empty. */
  used(): string[] {
    return this.order.filter((c) => this.keepEmpty.has(c) || this.filled.has(c));
  }
}

/** A row's cells in the order of `columns` (a column it lacks is empty). */
export function rowOf(columns: readonly string[], pairs: ReadonlyArray<readonly [string, Cell]>): Cell[] {
  const row = new Map<string, Cell>(pairs);
  return columns.map((c) => row.get(c) ?? null);
}

/**
 * A battle entry as flat columns, so each row says what was fought: nested fields dotted
 * (`defender.fort`), lists of plain values space-separated, lists of objects item by item
 * (report.json keeps the entry whole).
 */
export function entryColumns(entry: unknown, prefix = ''): Array<[string, Cell]> {
  const out: Array<[string, Cell]> = [];
  if (!entry || typeof entry !== 'object') return out;
  for (const [key, value] of Object.entries(entry)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value)) {
      const plain = value.every((v) => v === null || typeof v !== 'object');
      out.push([name, plain ? value.join(' ') : value.map(itemText).join('; ')]);
    } else if (value && typeof value === 'object') {
      out.push(...entryColumns(value, `${name}.`));
    } else if (value !== undefined) {
      out.push([name, value as Cell]);
    }
  }
  return out;
}

/** One object of a list: its name when it has one (a counter), else its set fields, e.g. `defenders=5 fortress`. */
function itemText(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item);
  const fields = Object.entries(item as Record<string, unknown>);
  const name = fields.find(([k]) => k === 'name')?.[1];
  if (typeof name === 'string') return name;
  return fields
    .filter(([, v]) => v !== false && v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => (v === true ? k : `${k}=${v}`))
    .join(' ');
}

const FIXED = ['scenario', 'battle', 'system', 'type', 'method', 'kernel', 'seed', 'trials', 'partial'];

export function summaryCsv(report: ScenarioReport): string {
  return fromPairs(
    report.battles.map((r) => summaryPairs(report.scenario, r)),
    SUMMARY_KEEP,
  );
}

/** Columns summary.csv keeps even when empty in every row. */
export const SUMMARY_KEEP: ReadonlySet<string> = new Set(FIXED);

/** One battle's row of summary.csv, as [column, value] pairs (ColumnSet and rowOf place them). */
export function summaryPairs(scenario: string, r: BattleReport): Array<[string, Cell]> {
  const pairs: Array<[string, Cell]> = [
    ['scenario', scenario],
    ['battle', r.label],
    ['system', r.system],
    ['type', r.type],
    ['method', r.method],
    ['kernel', r.kernel],
    ['seed', String(r.seed)],
    ['trials', r.trials],
    ['partial', r.partial],
  ];
  // The entry's own fields after the fixed columns (its label and type already have theirs).
  for (const [k, v] of entryColumns(r.entry))
    if (k !== 'label' && k !== 'type' && !FIXED.includes(k)) pairs.push([k, v]);
  for (const m of r.metrics) {
    pairs.push(
      [m.key, Number.isFinite(m.estimate) ? m.estimate : null],
      [`${m.key}_ci_low`, m.ci95 ? m.ci95[0] : null],
      [`${m.key}_ci_high`, m.ci95 ? m.ci95[1] : null],
      [`${m.key}_exact`, m.exact ?? null],
    );
  }
  return pairs;
}

export const DISTRIBUTION_COLUMNS = [
  'scenario',
  'battle',
  'distribution',
  'series',
  'value',
  'count',
  'probability',
  'exact_probability',
];

export function distributionsCsv(report: ScenarioReport): string {
  return csvLines([DISTRIBUTION_COLUMNS, ...report.battles.flatMap((r) => distributionRows(report.scenario, r))]);
}

/** One battle's rows of distributions.csv. */
export function distributionRows(scenario: string, r: BattleReport): Cell[][] {
  const rows: Cell[][] = [];
  for (const d of r.distributions) {
    d.values.forEach((value, i) => {
      const count = r.method === 'exact' ? null : d.counts[i];
      rows.push([scenario, r.label, d.key, d.series, value, count, d.probabilities[i], d.exact ? d.exact[i] : null]);
    });
  }
  return rows;
}

/** A battle's extra table; columns empty in every row are left out. */
export function tableCsv(table: Table): string {
  return fromPairs(table.rows.map((row) => table.columns.map((c, i): [string, Cell] => [c, row[i] ?? null])));
}

/** Column-safe name of a variant or difference. */
function columnName(text: string): string {
  return slug(text).replace(/-/g, '_') || 'variant';
}

export function sweepCsv(sweep: SweepReport): string {
  const rows = sweep.cells.map((c) => {
    const pairs: Array<[string, Cell]> = sweep.axes.map((a, k): [string, Cell] => [a.name, c.at[k]]);
    pairs.push(['method', c.method], ['trials', c.trials]);
    const several = c.variants.length > 1;
    for (const v of c.variants) {
      const prefix = several ? `${columnName(v.label)}_` : '';
      for (const m of v.metrics) {
        pairs.push(
          [`${prefix}${m.key}`, Number.isFinite(m.estimate) ? m.estimate : null],
          [`${prefix}${m.key}_ci_low`, m.ci95?.[0] ?? null],
          [`${prefix}${m.key}_ci_high`, m.ci95?.[1] ?? null],
          [`${prefix}${m.key}_exact`, m.exact ?? null],
        );
      }
    }
    for (const d of c.differences) {
      const k = `${columnName(d.label)}_minus_${columnName(d.baseline)}`;
      pairs.push(
        [k, d.difference],
        [`${k}_ci_low`, d.ci95?.[0] ?? null],
        [`${k}_ci_high`, d.ci95?.[1] ?? null],
        [`${k}_unpaired_ci_low`, d.unpairedCi95?.[0] ?? null],
        [`${k}_unpaired_ci_high`, d.unpairedCi95?.[1] ?? null],
        [`${k}_exact`, d.exact ?? null],
      );
    }
    return pairs;
  });
  return fromPairs(rows, new Set(sweep.axes.map((a) => a.name)));
}

export function thresholdsCsv(sweep: SweepReport): string {
  const others = sweep.axes.slice(1).map((a) => a.name);
  const first = sweep.axes[0]?.name ?? 'value';
  const rows = sweep.thresholds.map((t) => {
    const pairs: Array<[string, Cell]> = [
      ['metric', t.metric],
      ['variant', t.variant],
      ...others.map((name, k): [string, Cell] => [name, t.at[k]]),
      ['target', t.target],
      [`first_${first}`, t.value],
      ['probability', t.probability],
      ['ci_low', t.ci95?.[0] ?? null],
      ['ci_high', t.ci95?.[1] ?? null],
    ];
    return pairs;
  });
  return fromPairs(rows, new Set(['metric', 'variant', 'target', `first_${first}`]));
}

/**
 * The sweep's solveFor: one row per cell and variant: the value found (empty: none) and its word where
 * the knob has one (fort 3: castle), the headline there (the best value's when none is found), whether
 * the answer is at an edge of the range (`from`, `to`), and the whole curve evaluated in the cell
 * (values and headlines as parallel lists, `;`-separated; the intervals too when sampled).
 */
export function solvedCsv(sweep: SweepReport): string {
  const solved = sweep.solved;
  const number = (x: number) => String(Number.isInteger(x) ? x : roundSignificant(x));
  const list = (values: Array<number | null | undefined>) =>
    values.every((v) => v === null || v === undefined)
      ? null
      : values.map((v) => (v == null ? '' : number(v))).join(';');
  const rows = (solved?.cells ?? []).map((c) => {
    const pairs: Array<[string, Cell]> = [
      ['variant', c.variant],
      ...sweep.axes.map((a, k): [string, Cell] => [a.name, c.at[k]]),
      ['target', solved!.target],
      ['answer', c.answer],
      ['direction', c.direction],
      ['turns', c.turns],
      [solved!.field, c.value],
      ['word', c.word ?? null],
      ['probability', c.probability],
      ['ci_low', c.ci95?.[0] ?? null],
      ['ci_high', c.ci95?.[1] ?? null],
      ['closest', c.best],
      ['edge', c.edge],
      ['curve_values', list(c.curve.map((p) => p.value))],
      ['curve_probabilities', list(c.curve.map((p) => p.probability))],
      ['curve_ci_low', list(c.curve.map((p) => p.ci95?.[0]))],
      ['curve_ci_high', list(c.curve.map((p) => p.ci95?.[1]))],
    ];
    return pairs;
  });
  return fromPairs(rows, new Set(['variant', 'target', 'answer', 'direction', 'turns', 'closest', 'edge']));
}

/** What a battle's report becomes as CSV files, by file name within the results folder. */
export function battleTableFiles(r: BattleReport): Array<[string, string]> {
  return r.tables.map((t) => [`${r.file}.${t.name}.csv`, tableCsv(t)]);
}
