/**
 * Chart theme: the bundled DejaVu Sans everywhere (PNG rendering has no system fonts)
 * and the Okabe-Ito palette, which stays distinguishable for colour-blind readers.
 */
export const FONT = 'DejaVu Sans';

export const OKABE_ITO = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

/** Fixed colours for the usual sides, so attacker is always blue and defender vermillion. */
export const SERIES_COLOURS: Record<string, string> = {
  attacker: OKABE_ITO[0],
  defender: OKABE_ITO[1],
};

export const CHART_CONFIG = {
  font: FONT,
  title: { font: FONT, fontSize: 15, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#444' },
  axis: { labelFont: FONT, titleFont: FONT, labelFontSize: 11, titleFontSize: 12, gridColor: '#e6e6e6' },
  legend: { labelFont: FONT, titleFont: FONT, labelFontSize: 11, titleFontSize: 12 },
  header: { labelFont: FONT, titleFont: FONT },
  view: { stroke: null },
  background: 'white',
} as const;

/**
 * Series named after a colour (players "Blue", "Red" ...) get the Okabe-Ito colour of
 * that name, so a legend entry never reads "Blue" in green.
 */
const NAMED_COLOURS: Record<string, string> = {
  blue: '#0072B2',
  red: '#D55E00',
  vermillion: '#D55E00',
  green: '#009E73',
  orange: '#E69F00',
  pink: '#CC79A7',
  purple: '#CC79A7',
  'sky blue': '#56B4E9',
  yellow: '#F0E442',
  black: '#000000',
};

function namedColour(series: string): string | undefined {
  const words = series.toLowerCase().match(/[a-z]+(?: blue)?/g) ?? [];
  for (const w of words) if (NAMED_COLOURS[w]) return NAMED_COLOURS[w];
  return undefined;
}

export function seriesColours(series: string[]): { domain: string[]; range: string[] } {
  const range: string[] = [];
  const named = new Set(series.map(namedColour).filter((c): c is string => c !== undefined));
  const spares = OKABE_ITO.slice(2).filter((c) => !named.has(c));
  let spare = 0;
  const used = new Set<string>();
  for (const s of series) {
    // A side's or a colour name's own colour once; a second series of the same side gets a spare colour.
    const own = SERIES_COLOURS[s] ?? namedColour(s);
    const colour = own && !used.has(own) ? own : spares[spare++ % spares.length];
    used.add(colour);
    range.push(colour);
  }
  return { domain: series, range };
}
