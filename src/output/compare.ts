/**
 * A comparison of two rule sets as files: compare.csv (a row per cell: each side's headline, B minus
 * A with its interval, paired or not, the test's p-value before and after the correction, whether it
 * differs), the difference as a chart (a diverging heatmap for a grid, faded where a cell does not
 * differ; lines along one axis; bars for battles compared by label), the page, and what the results
 * home shows of it (headline.json).
 */
import type { ChartRequest, HeatmapChart, IntervalsChart, LinesChart } from '../core/model/report.js';
import type { CompareReport, ComparedCell } from '../core/run/compare.js';
import type { Cell } from '../core/model/report.js';
import { csvLines } from './csv.js';
import { escapeHtml as escape } from './html.js';
import { percent, percentTarget } from '../core/words/format.js';
import { pointsText } from './charts/valueFormat.js';
import type { HeadlineFile } from './home.js';

const CORRECTION_WORDS = { holm: "Holm's correction", 'benjamini-hochberg': 'Benjamini-Hochberg' } as const;

/** compare.csv: a row per cell. */
export function compareCsv(r: CompareReport): string {
  const header = [
    ...r.axes.map((a) => a.name),
    'a',
    'a_ci_low',
    'a_ci_high',
    'b',
    'b_ci_low',
    'b_ci_high',
    'difference',
    'ci_low',
    'ci_high',
    'exact',
    'paired',
    'p',
    'p_adjusted',
    'differs',
  ];
  const rows = r.cells.map((c): Cell[] => [
    ...c.at,
    c.a.value,
    c.a.ci95?.[0] ?? null,
    c.a.ci95?.[1] ?? null,
    c.b.value,
    c.b.ci95?.[0] ?? null,
    c.b.ci95?.[1] ?? null,
    c.difference,
    c.ci95?.[0] ?? null,
    c.ci95?.[1] ?? null,
    c.exact,
    c.paired,
    c.p ?? null,
    c.adjusted ?? null,
    c.differs,
  ]);
  return csvLines([header, ...rows]);
}

/** How the differences were found, in a few words (chart subtitles, the page). */
export function compareHow(r: CompareReport): string {
  const exact = r.cells.every((c) => c.exact);
  if (exact) return 'exact values';
  const pairing = r.cells.some((c) => c.paired)
    ? 'sampled cells paired on common random numbers'
    : 'sampled cells unpaired (two separate runs)';
  return `${pairing}; ${CORRECTION_WORDS[r.correction.method]} over ${r.correction.tested} tests at ${percentTarget(
    r.correction.level,
  )}`;
}

/** The difference B minus A as a chart: a heatmap for a grid, lines along one axis, bars for battles. */
export function compareChart(r: CompareReport): ChartRequest {
  const title = `${r.headline.label}: B (${r.b.name}) minus A (${r.a.name})`;
  const faded = r.cells.some((c) => !c.differs);
  const note = faded ? '; faded: does not differ (exact: equal; sampled: after the correction)' : '';
  const subtitle = [`${compareHow(r)}`, `difference in percentage points (orange: higher with B; blue: lower)${note}`];
  const value = (c: ComparedCell) => c.difference;
  if (r.axes.length >= 2) {
    const [x, y, column, row] = r.axes;
    const axis = (a: (typeof r.axes)[number], reversed = false) => {
      const values = a.values.map((v) => (typeof v === 'boolean' ? String(v) : v));
      return { title: a.title, values: reversed ? [...values].reverse() : values };
    };
    const cells = r.cells.map((c) => {
      const [cx, cy, cc, cr] = c.at.map((v) => (typeof v === 'boolean' ? String(v) : v));
      return {
        x: cx,
        y: cy,
        ...(cc !== undefined ? { column: cc } : {}),
        ...(cr !== undefined ? { row: cr } : {}),
        value: value(c),
        text: pointsText(value(c)),
        ...(c.differs ? {} : { faded: true }),
      };
    });
    const heatmap: HeatmapChart = {
      kind: 'heatmap',
      name: 'difference',
      title,
      subtitle,
      x: axis(x),
      y: axis(
        y,
        y.values.every((v) => typeof v === 'number'),
      ),
      ...(column ? { column: axis(column) } : {}),
      ...(row ? { row: axis(row) } : {}),
      colour: {
        scale: 'diverging',
        title: 'B minus A',
        format: 'points',
        extent: Math.max(0.01, ...r.cells.map((c) => Math.abs(c.difference))),
      },
      cells,
    };
    return heatmap;
  }
  const [axis] = r.axes;
  if (axis && axis.name !== 'battle') {
    const lines: LinesChart = {
      kind: 'lines',
      name: 'difference',
      title,
      subtitle,
      x: { title: axis.title, values: axis.values.map((v) => (typeof v === 'boolean' ? String(v) : v)) },
      y: { title: 'B minus A (percentage points)', format: 'points' },
      series: ['B minus A'],
      points: r.cells.map((c) => ({
        x: typeof c.at[0] === 'boolean' ? String(c.at[0]) : c.at[0],
        series: 'B minus A',
        y: c.difference,
        ...(c.ci95 ? { low: c.ci95[0], high: c.ci95[1] } : {}),
      })),
      zeroLine: true,
    };
    return lines;
  }
  const bars: IntervalsChart = {
    kind: 'intervals',
    name: 'difference',
    title,
    subtitle,
    categoryTitle: 'battle',
    valueTitle: 'B minus A',
    format: 'points',
    rows: r.cells.map((c) => ({
      category: String(c.at[0]),
      value: c.difference,
      ...(c.ci95 ? { low: c.ci95[0], high: c.ci95[1] } : {}),
      ...(c.exact ? { exact: c.difference } : {}),
    })),
  };
  return bars;
}

