/**
 * Where the reinforcements can go. Armies placed on a territory of mine with no enemy neighbour can
 * never move this turn (armies move only into a territory they conquer), so they change nothing but my
 * army count: every such territory is one "spare" place. The placements enumerated are every split of
 * the reinforcements over the territories of mine next to an enemy ("fronts"), the rest (if any) on the
 * first spare territory; every other placement is one of these up to moving armies between spare
 * territories, which changes no objective.
 */
import type { Board } from './board.js';

export interface PlacementSpace {
  /** My territories next to an enemy at the start, by index. */
  fronts: number[];
  /** The territory that takes what the fronts do not (my first territory with no enemy neighbour), or -1. */
  spare: number;
  reinforcements: number;
  /** Number of placements. */
  count: number;
}

/** n choose k as a float (exact below 2^53). */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/**
 * The fronts, the spare territory and the number of placements.
 *
 * @example
 * placementSpace(benchBoard) // { fronts: [0, 1, 2, 3], spare: -1, reinforcements: 8, count: 165 }
 */
export function placementSpace(board: Board): PlacementSpace {
  const fronts: number[] = [];
  let spare = -1;
  for (let t = 0; t < board.names.length; t++) {
    if (!(board.mine & (1 << t))) continue;
    if (board.neighbours[t] & ~board.mine) fronts.push(t);
    else if (spare < 0) spare = t;
  }
  const r = board.reinforcements;
  const f = fronts.length;
  let count: number;
  if (f === 0) count = 1;
  else if (spare >= 0) count = choose(r + f, f);
  else count = choose(r + f - 1, f - 1);
  return { fronts, spare, reinforcements: r, count };
}

/**
 * Calls `visit` with every placement (armies added per territory, a reused array: copy it to keep it),
 * in a fixed order: the first front takes the most first.
 *
 * @example
 * forEachPlacement(board, space, (added) => console.log([...added]));
 */
export function forEachPlacement(board: Board, space: PlacementSpace, visit: (added: Int32Array) => void): void {
  const added = new Int32Array(board.names.length);
  const { fronts, spare, reinforcements } = space;
  if (fronts.length === 0) {
    if (spare >= 0) added[spare] = reinforcements;
    visit(added);
    return;
  }
  const place = (i: number, left: number) => {
    const t = fronts[i];
    const last = i === fronts.length - 1;
    if (last && spare < 0) {
      added[t] = left;
      visit(added);
      added[t] = 0;
      return;
    }
    for (let k = left; k >= 0; k--) {
      added[t] = k;
      if (last) {
        added[spare] = left - k;
        visit(added);
        added[spare] = 0;
      } else place(i + 1, left - k);
    }
    added[t] = 0;
  };
  place(0, reinforcements);
}
