/**
 * The one chart theme: the bundled DejaVu Sans everywhere (PNG rendering has no system
 * fonts), the Okabe-Ito palette (distinguishable with every common colour-vision
 * deficiency), fixed side colours, the font sizes and the size limits. Every colour a
 * chart uses comes from here.
 */
export const FONT = 'DejaVu Sans';

/** Okabe-Ito, in the order series take them. */
export const PALETTE = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  bluishGreen: '#009E73',
  orange: '#E69F00',
  reddishPurple: '#CC79A7',
  skyBlue: '#56B4E9',
  yellow: '#F0E442',
  black: '#000000',
} as const;

export const PALETTE_ORDER: string[] = Object.values(PALETTE);

/**
 * An ordered scale for values that rank (a solved knob's values in a grid): viridis from dark to
 * light, so a larger value is always lighter, in every chart that shares the scale.
 */
export const ORDERED = [
  '#440154',
  '#472d7b',
  '#3b528b',
  '#2c728e',
  '#21918c',
  '#28ae80',
  '#5ec962',
  '#addc30',
  '#fde725',
];

/** `n` colours along ORDERED, evenly spaced from its dark end to its light end. */
export function orderedColours(n: number): string[] {
  if (n <= 1) return [ORDERED[4]].slice(0, n);
  return Array.from({ length: n }, (_, i) => ORDERED[Math.round((i * (ORDERED.length - 1)) / (n - 1))]);
}

/** Cells with no value to colour: none reaches the target (light), the chance turns along the knob (darker). */
export const NO_VALUE = { none: '#d9d9d9', turns: '#8c8c8c' } as const;

/** Greys for text and furniture (not data). */
export const INK = {
  text: '#222222',
  muted: '#555555',
  grid: '#e6e6e6',
  zeroLine: '#888888',
  white: '#ffffff',
  black: '#000000',
} as const;

/** Attacker is always blue and defender vermillion. */
// Maps, not object literals: a series named "constructor" or "__proto__" must find nothing.
const SIDE_COLOURS = new Map<string, string>(
  Object.entries({
    attacker: PALETTE.blue,
    attackers: PALETTE.blue,
    defender: PALETTE.vermillion,
    defenders: PALETTE.vermillion,
  }),
);

/** Series named after a colour (players "Blue", "Red" ...) get that colour, never "Blue" drawn in green. */
const NAMED_COLOURS = new Map<string, string>(
  Object.entries({
    blue: PALETTE.blue,
    red: PALETTE.vermillion,
    vermillion: PALETTE.vermillion,
    vermilion: PALETTE.vermillion,
    green: PALETTE.bluishGreen,
    orange: PALETTE.orange,
    pink: PALETTE.reddishPurple,
    purple: PALETTE.reddishPurple,
    'sky blue': PALETTE.skyBlue,
    yellow: PALETTE.yellow,
    black: PALETTE.black,
  }),
);

/**
 * Font sizes in px of the natural-size chart. The report page scales a chart down to the
 * screen (max-width: 100%): at the widest chart (MAX_CHART_WIDTH) on a 390 px phone
 * (~358 px of content) 12 px text still shows at ~7.7 px, and most charts are narrower.
 */
export const FONT_SIZE = {
  title: 15,
  subtitle: 12,
  label: 12,
  axisTitle: 12,
  header: 12,
  cellText: 11,
} as const;

/**
 * Size limits in px. No chart is wider than MAX_CHART_WIDTH: wider content wraps (facets,
 * titles), shrinks (heatmap cells) or drops cell text. MIN_TEXT_WIDTH is the narrowest
 * block titles wrap to, so a narrow chart does not get a title of one word per line.
 */
export const SIZE = {
  maxChartWidth: 560,
  /** A heatmap of a sweep on the report page is built for the page's width (max-width 1100px, padding). */
  pageWidth: 1060,
  minTextWidth: 260,
  padding: 6,
} as const;

