/**
 * Pieces every chart kind shares: the labels of discrete axes and facets, widths of axis
 * blocks estimated from the font, titles wrapped to the chart's width, and the data
 * fields that order categories (never a Vega-Lite `sort` array: it compiles into an
 * expression with the category names spliced in).
 */
import type { ChartAxis, ChartRequest } from '../../core/model/report.js';
import { FONT_SIZE, SIZE } from './theme.js';
import { maxTextWidth, truncateText, wrapText } from './textWidth.js';

export type VegaLiteSpec = Record<string, unknown>;

/** Where a chart is drawn: the widest it may be (px, padding excluded). */
export interface ChartRoom {
  maxWidth: number;
  /** Plots as wide as the room, not their natural width (the web page's wide answer column). */
  fill?: boolean;
}

/** A compiled body and the width its content needs (px, axes included, padding excluded). */
export interface Built {
  spec: VegaLiteSpec;
  width: number;
  /** Lines for the subtitle about what the builder had to leave out. */
  notes?: string[];
}

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Space between facet panels and around axis titles (px). */
export const GAP = { facet: 12, axisTitle: 6, tick: 8 } as const;

function isYes(value: string | number): boolean {
  const v = String(value).trim().toLowerCase();
  return v === 'true' || v === 'yes' || v === '1';
}

/**
 * User text on one line: newlines and runs of spaces become one space. Data labels must
 * not carry newlines of their own, because the theme breaks lines at "\n" (how wrapped
 * facet headers are written).
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** How a value of an axis is written on the axis: "fortress" / "no fortress" for a yes/no axis. */
export function axisLabel(axis: ChartAxis, value: string | number): string {
  if (axis.yesNo) return oneLine(isYes(value) ? axis.title : `no ${axis.title}`);
  return oneLine(String(value));
}

/** A facet panel's header when the axis title is not written once above them all: "title: value". */
export function facetLabel(axis: ChartAxis, value: string | number): string {
  if (axis.yesNo || !axis.title.trim()) return axisLabel(axis, value);
  return oneLine(`${axis.title}: ${value}`);
}

/** The labels of an axis in its order (no repeats), and each value's label and position. */
export interface Positions {
  labels: string[];
  at(value: string | number): { label: string; order: number };
}

export function positions(axis: ChartAxis, label: (axis: ChartAxis, value: string | number) => string): Positions {
  const labels: string[] = [];
  const index = new Map<string, { label: string; order: number }>();
  for (const value of axis.values) {
    const key = String(value);
    if (index.has(key)) continue;
    const text = label(axis, value);
    if (!labels.includes(text)) labels.push(text);
    index.set(key, { label: text, order: labels.indexOf(text) });
  }
  return {
    labels,
    // A value the axis does not list still gets a label, after the listed ones.
    at: (value) => index.get(String(value)) ?? { label: label(axis, value), order: labels.length },
  };
}

/** A header label wrapped to a width: lines joined by "\n", which the theme breaks on. */
function wrappedLabel(text: string, width: number, maxLines = 2): string {
  return wrapText(text, Math.max(width, 40), FONT_SIZE.header, false, maxLines).join('\n');
}

/**
 * Facet header labels wrapped to a width. Panels are grouped by their label, so labels
 * that wrapping cut to the same text are numbered ("1. ...", "2. ...") to stay distinct.
 */
export function headerLabels(labels: string[], width: number, maxLines = 2): string[] {
  const wrapped = labels.map((l) => wrappedLabel(l, width, maxLines));
  if (new Set(wrapped).size === wrapped.length) return wrapped;
  return labels.map((l, i) => wrappedLabel(`${i + 1}. ${l}`, width, maxLines));
}

/** A facet's title written once (bold), wrapped to the length of the grid it heads. */
export function facetTitle(title: string, length: number): string[] | null {
  const text = oneLine(title);
  return text ? wrapText(text, Math.max(length, 80), FONT_SIZE.header, true, 2) : null;
}

/** An axis title as lines no longer than the axis. */
export function axisTitleLines(title: string, length: number): string[] {
  return wrapText(title, Math.max(length, 80), FONT_SIZE.axisTitle, true, 3);
}

/** Width of a vertical axis: its longest label, ticks, and a title of `titleLines` lines written sideways. */
export function leftAxisWidth(labels: string[], titleLines: number, labelLimit = 200): number {
  const labelWidth = Math.min(labelLimit, maxTextWidth(labels, FONT_SIZE.label));
  return labelWidth + GAP.tick + 2 + (titleLines > 0 ? titleLines * (FONT_SIZE.axisTitle + 3) + GAP.axisTitle : 0);
}

/** Longest label after truncation to `limit`. */
export function labelWidth(labels: string[], limit: number, fontSize: number = FONT_SIZE.label): number {
  return maxTextWidth(
    labels.map((l) => truncateText(l, limit, fontSize)),
    fontSize,
  );
}

/**
 * The title block: the title (at most 3 lines) and each subtitle line wrapped to the
 * chart's width (at most 8 lines in all), so text never widens the canvas.
 */
export function titleBlock(
  request: Pick<ChartRequest, 'title' | 'subtitle'>,
  contentWidth: number,
  maxWidth: number = SIZE.maxChartWidth,
): VegaLiteSpec {
  const width = Math.min(maxWidth, Math.max(contentWidth, SIZE.minTextWidth));
  const text = wrapText(request.title, width, FONT_SIZE.title, true, 3);
  const subtitle = (request.subtitle ?? []).flatMap((line) => wrapText(line, width, FONT_SIZE.subtitle, false, 4));
  return {
    text: text.length > 0 ? text : [''],
    ...(subtitle.length > 0 ? { subtitle: subtitle.slice(0, 8) } : {}),
  };
}

/** Columns of a legend laid out across `width`: as many entries per row as fit. */
export function legendColumns(labels: string[], width: number): number {
  const entry = maxTextWidth(labels, FONT_SIZE.label) + 16 + 14;
  return Math.max(1, Math.min(labels.length, Math.floor(width / entry)));
}
