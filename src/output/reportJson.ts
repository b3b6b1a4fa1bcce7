/**
 * report.json a battle at a time: the same bytes as `JSON.stringify(report, null, 2)`, written
 * without ever holding the whole report (10,000 battles are ~100 MB of text). The report's
 * own fields come before and after its `battles`; each battle is its own stringified block,
 * indented one level deeper, the blocks separated by `,\n`.
 */
import type { BattleReport, ScenarioReport } from '../engine/report.js';

/** Stands for the battles while the rest is stringified: NUL cannot be in any text of a report. */
const PLACE = '\u0000battles\u0000';
const PLACE_LINE = `\n  "battles": ${JSON.stringify(PLACE)}`;

/** The text before and after the battles' blocks; with no battle the list is `[]`, as JSON.stringify writes it. */
export function reportJsonFrame(
  report: Omit<ScenarioReport, 'battles'>,
  battles: number,
): { head: string; tail: string } {
  const text = JSON.stringify({ ...report, battles: PLACE }, null, 2);
  const at = text.indexOf(PLACE_LINE);
  if (at < 0) throw new Error('report.json: the battles are not where the report shape puts them');
  const before = text.slice(0, at + PLACE_LINE.length - JSON.stringify(PLACE).length);
  const after = text.slice(at + PLACE_LINE.length);
  return battles === 0
    ? { head: `${before}[]`, tail: `${after}\n` }
    : { head: `${before}[\n`, tail: `\n  ]${after}\n` };
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
