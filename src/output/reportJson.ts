/**
 * report.json a battle at a time: the text `JSON.stringify(report, null, 2)` would write, written
 * without ever holding the whole report (10,000 battles are ~100 MB of text). The report's
 * own fields come before and after its `battles`; each battle is its own stringified block,
 * indented one level deeper, the blocks separated by `,\n`.
 *
 * A sweep is kept compact (reportJsonText, storedSweep): each cell on one line with its
 * headline only, each threshold row on one line. Every metric of every cell is in sweep.csv
 * beside it; written out in full, a sweep of 2,304 cells was 11 MB of report.json.
 */
import type { BattleReport, ScenarioReport, SweepReport } from '../core/model/report.js';

/** Stands for the battles while the rest is stringified: NUL cannot be in any text of a report. */
const PLACE = '\u0000battles\u0000';
const PLACE_LINE = `\n  "battles": ${JSON.stringify(PLACE)}`;
const CELLS = '\u0000cells\u0000';
const THRESHOLDS = '\u0000thresholds\u0000';

/** The file beside report.json that holds every metric of every sweep cell. */
export const SWEEP_DETAIL_FILE = 'sweep.csv';

/**
 * A sweep as report.json stores it: each cell's variants with their headline only (the first
 * metric), and `detail` naming the file with every metric. The library's report keeps them all.
 */
export function storedSweep(sweep: SweepReport): SweepReport {
  return {
    ...sweep,
    detail: SWEEP_DETAIL_FILE,
    cells: sweep.cells.map((c) => ({
      ...c,
      variants: c.variants.map((v) => ({ label: v.label, metrics: v.metrics.slice(0, 1) })),
    })),
  };
}

/** The whole report.json of a report (what the streamed writer's pieces add up to). */
export function reportJsonText(report: ScenarioReport): string {
  const frame = reportJsonFrame(report, report.battles.length);
  return `${frame.head}${report.battles.map((b, i) => battleJson(b, i === 0)).join('')}${frame.tail}`;
}

/** The text before and after the battles' blocks; with no battle the list is `[]`, as JSON.stringify writes it. */
export function reportJsonFrame(
  report: Omit<ScenarioReport, 'battles'>,
  battles: number,
): { head: string; tail: string } {
  const sweep = report.sweep ? storedSweep(report.sweep) : undefined;
  const framed = sweep ? { ...report, sweep: { ...sweep, cells: CELLS, thresholds: THRESHOLDS } } : report;
  let text = JSON.stringify({ ...framed, battles: PLACE }, null, 2);
  if (sweep)
    text = text
      .replace(placeOf(CELLS), () => lines(sweep.cells))
      .replace(placeOf(THRESHOLDS), () => lines(sweep.thresholds));
  const at = text.indexOf(PLACE_LINE);
  if (at < 0) throw new Error('report.json: the battles are not where the report shape puts them');
  const before = text.slice(0, at + PLACE_LINE.length - JSON.stringify(PLACE).length);
  const after = text.slice(at + PLACE_LINE.length);
  return battles === 0
    ? { head: `${before}[]`, tail: `${after}\n` }
    : { head: `${before}[\n`, tail: `\n  ]${after}\n` };
}

function placeOf(place: string): string {
  return JSON.stringify(place);
}

/** A list of the sweep's (at the sweep's depth), one item per line. */
function lines(items: readonly unknown[]): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((item) => `      ${JSON.stringify(item)}`).join(',\n')}\n    ]`;
}

/** One battle's block (the first has no leading separator). */
export function battleJson(battle: BattleReport, first: boolean): string {
  // Split on \n only: a label may hold U+2028, which a multiline regex would take for a line end.
  const block = JSON.stringify(battle, null, 2)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return first ? block : `,\n${block}`;
}
