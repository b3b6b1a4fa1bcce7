/**
 * A heatmap: a grid of cells coloured by a probability (viridis), a difference centred on
 * zero (blue-orange, faded cells drawn pale) or an outcome category (given colours), with
 * text in the cells when it fits. A third axis facets into columns and a fourth into rows.
 * The y axis lists its values top to bottom.
 *
 * Layout, within the maximum chart width, first that works:
 *   1. the facet grid as asked, cells wide enough for their text;
 *   2. the panels wrapped onto rows (a row and a column facet become one), text kept,
 *      when that stays under the maximum height;
 *   3. without text: a column facet alone wraps when side by side would make cells too
 *      small; otherwise the grid's cells shrink to fit.
 * Percentages that do not fit as `53%` are tried as `53` (the subtitle says they are percent).
 * A grid of probabilities draws its 50% and 80% contours along the cell edges.
 */
import type { HeatmapChart } from '../../core/model/report.js';
import { FONT_SIZE, INK, PALETTE_ORDER, SIZE, textColourOn } from './theme.js';
import { maxTextWidth } from './textWidth.js';
import { axisFormat, plotScale } from './valueFormat.js';
import {
  GAP,
  axisLabel,
  axisTitleLines,
  facetLabel,
  leftAxisWidth,
  legendColumns,
  oneLine,
  positions,
  facetTitle,
  headerLabels,
  type Built,
  type ChartRoom,
  type Positions,
  type VegaLiteSpec,
} from './layout.js';

const CELL = {
  /** Cells without text: the grid's natural width is about this (px). */
  naturalWidth: 400,
  min: 12,
  max: 30,
  /** Cells never get narrower than this, even when the chart would exceed its maximum width. */
  floor: 3,
  textPadding: 6,
  textHeight: 22,
} as const;
const MAX_WRAPPED_HEIGHT = 1800;
/** A panel in a row facet is at least this tall, so its rotated header and y title fit. */
const MIN_ROW_PANEL = 110;
const Y_LABEL_LIMIT = 160;
const X_LABEL_LIMIT = 120;
const HEADER_LINE = FONT_SIZE.header + 3;
const FADED_OPACITY = 0.3;
/** A cell darker than this (as a share of the scale) takes white text. */
const DARK_SHARE = { probability: 0.45, diverging: 0.55 } as const;
/** The contours a grid of probabilities draws unless the request names its own levels. */
export const DEFAULT_CONTOURS = [0.5, 0.8] as const;
/** 50% is the break-even (a coin flip): always dashed. Other levels take these in turn: solid, dotted, long dashes. */
const BREAK_EVEN = { level: 0.5, dash: [4, 3], style: 'dashed' } as const;
const OTHER_DASHES = [
  { dash: [1, 0], style: 'solid' },
  { dash: [1.5, 2.5], style: 'dotted' },
  { dash: [9, 3], style: 'long dashes' },
] as const;

interface Contour {
  level: number;
  label: string;
  dash: number[];
  style: string;
}

/** The request's contour levels (at most four, in order), each with its label and dash. */
export function contoursOf(request: Pick<HeatmapChart, 'contours'>): Contour[] {
  const levels = [...new Set(request.contours ?? DEFAULT_CONTOURS)]
    .filter((l) => Number.isFinite(l) && l > 0 && l < 1)
    .sort((a, b) => a - b)
    .slice(0, 1 + OTHER_DASHES.length);
  let other = 0;
  return levels.map((level) => {
    const label = `${Number((level * 100).toFixed(2))}%`;
    if (level === BREAK_EVEN.level) return { level, label, dash: [...BREAK_EVEN.dash], style: BREAK_EVEN.style };
    const { dash, style } = OTHER_DASHES[other++ % OTHER_DASHES.length];
    return { level, label, dash: [...dash], style };
  });
}

type Colour = HeatmapChart['colour'];

interface Layout {
  /** none: one panel; grid: column/row facets as asked; wrap: panels (rows x columns) in reading order. */
  facets: 'none' | 'grid' | 'wrap';
  across: number;
  cellWidth: number;
  cellHeight: number;
  text: boolean;
  left: number;
  /** The cells' text size (px): larger in the roomy cells of a small grid on the page. */
  fontSize: number;
}