/** The page: what is compared, the words, the chart, every cell. */
export function comparePage(r: CompareReport, chart: { file: string; title: string } | null): string {
  const sideLine = (name: string, s: CompareReport['a']) =>
    `<li><b>${name}</b>: ${escape(s.name)}${s.file ? ` <span class="how">(${escape(s.file)})</span>` : ''}${
      s.variant ? ` <span class="how">variant ${escape(s.variant)}</span>` : ''
    }${s.description ? `<br><span class="how">${escape(s.description)}</span>` : ''}</li>`;
  const rows = r.cells
    .map((c) => {
      const cells = [
        ...c.at.map((v) => escape(String(v))),
        percent(c.a.value, c.a.exact === undefined),
        percent(c.b.value, c.b.exact === undefined),
        escape(pointsText(c.difference)),
        c.ci95 ? `${escape(pointsText(c.ci95[0]))} to ${escape(pointsText(c.ci95[1]))}` : 'exact',
        c.adjusted !== undefined ? c.adjusted.toPrecision(2) : '',
        c.differs ? 'yes' : c.exact ? 'no (equal)' : 'no',
      ];
      return `<tr>${cells.map((x) => `<td>${x}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const head = [
    ...r.axes.map((a) => escape(a.title)),
    'A',
    'B',
    'B minus A (points)',
    '95% interval',
    'p adjusted',
    'differs',
  ];
  const unmatched = r.unmatched.length
    ? `<p class="how">not in both, left out: ${r.unmatched.map(escape).join('; ')}</p>`
    : '';
  const where = r.from === 'scenarios' ? 'run here' : 'read from two results folders';
  const partial = r.partial ? ' · PARTIAL: interrupted' : '';
  const figure = chart ? `<figure><img src="${escape(chart.file)}" alt="${escape(chart.title)}"></figure>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>battle-odds compare · ${escape(r.a.name)} vs ${escape(r.b.name)}</title>
<style>
body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
body { color: #1a1a1a; }
.how { color: #555; font-size: .85rem; } img { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: .85rem; }
td, th { padding: .15rem .5rem; border-bottom: 1px solid #e3e3e3; }
td { text-align: right; } th { text-align: left; }
</style></head>
<body>
<h1>Compare: ${escape(r.headline.label)}</h1>
<ul>${sideLine('A', r.a)}${sideLine('B', r.b)}</ul>
<p class="how">${escape(r.system)} · ${escape(compareHow(r))} · ${where}${partial} · version ${escape(r.version)}</p>
${r.words.map((w) => `<p>${escape(w.text)}</p>`).join('\n')}
${unmatched}
${figure}
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}

/** What the results home shows of the comparison. */
export function compareHeadline(r: CompareReport): HeadlineFile {
  return {
    format: 'battle-odds-headline/1',
    scenario: `compare: ${r.a.name} vs ${r.b.name}`.slice(0, 2000),
    description: `B minus A, ${r.headline.label}, cell by cell`,
    system: r.system,
    version: r.version,
    startedAt: r.startedAt,
    partial: r.partial,
    battles: 0,
    answers: r.words.map((w, i) => ({ label: i === 0 ? 'B against A' : 'cells', text: w.text.slice(0, 2000) })),
    sweep: null,
  };
}
