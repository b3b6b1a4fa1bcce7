/**
 * A solved stop rule in words and as a table a player can keep beside the board, for each
 * objective, with its gain over fighting to the end in the objective's own terms: armies
 * kept (`armies`), P(conquest) (`conquest`), or the expected value (`value`).
 */
import type { Table } from '../../engine/report.js';
import type { StoppingAnswer } from './decisions/stopping/whenToStop.js';
import type { StopRow } from './decisions/stopping/stopTable.js';
import { fixed, percentShort, percentTarget } from '../../kit/format.js';

/** "2 vs 2+", "5 vs 3-4 or 7+": where a row of the table says to break off. */
function rowRule(row: StopRow): string {
  if (row.shape === 'stop') return `${row.attackers} vs any`;
  if (row.shape === 'threshold') return `${row.attackers} vs ${row.stopWhenDefendersAtLeast}+`;
  const ranges = row.stopRanges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`));
  return `${row.attackers} vs ${ranges.join(' or ')}`;
}

const MAX_RULES_IN_TEXT = 6;

/**
 * "at least 80% while keeping the most armies" (proved best), "at least 80%, within 0.04 armies
 * of the best possible rule" (the proven gap, rounded up), "the best chance of taking the
 * territory", "the most value (...)".
 */
function aim(answer: StoppingAnswer): string {
  const o = answer.objective;
  if (o.kind === 'max-armies') {
    const c = answer.constraint;
    const want = `at least ${percentTarget(o.minConquest)}`;
    if (c?.proved) return `${want} while keeping the most armies`;
    return c?.gap ? `${want}, within ${roundedUp(c.gap)} armies of the best possible rule` : want;
  }
  if (o.kind === 'max-conquest') {
    const n = answer.defenders.length;
    return `the best chance of taking ${n > 1 ? `all ${n} territories` : 'the territory'}`;
  }
  return `the most value (${valueWords(answer)})`;
}

/** 0.0312 -> "0.032", 1.53e-5 -> "0.000016", 37.1 -> "38": two significant digits, never below x. */
function roundedUp(x: number): string {
  const step = 10 ** (Math.floor(Math.log10(x)) - 1);
  return (Math.ceil(x / step) * step).toFixed(Math.max(0, -Math.round(Math.log10(step))));
}

/** "armies kept + 10 per territory taken". */
function valueWords(answer: StoppingAnswer): string {
  const o = answer.objective;
  if (o.kind !== 'value') return '';
  const worth = typeof o.perTerritory === 'number' ? `${o.perTerritory}` : o.perTerritory.join('/');
  return `armies kept + ${worth} per territory taken`;
}

/** "break off at (your armies vs their defenders) 2 vs 2+, 3 vs 3+, ... (table)". */
function breakOff(answer: StoppingAnswer): string {
  const rows = answer.stopTable.flatMap((step) =>
    step.rows
      .filter((r) => r.shape !== 'continue')
      .map((r) => (answer.stopTable.length > 1 ? `territory ${step.step + 1}: ${rowRule(r)}` : rowRule(r))),
  );
  const shown = rows.slice(0, MAX_RULES_IN_TEXT).join(', ') + (rows.length > MAX_RULES_IN_TEXT ? ', ... (table)' : '');
  return `break off at (your armies vs their defenders) ${shown}`;
}

/** True when the rule says not to attack at all (it stops in the starting state). */
function staysHome(answer: StoppingAnswer): boolean {
  const first = answer.stopTable[0];
  const start = first?.rows.find((r) => r.attackers === answer.attackers);
  return Boolean(start?.stopRanges.some((r) => r.from <= answer.defenders[0] && answer.defenders[0] <= r.to));
}

/** "11.7 armies": the armies an outcome keeps on average. */
function armiesKept(o: StoppingAnswer['optimal']): string {
  return `${fixed(o.expectedArmiesKept, 1)} armies`;
}

/** "takes it 96.5% of the time and keeps 11.7 armies" (on a chain: ", 2.94 territories on average," before "and"). */
function outcomeWords(answer: StoppingAnswer, o: StoppingAnswer['optimal']): string {
  const territories =
    answer.defenders.length > 1 ? `, ${fixed(o.expectedTerritoriesTaken, 2)} territories on average,` : '';
  return `takes it ${percentShort(o.pConquest)} of the time${territories} and keeps ${armiesKept(o)}`;
}

export function stopRuleLines(answer: StoppingAnswer): string[] {
  const fightOn = answer.baseline;
  const o = answer.optimal;
  const head = `Stop rule for ${aim(answer)}`;
  if (answer.objective.kind === 'max-armies') {
    const want = percentTarget(answer.objective.minConquest);
    const ending =
      `fighting to the end takes it ${percentShort(fightOn.pConquest)} of the time ` +
      `and keeps ${armiesKept(fightOn)}`;
    if (answer.constraint && !answer.constraint.feasible) return [`No stop rule reaches ${want}: ${ending}.`];
    if (answer.neverStops) return [`Stop rule for at least ${want}: fight to the end (${ending}).`];
    return [
      `${head}: ${breakOff(answer)}.`,
      `It takes it ${percentShort(o.pConquest)} of the time and keeps ${armiesKept(o)} on average ` +
        `(+${fixed(answer.gain, 1)}); ${ending}.`,
    ];
  }
  if (answer.objective.kind === 'max-conquest') {
    if (answer.neverStops) {
      return [
        `${head}: fight to the end; that is optimal, no stop rule takes it more often than ` +
          `${percentShort(o.pConquest)} of the time (it keeps ${armiesKept(o)} on average).`,
      ];
    }
    return [
      `${head}: ${breakOff(answer)}.`,
      `It ${outcomeWords(answer, o)} on average (+${fixed(answer.gain * 100, 1)} points of P(conquest)); ` +
        `fighting to the end ${outcomeWords(answer, fightOn)}.`,
    ];
  }
  if (answer.neverStops) {
    return [
      `${head}: fight to the end; that is optimal, worth ${fixed(o.value, 2)} on average ` +
        `(it ${outcomeWords(answer, o)}).`,
    ];
  }
  if (staysHome(answer)) {
    return [
      `${head}: do not attack; keeping your ${answer.attackers} armies is worth ${fixed(o.value, 2)}, ` +
        `fighting to the end ${fixed(fightOn.value, 2)} (it ${outcomeWords(answer, fightOn)}).`,
    ];
  }
  return [
    `${head}: ${breakOff(answer)}.`,
    `It is worth ${fixed(o.value, 2)} on average (+${fixed(answer.gain, 2)}): it ${outcomeWords(answer, o)}; ` +
      `fighting to the end is worth ${fixed(fightOn.value, 2)} (it ${outcomeWords(answer, fightOn)}).`,
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
    title: `Stop rule for ${aim(answer)}: break off with these armies in your territory when the defenders are`,
    columns: [...(several ? ['territory'] : []), 'armies in the attacking territory', 'break off when defenders are'],
    rows,
  };
}
