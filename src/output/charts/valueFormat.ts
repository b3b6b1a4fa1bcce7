/**
 * How a ValueFormat reads on axes and in text. Text written on a chart (cell values, bar
 * labels) is formatted here and travels as data, so the spec holds no expression built
 * from values or user text.
 */
import type { ValueFormat } from '../../core/model/report.js';

const MINUS = '\u2212';

/**
 * The factor data is multiplied by before plotting: a difference of probabilities
 * ('points') is drawn in percentage points, so its axis needs no expression.
 */
export function plotScale(format: ValueFormat): number {
  return format === 'points' ? 100 : 1;
}

/** The d3 format of axis and legend labels (of plotted, i.e. scaled, values). */
export function axisFormat(format: ValueFormat): string {
  switch (format) {
    case 'percent':
      return '.0%';
    case 'points':
      return '+.2~f';
    case 'count':
      return ',d';
    case 'number':
      return ',~g';
  }
}

function signed(text: string, value: number): string {
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text;
}

/** A probability in a heatmap cell: never rounds a value that is not certain to 0% or 100%. */
export function percentCellText(p: number): string {
  if (!Number.isFinite(p)) return '';
  if (p > 0 && p < 0.005) return '<1%';
  if (p < 1 && p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** A difference of probabilities in percentage points: one decimal below 10, "0" only for exactly 0. */
export function pointsText(difference: number): string {
  if (!Number.isFinite(difference)) return '';
  const points = Math.abs(difference * 100);
  if (points === 0) return '0';
  const text = points < 9.95 ? points.toFixed(1) : points.toFixed(0);
  return signed(text === '0.0' ? '<0.1' : text, difference);
}

/** A value written beside a bar or point, a little more precise than the axis. */
export function valueText(value: number, format: ValueFormat): string {
  if (!Number.isFinite(value)) return '';
  switch (format) {
    case 'percent': {
      if (value > 0 && value < 0.0005) return '<0.1%';
      if (value < 1 && value > 0.9995) return '>99.9%';
      return `${(value * 100).toFixed(1)}%`;
    }
    case 'points':
      return pointsText(value);
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'number': {
      const text = Math.abs(value) >= 100 ? value.toFixed(0) : Number(value.toPrecision(3)).toString();
      return value < 0 ? `${MINUS}${text.slice(1)}` : text;
    }
  }
}