/**
 * A small grid on the report page (room for far wider cells than its text needs) is drawn at the
 * column's width, up to ROOMY.maxWidth a cell, its cells ROOMY.heightShare as tall as wide and its text
 * ROOMY.fontSize: a 6 by 6 grid of a 1060 px column no longer takes 509 px with 11 px text that the
 * page shrinks further.
 */
const ROOMY = { maxWidth: 150, minGrow: 1.4, heightShare: 0.42, maxHeight: 56, fontSize: 16 } as const;

export function heatmapBody(request: HeatmapChart, room: ChartRoom): Built {
  const { x, y, column, row, colour } = request;
  const categoryColours = colour.scale === 'categories' ? categoriesPalette(colour) : new Map<string, string>();
  const xs = positions(x, axisLabel);
  const ys = positions(y, axisLabel);
  const columns = column ? positions(column, axisLabel) : null;
  const rows = row ? positions(row, axisLabel) : null;

  // Data: the plotted value, the text and its colour; facet fields are added once the layout is known.
  const scale = colour.scale === 'diverging' ? plotScale(colour.format) : 1;
  const anyFaded = request.cells.some((c) => c.faded);
  let cells = request.cells.map((c) => ({
    kind: 'cell',
    x: xs.at(c.x).label,
    y: ys.at(c.y).label,
    value: typeof c.value === 'number' ? c.value * scale : oneLine(c.value),
    edge: typeof c.value === 'number' ? c.value * scale : oneLine(c.value),
    // Only a grid with faded cells carries an opacity (thousands of cells otherwise say 1).
    ...(anyFaded ? { opacity: c.faded ? FADED_OPACITY : 1 } : {}),
    text: oneLine(c.text ?? ''),
    textColour: c.faded ? INK.black : textColour(colour, c.value, categoryColours),
  }));

  // Size: the text as given, else percentages without their sign.
  const given = (list: typeof cells) => list.map((c) => c.text).filter((t) => t.length > 0);
  let layout = chooseLayout(request, xs, ys, given(cells), room);
  let percentSign = true;
  if (!layout.text && given(cells).length > 0 && given(cells).every((t) => PERCENT_TEXT.test(t))) {
    const bare = cells.map((c) => ({ ...c, text: c.text.replace(/%$/, '') }));
    const fitted = chooseLayout(request, xs, ys, given(bare), room);
    if (fitted.text) {
      [layout, cells, percentSign] = [fitted, bare, false];
    }
  }
  const panelWidth = Math.round(xs.labels.length * layout.cellWidth);
  const panelHeight = Math.round(ys.labels.length * layout.cellHeight);
  const panels = (columns?.labels.length ?? 1) * (layout.facets === 'wrap' ? (rows?.labels.length ?? 1) : 1);
  const across = Math.min(layout.across, panels);
  const width = layout.left + across * panelWidth + (across - 1) * GAP.facet;

  // Facet fields: a header label (wrapped to the panel) and an order for each panel.
  const facetsOf = facetFields(request, layout, columns, rows, panelWidth, panelHeight);
  // Cell text travels only when it is drawn.
  const values: Array<Record<string, unknown>> = cells.map(({ text, textColour, ...cell }, i) => ({
    ...cell,
    ...(layout.text ? { text, textColour } : {}),
    ...facetsOf[i],
  }));
  const contours = contoursOf(request);
  const edges =
    colour.scale === 'probability' ? contourEdges(request, contours, xs, ys, facetsOf, panelWidth, panelHeight) : [];
  values.push(...edges);

  // Encodings.
  const xFits = maxTextWidth(xs.labels, FONT_SIZE.label) + 4 <= layout.cellWidth;
  const xNumeric = x.values.every((v) => typeof v === 'number');
  const xEnc = {
    field: 'x',
    type: 'ordinal',
    scale: { domain: xs.labels },
    title: axisTitleLines(x.title, panelWidth),
    axis:
      xFits || xNumeric
        ? { labelAngle: 0, labelOverlap: 'parity' }
        : { labelAngle: -45, labelLimit: X_LABEL_LIMIT, labelOverlap: false },
  };
  const yEnc = {
    field: 'y',
    type: 'ordinal',
    scale: { domain: ys.labels },
    title: y.title.trim() ? axisTitleLines(y.title, panelHeight) : null,
    axis: { labelLimit: Y_LABEL_LIMIT, labelOverlap: layout.cellHeight >= FONT_SIZE.label ? false : 'parity' },
  };
  const cellColour = colourEncoding(colour, categoryColours, panelWidth, width - layout.left);
  const layers: VegaLiteSpec[] = [
    {
      ...(edges.length > 0 ? { transform: [{ filter: { field: 'kind', equal: 'cell' } }] } : {}),
      // A hairline stroke in the cell's own colour hides the seams anti-aliasing draws between cells
      // when the SVG is scaled down (a phone).
      mark: { type: 'rect', strokeWidth: 1 },
      encoding: {
        x: xEnc,
        y: yEnc,
        color: cellColour,
        // Its own field, or vega-lite would merge the two legends into one of symbols.
        stroke: { ...cellColour, field: 'edge', legend: null },
        ...(anyFaded ? { opacity: { field: 'opacity', type: 'quantitative', scale: null, legend: null } } : {}),
      },
    },
  ];
  if (layout.text)
    // White text on dark cells, black elsewhere: one layer each, so no colour channel mixes with the cells' scale.
    for (const ink of [INK.white, INK.black])
      layers.push({
        transform: [{ filter: { field: 'textColour', equal: ink } }],
        mark: { type: 'text', fontSize: layout.fontSize, color: ink },
        encoding: { x: xEnc, y: yEnc, text: { field: 'text' } },
      });
  if (edges.length > 0) layers.push(...contourLayers(contours));
  const inner = { width: panelWidth, height: panelHeight, layer: layers };
  // Text asked for but left out (too many cells for the width), or written without its % sign, is said.
  const notes = [
    ...(texts(request).length > 0 && !layout.text ? ['numbers in the cells left out: too many cells to fit'] : []),
    ...(layout.text && !percentSign ? ['numbers in the cells: percent'] : []),
    ...(edges.length > 0 ? [contourNote(contours, edges)] : []),
  ];
  if (layout.facets === 'none') return { spec: { data: { values }, ...inner }, width, notes };
  if (layout.facets === 'wrap')
    return {
      spec: {
        data: { values },
        facet: {
          field: 'panel',
          type: 'nominal',
          sort: { field: 'panelOrder', op: 'min' },
          title: null,
          header: header(),
        },
        columns: across,
        spacing: GAP.facet,
        spec: inner,
      },
      width,
      notes,
    };
  const facet: VegaLiteSpec = {};
  if (column)
    facet.column = {
      field: 'col',
      type: 'nominal',
      sort: { field: 'colOrder', op: 'min' },
      title: column.yesNo ? null : facetTitle(column.title, width - layout.left),
      header: header(),
    };
  if (row)
    facet.row = {
      field: 'row',
      type: 'nominal',
      sort: { field: 'rowOrder', op: 'min' },
      title: row.yesNo ? null : facetTitle(row.title, panelHeight * (rows?.labels.length ?? 1)),
      header: { ...header(), labelAngle: -90 },
    };
  return { spec: { data: { values }, facet, spacing: GAP.facet, spec: inner }, width, notes };
}