/** The colour of a series: its side's or its name's colour, else undefined. */
export function ownColour(series: string): string | undefined {
  const name = series.trim().toLowerCase();
  const own = SIDE_COLOURS.get(name) ?? NAMED_COLOURS.get(name);
  if (own) return own;
  const words = name.match(/sky blue|[a-z]+/g) ?? [];
  for (const w of words) if (NAMED_COLOURS.has(w)) return NAMED_COLOURS.get(w);
  return undefined;
}

/**
 * One colour per series, in order: a side's or a colour name's own colour the first time
 * it is used, otherwise the next palette colour that no other series claims.
 */
export function seriesColours(series: string[]): string[] {
  const claimed = new Set(series.map(ownColour).filter((c): c is string => c !== undefined));
  const spares = PALETTE_ORDER.filter((c) => !claimed.has(c));
  const used = new Set<string>();
  let spare = 0;
  return series.map((s) => {
    const own = ownColour(s);
    const colour = own && !used.has(own) ? own : spares[spare++ % spares.length];
    used.add(colour);
    return colour;
  });
}

/** Relative luminance (WCAG) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** White or black text, whichever reads better on a fill. */
export function textColourOn(fill: string): string {
  return luminance(fill) < 0.2 ? INK.white : INK.black;
}

/** The Vega-Lite `config` of every chart. */
export const THEME_CONFIG = {
  font: FONT,
  background: INK.white,
  padding: SIZE.padding,
  view: { stroke: null },
  // No generated ARIA descriptions: vega-lite writes them as expressions with axis titles and
  // category names spliced in. The chart's title is its description instead (vegaLite.ts).
  aria: false,
  // Facet headers wrapped by the chart builders come as lines joined by "\n" (user text never has one).
  lineBreak: '\n',
  title: {
    font: FONT,
    fontSize: FONT_SIZE.title,
    fontWeight: 'bold',
    color: INK.text,
    anchor: 'start',
    frame: 'bounds',
    offset: 10,
    subtitleFont: FONT,
    subtitleFontSize: FONT_SIZE.subtitle,
    subtitleColor: INK.muted,
    subtitlePadding: 4,
    // A safety net: titles are wrapped to the chart's width before they get here.
    limit: SIZE.maxChartWidth,
  },
  axis: {
    labelFont: FONT,
    titleFont: FONT,
    labelFontSize: FONT_SIZE.label,
    titleFontSize: FONT_SIZE.axisTitle,
    titleFontWeight: 'bold',
    labelColor: INK.text,
    titleColor: INK.text,
    gridColor: INK.grid,
    domainColor: INK.muted,
    tickColor: INK.muted,
    labelLimit: 200,
    titleLimit: SIZE.maxChartWidth,
  },
  legend: {
    labelFont: FONT,
    titleFont: FONT,
    labelFontSize: FONT_SIZE.label,
    titleFontSize: FONT_SIZE.axisTitle,
    labelColor: INK.text,
    titleColor: INK.text,
    labelLimit: SIZE.maxChartWidth - 40,
    titleLimit: SIZE.maxChartWidth,
  },
  header: {
    labelFont: FONT,
    titleFont: FONT,
    labelFontSize: FONT_SIZE.header,
    titleFontSize: FONT_SIZE.header,
    labelColor: INK.text,
    titleColor: INK.text,
    labelLimit: SIZE.maxChartWidth,
  },
  text: { font: FONT },
  range: { category: PALETTE_ORDER },
} as const;

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` merged into `base`, objects key by key (arrays and other values replace). */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over))
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

/**
 * A spec with the theme: the spec's own `config` (if any) deep-merged over the theme's,
 * so a chart may change one setting without dropping the font or palette.
 */
export function withTheme<T extends Json>(spec: T): T & { config: Json } {
  const own = isPlainObject(spec.config) ? spec.config : {};
  return { ...spec, config: deepMerge(THEME_CONFIG as unknown as Json, own) };
}
