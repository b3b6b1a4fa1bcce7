import type { Cell, Metric } from '../model/report.js';

/**
 * Number formatting shared by the systems' verdicts, the CSV files, the terminal and the
 * page: no 12-decimal floats, and no uncertain value printed as 0% or 100%.
 */

/** Up to `digits` significant digits, trailing zeros dropped (CSV cells). */
export function roundSignificant(x: number, digits = 6): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(digits));
}

/**
 * A probability as a percentage with two decimals, e.g. `56.76%`. A value that is not
 * certain never prints as 0.00% or 100.00%: it prints as `<0.01%` or `>99.99%`. A `sampled`
 * value (a Monte Carlo frequency with no exact value behind it) is never certain: every trial
 * (or none) succeeding prints as `>99.99%` (`<0.01%`) too, which stays true if it is in fact 1 (0).
 */
export function percent(p: number, sampled = false): string {
  if (!Number.isFinite(p)) return '-';
  if (p < 0.00005 && (p > 0 || (sampled && p === 0))) return '<0.01%';
  if (p > 0.99995 && (p < 1 || (sampled && p === 1))) return '>99.99%';
  return `${(p * 100).toFixed(2)}%`;
}

/**
 * Whether the value shown for a metric is a sampled frequency only: it came from trials
 * (the metric has an interval) and no exact value says the same.
 */
export function sampledOnly(m: Metric, shown: number = m.exact ?? m.estimate): boolean {
  return m.ci95 !== undefined && m.exact !== shown;
}

/**
 * How a cell of a system's table reads, in the terminal and on the page: probabilities in
 * percent, flags as yes/no, whole numbers as they are, others with two decimals.
 */
export function tableCell(v: Cell): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v !== 'number') return String(v ?? '');
  if (Number.isInteger(v)) return String(v);
  return v >= 0 && v <= 1 ? percent(v) : fixed(v);
}

/** A mean with two decimals. */
export function fixed(x: number, decimals = 2): string {
  return Number.isFinite(x) ? x.toFixed(decimals) : '-';
}

/** 1234567 -> "1,234,567". */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * A probability in a sentence: one decimal, e.g. `73.6%`, never `0.0%` or `100.0%` unless certain
 * (a `sampled` 0 or 1 is not: see `percent`).
 */
export function percentShort(p: number, sampled = false): string {
  if (!Number.isFinite(p)) return '-';
  if (p < 0.0005 && (p > 0 || (sampled && p === 0))) return 'under 0.1%';
  if (p > 0.9995 && (p < 1 || (sampled && p === 1))) return 'over 99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * A probability the player chose (a target): "80%", "97.5%", "99.9999%", "99.99999999%". Written with
 * as many decimals as it has (six, or as many more as a target closer to 1 needs), so a target short
 * of 1 never reads as 100%, nor as a bound (">99.999999%") where a number is meant.
 */
export function percentTarget(p: number): string {
  let text = `${Number((p * 100).toFixed(6))}`;
  for (let decimals = 7; p < 1 && text === '100' && decimals <= 14; decimals++)
    text = `${Number((p * 100).toFixed(decimals))}`;
  return p < 1 && text === '100' ? '>99.99999999999%' : `${text}%`;
}

/** A number as given (a player's value, e.g. what a territory is worth): up to 6 significant digits. */
export function numberText(x: number): string {
  return Number.isFinite(x) ? String(roundSignificant(x, 6)) : '-';
}

/**
 * An upper limit with two significant digits, rounded up, so "within 0.000016" stays true of
 * 0.0000153: 0.0312 -> "0.032", 37.1 -> "38", 0 -> "0".
 */
export function upperLimit(x: number): string {
  if (!Number.isFinite(x)) return '-';
  if (x <= 0) return '0';
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(x)));
  const scale = 10 ** decimals;
  return (Math.ceil(x * scale * (1 - 1e-12)) / scale).toFixed(decimals);
}

/** "1 army", "3 armies". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A probability metric in a verdict: "73.6% of the time", with its 95% interval when it is an estimate. */
export function ofTheTime(m: Metric): string {
  const p = m.exact ?? m.estimate;
  const estimated = m.ci95 && m.exact === undefined;
  const interval = estimated ? ` (95% interval ${percentShort(m.ci95![0])} to ${percentShort(m.ci95![1])})` : '';
  return `${percentShort(p, sampledOnly(m, p))} of the time${interval}`;
}