/** A probability as a heatmap cell writes it: `53%`, `<1%`, `>99%`. */
const PERCENT_TEXT = /^[<>]?\d+%$/;

/**
 * The contours of a grid of probabilities: for each level, the cell edges between a cell at
 * or above it and a neighbour below it, in pixels within the panel (with the panel's facet
 * fields, so each panel draws its own).
 */
function contourEdges(
  request: HeatmapChart,
  contours: Contour[],
  xs: Positions,
  ys: Positions,
  facetsOf: Array<Record<string, string | number>>,
  panelWidth: number,
  panelHeight: number,
): Array<Record<string, unknown>> {
  const nx = xs.labels.length;
  const ny = ys.labels.length;
  const cw = panelWidth / Math.max(1, nx);
  const ch = panelHeight / Math.max(1, ny);
  // Each panel's grid of values, by its facet fields.
  const panels = new Map<string, { facets: Record<string, string | number>; grid: Map<string, number> }>();
  request.cells.forEach((c, i) => {
    if (typeof c.value !== 'number') return;
    const key = JSON.stringify(facetsOf[i]);
    const panel = panels.get(key) ?? { facets: facetsOf[i], grid: new Map<string, number>() };
    panel.grid.set(`${xs.at(c.x).order},${ys.at(c.y).order}`, c.value);
    panels.set(key, panel);
  });
  const edges: Array<Record<string, unknown>> = [];
  for (const { facets, grid } of panels.values()) {
    const at = (i: number, j: number) => grid.get(`${i},${j}`);
    for (const { level, label } of contours) {
      const edge = (px: number, py: number, px2: number, py2: number) =>
        edges.push({ kind: 'edge', level: label, px, py, px2, py2, ...facets });
      const crosses = (a: number | undefined, b: number | undefined) =>
        a !== undefined && b !== undefined && a >= level !== b >= level;
      for (let i = 0; i < nx; i++)
        for (let j = 0; j < ny; j++) {
          if (crosses(at(i, j), at(i + 1, j))) edge((i + 1) * cw, j * ch, (i + 1) * cw, (j + 1) * ch);
          if (crosses(at(i, j), at(i, j + 1))) edge(i * cw, (j + 1) * ch, (i + 1) * cw, (j + 1) * ch);
        }
    }
  }
  return edges;
}

