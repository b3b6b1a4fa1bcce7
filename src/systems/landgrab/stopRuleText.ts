/** A solved stop rule in words and as a table a player can keep beside the board. */
import type { Table } from '../../engine/report.js';
import type { StoppingAnswer } from './decisions/stopping/whenToStop.js';
import type { StopRow } from './decisions/stopping/stopTable.js';
import { fixed, percentShort, percentTarget } from '../../kit/format.js';

/** "2 vs 2+", "5 vs 3-4 or 7+": where a row of the table says to break off. */
function rowRule(row: StopRow): string {
  if (row.shape === 'stop') return `${row.attackers} vs any`;
  if (row.shape === 'threshold') return `${row.attackers} vs ${row.stopWhenDefendersAtLeast}+`;
  return `${row.attackers} vs ${row.stopRanges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(' or ')}`;
}

const MAX_RULES_IN_TEXT = 6;

export function stopRuleLines(answer: StoppingAnswer, target: number): string[] {
  const want = percentTarget(target);
  const fightOn = answer.baseline;
  const ending = `fighting to the end takes it ${percentShort(fightOn.pConquest)} of the time and keeps ${fixed(fightOn.expectedArmiesKept, 1)} armies`;
  if (answer.constraint && !answer.constraint.feasible) {
    return [`No stop rule reaches ${want}: ${ending}.`];
  }
  if (answer.neverStops) return [`Stop rule for at least ${want}: fight to the end (${ending}).`];
  const rows = answer.stopTable.flatMap((step) =>
    step.rows
      .filter((r) => r.shape !== 'continue')
      .map((r) => (answer.stopTable.length > 1 ? `territory ${step.step + 1}: ${rowRule(r)}` : rowRule(r))),
  );
  const shown = rows.slice(0, MAX_RULES_IN_TEXT).join(', ') + (rows.length > MAX_RULES_IN_TEXT ? ', ... (table)' : '');
  const o = answer.optimal;
  return [
    `Stop rule for at least ${want} while keeping the most armies: break off at (your armies vs their defenders) ${shown}.`,
    `It takes it ${percentShort(o.pConquest)} of the time and keeps ${fixed(o.expectedArmiesKept, 1)} armies on average ` +
      `(+${fixed(answer.gain, 1)}); ${ending}.`,
  ];
}

export function stopRuleTable(answer: StoppingAnswer): Table {
  const several = answer.stopTable.length > 1;
  const rows = answer.stopTable.flatMap((step) =>
    step.rows
      .filter((r) => r.shape !== 'continue')
      .map((r) => [
        ...(several ? [step.step + 1] : []),
        r.attackers,
        r.shape === 'threshold'
          ? `${r.stopWhenDefendersAtLeast} or more`
          : r.shape === 'stop'
            ? 'any'
            : rowRule(r).split(' vs ')[1],
      ]),
  );
  return {
    name: 'stop-rule',
    title: 'Stop rule: break off with these armies in your territory when the defenders are',
    columns: [...(several ? ['territory'] : []), 'armies in the attacking territory', 'break off when defenders are'],
    rows,
  };
}
