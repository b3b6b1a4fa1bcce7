/**
 * Vega-Lite bar chart of P(capture) against fort level, with 95% intervals.
 * Colours are from the Okabe-Ito palette (safe for colour-blind readers).
 */
const OKABE_ITO = ['#999999', '#E69F00', '#56B4E9', '#009E73', '#CC79A7'];
const FORT_LABELS = ['none', 'tower', 'keep', 'castle', 'citadel'];

export function fortLevelsChart(
  title: string,
  rows: Array<Record<string, string | number | boolean | null>>,
): Record<string, unknown> {
  const values = rows.map((r) => ({
    fort: `${r.fortLevel} ${r.fort}`,
    pCapture: r.pCapture,
    low: r.ci95Low ?? r.pCapture,
    high: r.ci95High ?? r.pCapture,
  }));
  const order = values.map((v) => v.fort);
  const domain = rows.map((r) => `${r.fortLevel} ${r.fort}`);
  const range = rows.map((r) => OKABE_ITO[FORT_LABELS.indexOf(String(r.fort))] ?? '#000000');
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `P(capture) by fort level: ${title}`,
      subtitle: 'same attackers and random numbers for every level; bars show 95% intervals',
    },
    width: 420,
    height: 260,
    data: { values },
    encoding: {
      x: { field: 'fort', type: 'nominal', sort: order, title: 'Fort in the hex (level)', axis: { labelAngle: 0 } },
    },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: {
            field: 'pCapture',
            type: 'quantitative',
            title: 'P(attacker captures the hex) (probability)',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
          },
          color: { field: 'fort', type: 'nominal', scale: { domain, range }, legend: null },
          tooltip: [
            { field: 'fort', title: 'fort' },
            { field: 'pCapture', title: 'P(capture)', format: '.4f' },
            { field: 'low', title: '95% low', format: '.4f' },
            { field: 'high', title: '95% high', format: '.4f' },
          ],
        },
      },
      {
        mark: { type: 'rule', color: '#000000' },
        encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } },
      },
      {
        mark: { type: 'text', dy: -10, color: '#000000' },
        encoding: {
          y: { field: 'high', type: 'quantitative' },
          text: { field: 'pCapture', type: 'quantitative', format: '.1%' },
        },
      },
    ],
    config: { font: 'DejaVu Sans', view: { stroke: null } },
  };
}