/** The contours: a white casing under a black line, dashed at 50% (others solid, dotted ...), readable on any cell. */
function contourLayers(contours: Contour[]): VegaLiteSpec[] {
  const position = {
    x: { field: 'px', type: 'quantitative', scale: null },
    x2: { field: 'px2' },
    y: { field: 'py', type: 'quantitative', scale: null },
    y2: { field: 'py2' },
  };
  const only = [{ filter: { field: 'kind', equal: 'edge' } }];
  return [
    {
      transform: only,
      mark: { type: 'rule', color: INK.white, strokeWidth: 3.5, strokeCap: 'square' },
      encoding: position,
    },
    {
      transform: only,
      mark: { type: 'rule', color: INK.black, strokeWidth: 1.5 },
      encoding: {
        ...position,
        strokeDash: {
          field: 'level',
          type: 'nominal',
          scale: { domain: contours.map((c) => c.label), range: contours.map((c) => c.dash) },
          legend: null,
        },
      },
    },
  ];
}

/**
 * The caption's line about the contours, the break-even named: `lines: where it reaches 50%, the
 * break-even (dashed), and 80% (solid)`.
 */
function contourNote(contours: Contour[], edges: Array<Record<string, unknown>>): string {
  const drawn = contours.filter((c) => edges.some((e) => e.level === c.label));
  const words = drawn.map((c) =>
    c.level === BREAK_EVEN.level ? `${c.label}, the break-even (${c.style})` : `${c.label} (${c.style})`,
  );
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
  return `lines: where it reaches ${list}`;
}

/** The texts the request asks to write in cells. */
function texts(request: HeatmapChart): string[] {
  return request.cells.map((c) => oneLine(c.text ?? '')).filter((t) => t.length > 0);
}

function header(): VegaLiteSpec {
  return { labelAngle: 0, labelPadding: 4, labelLineHeight: HEADER_LINE, titleFontWeight: 'bold' };
}

