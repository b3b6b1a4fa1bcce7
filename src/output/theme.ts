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

export function seriesColours(series: string[]): { domain: string[]; range: string[] } {
  const range: string[] = [];
  let spare = 2;
  const used = new Set<string>();
  for (const s of series) {
    // A side's own colour once; a second series of the same side gets a spare colour.
    const own = SERIES_COLOURS[s];
    const colour = own && !used.has(own) ? own : OKABE_ITO[spare++ % OKABE_ITO.length];
    used.add(colour);
    range.push(colour);
  }
  return { domain: series, range };
}
