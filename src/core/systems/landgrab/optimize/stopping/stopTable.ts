/**
 * A stopping policy as a table a person (or a chart) can read: for each step and each army
 * count in the attacking territory, the defender counts at which to stop. Only states the
 * attack can reach under the policy are listed (elsewhere a decision never matters).
 */
import type { StepDecisions } from './solve.js';

export interface DefenderRange {
  from: number;
  to: number;
}

export interface StopRow {
  /** Armies in the attacking territory. */
  attackers: number;
  /** Reachable defender counts with this many attackers (a >= 2, d >= 1), ascending. */
  reachableDefenders: number[];
  /**
   * 'continue': never stop here; 'stop': stop at every reachable count; 'threshold': stop
   * exactly when the defenders number at least `stopWhenDefendersAtLeast` (continue while
   * fewer); 'ranges': stop on `stopRanges` only (not of threshold form).
   */
  shape: 'continue' | 'stop' | 'threshold' | 'ranges';
  stopWhenDefendersAtLeast?: number;
  /**
   * Reachable defender counts at which to stop, as inclusive ranges; a range may span
   * unreachable counts but never a reachable count where the attacker continues.
   */
  stopRanges: DefenderRange[];
}

export interface StopTableStep {
  /** 0-based position on the path. */
  step: number;
  /** The territory's defenders at the start (stopping at this count = not attacking it). */
  defenders: number;
  /** True when the policy never stops by choice at this step. */
  alwaysContinue: boolean;
  /** One row per army count the attack can reach here with a choice to make, ascending. */
  rows: StopRow[];
}

/**
 * Reads the solver's per-state decisions, restricted to reachable states, into rows.
 *
 * @example
 * // 20 vs 10, territory worth 20 armies (objective 'value'):
 * stopTable(solution.steps, visitProbabilities(path, solution.steps))[0].rows[0]
 * // { attackers: 2, reachableDefenders: [1, 2, 4, 6], shape: 'threshold', stopWhenDefendersAtLeast: 4,
 * //   stopRanges: [{ from: 4, to: 6 }] }
 */
export function stopTable(steps: readonly StepDecisions[], visits: readonly Float64Array[]): StopTableStep[] {
  return steps.map((s, k) => {
    const width = s.defenders + 1;
    const attackers = visits[k].length / width - 1;
    const rows: StopRow[] = [];
    for (let a = 2; a <= attackers; a++) {
      const reachableDefenders: number[] = [];
      const stopRanges: DefenderRange[] = [];
      let extendable = false; // may the last range grow (no reachable continue since it)?
      let lastContinue = 0;
      for (let d = 1; d <= s.defenders; d++) {
        const i = a * width + d;
        if (visits[k][i] === 0) continue;
        reachableDefenders.push(d);
        if (!s.stop[i]) {
          extendable = false;
          lastContinue = d;
          continue;
        }
        if (extendable) stopRanges[stopRanges.length - 1].to = d;
        else stopRanges.push({ from: d, to: d });
        extendable = true;
      }
      if (reachableDefenders.length === 0) continue;
      const row: StopRow = { attackers: a, reachableDefenders, shape: 'ranges', stopRanges };
      if (stopRanges.length === 0) row.shape = 'continue';
      else if (lastContinue === 0) row.shape = 'stop';
      else if (stopRanges.length === 1 && stopRanges[0].from > lastContinue) {
        row.shape = 'threshold';
        row.stopWhenDefendersAtLeast = stopRanges[0].from;
      }
      if (row.shape === 'stop') row.stopWhenDefendersAtLeast = stopRanges[0].from;
      rows.push(row);
    }
    return { step: k, defenders: s.defenders, alwaysContinue: rows.every((r) => r.shape === 'continue'), rows };
  });
}