function chooseLayout(request: HeatmapChart, xs: Positions, ys: Positions, texts: string[], room: ChartRoom): Layout {
  const { column, row } = request;
  const nx = Math.max(1, xs.labels.length);
  const ny = Math.max(1, ys.labels.length);
  const nColumns = column ? Math.max(1, new Set(column.values.map(String)).size) : 1;
  const nRows = row ? Math.max(1, new Set(row.values.map(String)).size) : 1;
  const yTitleLines = request.y.title.trim() ? axisTitleLines(request.y.title, ny * CELL.min).length : 0;
  const yAxis = leftAxisWidth(ys.labels, yTitleLines, Y_LABEL_LIMIT);
  // Row headers are written sideways in up to 3 lines, plus the row axis title once.
  const rowHeader = row ? 3 * HEADER_LINE + 8 + (row.title.trim() && !row.yesNo ? HEADER_LINE + 8 : 0) : 0;
  const width = (left: number) => room.maxWidth - left - 4;
  const fitsAcross = (room: number, panelWidth: number, max: number) =>
    Math.max(0, Math.min(max, Math.floor((room + GAP.facet) / (panelWidth + GAP.facet))));
  const tall = (cellHeight: number) => Math.max(cellHeight, row ? Math.ceil(MIN_ROW_PANEL / ny) : 0);

  const textWidthMax = maxTextWidth(texts, FONT_SIZE.cellText);
  const textCell = Math.ceil(Math.max(CELL.textHeight, textWidthMax + CELL.textPadding));
  const textHeight = Math.min(textCell, CELL.textHeight);
  const asked = column || row ? 'grid' : 'none';
  if (texts.length > 0) {
    // 1. The grid as asked, with text.
    const left = yAxis + rowHeader;
    if (fitsAcross(width(left), nx * textCell, nColumns) >= nColumns) {
      const roomy = roomyCells(texts, width(left), nx, nColumns, textCell);
      if (roomy)
        return { facets: asked, across: nColumns, ...roomy, cellHeight: tall(roomy.cellHeight), text: true, left };
      const fontSize = FONT_SIZE.cellText;
      return {
        facets: asked,
        across: nColumns,
        cellWidth: textCell,
        cellHeight: tall(textHeight),
        text: true,
        left,
        fontSize,
      };
    }
    // 2. Wrapped panels, with text.
    const panels = nColumns * nRows;
    const across = fitsAcross(width(yAxis), nx * textCell, panels);
    const height = Math.ceil(panels / Math.max(1, across)) * (ny * textHeight + 2 * HEADER_LINE + GAP.facet + 40);
    if (panels > 1 && across >= 1 && height <= MAX_WRAPPED_HEIGHT)
      return {
        facets: 'wrap',
        across,
        cellWidth: textCell,
        cellHeight: textHeight,
        text: true,
        left: yAxis,
        fontSize: FONT_SIZE.cellText,
      };
  }
  // 3. No text.
  const natural = Math.min(CELL.max, Math.max(CELL.min, Math.floor(CELL.naturalWidth / nx)));
  if (column && !row && nColumns > 1 && fitsAcross(width(yAxis), nx * natural, nColumns) < nColumns) {
    const across = Math.max(1, fitsAcross(width(yAxis), nx * natural, nColumns));
    const cell = Math.max(CELL.floor, Math.min(natural, Math.floor(width(yAxis) / nx)));
    return { facets: 'wrap', across, cellWidth: cell, cellHeight: cell, text: false, left: yAxis, fontSize: 0 };
  }
  const left = yAxis + rowHeader;
  const fit = Math.floor((width(left) - (nColumns - 1) * GAP.facet) / (nColumns * nx));
  const cell = Math.max(CELL.floor, Math.min(natural, fit));
  return { facets: asked, across: nColumns, cellWidth: cell, cellHeight: tall(cell), text: false, left, fontSize: 0 };
}

/**
 * Roomy cells for a small grid with text on the page (see ROOMY), or null when the grid is not small
 * enough to grow by ROOMY.minGrow, or its text would not fit at the larger size.
 */
function roomyCells(
  texts: string[],
  room: number,
  nx: number,
  nColumns: number,
  textCell: number,
): { cellWidth: number; cellHeight: number; fontSize: number } | null {
  if (room + 4 < SIZE.pageWidth - Y_LABEL_LIMIT - 60) return null;
  const fill = Math.floor((room - (nColumns - 1) * GAP.facet) / (nColumns * nx));
  const cellWidth = Math.min(ROOMY.maxWidth, fill);
  if (cellWidth < textCell * ROOMY.minGrow) return null;
  if (maxTextWidth(texts, ROOMY.fontSize) + 2 * CELL.textPadding > cellWidth) return null;
  const cellHeight = Math.max(CELL.textHeight, Math.min(ROOMY.maxHeight, Math.round(cellWidth * ROOMY.heightShare)));
  return { cellWidth, cellHeight, fontSize: ROOMY.fontSize };
}

