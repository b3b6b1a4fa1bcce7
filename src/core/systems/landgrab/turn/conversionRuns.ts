/**
 * The 100 conversion ratios of a capitol conquest grouped by the armies they leave: each territory
 * keeps max(1, floor(armies x r / 100)) (capitol.ts), which never falls as r grows, so equal armies
 * vectors come from runs of consecutive ratios and a run is one outcome with probability (its length) / 100.
 */

export interface ConversionRuns {
  /** Ratios in each run (they sum to 100). */
  counts: number[];
  /** Armies left per territory for each run: run j, territory i at vectors[j * territories + i]. */
  vectors: Int32Array;
}

/** Armies a territory keeps at ratio r: max(1, floor(armies * r / 100)). */
export function keptArmies(armies: number, ratio: number): number {
  const kept = Math.floor((armies * ratio) / 100);
  return kept < 1 ? 1 : kept;
}

/**
 * The distinct outcomes of a conversion of territories holding `armies`.
 *
 * @example
 * conversionRuns([2]) // counts [99, 1], vectors [1, 2]: ratios 1..99 leave 1 army, ratio 100 leaves 2
 */
export function conversionRuns(armies: ArrayLike<number>): ConversionRuns {
  const m = armies.length;
  const counts: number[] = [];
  const rows: number[] = [];
  // The newest run's vector starts at rows[last]; a ratio joins it when every territory keeps the same armies.
  let last = -1;
  for (let r = 1; r <= 100; r++) {
    let same = last >= 0;
    for (let i = 0; same && i < m; i++) same = keptArmies(armies[i], r) === rows[last + i];
    if (same) counts[counts.length - 1]++;
    else {
      last = rows.length;
      for (let i = 0; i < m; i++) rows.push(keptArmies(armies[i], r));
      counts.push(1);
    }
  }
  return { counts, vectors: Int32Array.from(rows) };
}