/** The facet fields of each cell: a header label (wrapped to the panel) and the panel's order. */
function facetFields(
  request: HeatmapChart,
  layout: Layout,
  columns: Positions | null,
  rows: Positions | null,
  panelWidth: number,
  panelHeight: number,
): Array<Record<string, string | number>> {
  const { column, row } = request;
  if (layout.facets === 'none') return request.cells.map(() => ({}));
  if (layout.facets === 'wrap') {
    // One panel per (row, column) in reading order, each header saying what it shows.
    const rowAt = (v: string | number | undefined) =>
      row && v !== undefined ? positions(row, facetLabel).at(v) : null;
    const colAt = (v: string | number | undefined) =>
      column && v !== undefined ? positions(column, facetLabel).at(v) : null;
    const nColumns = (columns?.labels.length ?? 0) + 1;
    const keys = request.cells.map((c) => {
      const [r, k] = [rowAt(c.row), colAt(c.column)];
      const text = [r?.label, k?.label].filter((t): t is string => t !== undefined).join(', ');
      return { text, order: (r?.order ?? 0) * nColumns + (k?.order ?? 0) };
    });
    const orders = [...new Set(keys.map((k) => k.order))].sort((a, b) => a - b);
    const texts = orders.map((o) => keys.find((k) => k.order === o)?.text ?? '');
    const headers = headerLabels(texts, panelWidth);
    return keys.map((k) => ({ panel: headers[orders.indexOf(k.order)], panelOrder: k.order }));
  }
  const colHeaders = columns ? headerLabels([...columns.labels, ''], panelWidth) : [];
  const rowHeaders = rows ? headerLabels([...rows.labels, ''], panelHeight, 3) : [];
  return request.cells.map((c) => {
    const k = columns && c.column !== undefined ? columns.at(c.column).order : null;
    const r = rows && c.row !== undefined ? rows.at(c.row).order : null;
    return {
      ...(k !== null ? { col: colHeaders[k], colOrder: k } : {}),
      ...(r !== null ? { row: rowHeaders[r], rowOrder: r } : {}),
    };
  });
}

/** Each outcome category's colour: its own, else the next palette colour no category claims. */
function categoriesPalette(colour: Extract<Colour, { scale: 'categories' }>): Map<string, string> {
  const claimed = new Set(colour.categories.map((c) => c.colour?.toLowerCase()));
  const spares = PALETTE_ORDER.filter((c) => !claimed.has(c.toLowerCase()));
  let spare = 0;
  return new Map(colour.categories.map((c) => [oneLine(c.value), c.colour ?? spares[spare++ % spares.length]]));
}

function textColour(colour: Colour, value: number | string, categories: Map<string, string>): string {
  if (colour.scale === 'categories') return textColourOn(categories.get(oneLine(String(value))) ?? INK.white);
  if (typeof value !== 'number') return INK.black;
  if (colour.scale === 'probability') return value < DARK_SHARE.probability ? INK.white : INK.black;
  return Math.abs(value) > DARK_SHARE.diverging * colour.extent ? INK.white : INK.black;
}

function colourEncoding(
  colour: Colour,
  categories: Map<string, string>,
  panelWidth: number,
  gridWidth: number,
): VegaLiteSpec {
  const title = oneLine(colour.title) || null;
  const gradient = {
    orient: 'top',
    direction: 'horizontal',
    gradientLength: Math.max(120, Math.min(220, panelWidth)),
    titleLimit: Math.max(gridWidth, 120),
  };
  switch (colour.scale) {
    case 'probability':
      return {
        field: 'value',
        type: 'quantitative',
        title,
        scale: { scheme: 'viridis', domain: [0, 1] },
        legend: { ...gradient, format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] },
      };
    case 'diverging': {
      const extent = colour.extent * plotScale(colour.format);
      return {
        field: 'value',
        type: 'quantitative',
        title,
        scale: { scheme: 'blueorange', domain: [-extent, extent], domainMid: 0 },
        legend: { ...gradient, format: axisFormat(colour.format) },
      };
    }
    case 'categories': {
      const labels = [...categories.keys()];
      return {
        field: 'value',
        type: 'nominal',
        title,
        scale: { domain: labels, range: labels.map((l) => categories.get(l)) },
        legend: {
          orient: 'top',
          direction: 'horizontal',
          columns: legendColumns(labels, gridWidth),
          labelLimit: Math.max(100, gridWidth - 30),
          titleLimit: Math.max(gridWidth, 120),
        },
      };
    }
  }
}
