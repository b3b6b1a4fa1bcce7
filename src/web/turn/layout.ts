/**
 * Where each territory of a turn's board is drawn (ui/boardDrawing.ts draws it): the player's own territories in
 * the top row, each other territory in the row of how many attacks away it is (its distance in links from the
 * nearest of them), a row of more than MAX_ROW wrapped; within a row, territories ordered to sit near their
 * neighbours (barycentre passes), so few links cross. Pure and deterministic: the same board, the same drawing.
 */
import type { TurnBoard } from './board.js';

/** A territory's circle, in the drawing's units (a CSS pixel at scale 1: 44 across, a finger's tap). */
export const NODE_RADIUS = 22;
/** Between the centres of two territories in a row, and between rows (room for a name and the marks). */
const DX = 84;
const DY = 100;
/** The most territories in one row (a phone's width at scale 1 holds four). */
const MAX_ROW = 5;
/** Room around the drawing: above for a continent's name and a territory's marks, below for the last names. */
const PAD_X = 10;
const PAD_TOP = 16;
const PAD_BOTTOM = 40;
/** The narrowest drawing (four across), so a small board is not drawn huge. */
const MIN_COLUMNS = 3;

export interface BoardLayout {
  width: number;
  height: number;
  /** Each territory's centre, by its place in the board's list. */
  places: Array<{ x: number; y: number; row: number }>;
  /** Each territory's distance in links from the player's nearest territory (0: the player's; -1: none reaches). */
  distance: number[];
}

/** The territories each territory touches, by place. */
export function neighboursOf(board: TurnBoard): number[][] {
  const index = new Map(board.territories.map((t, i) => [t.name, i]));
  const out = board.territories.map(() => [] as number[]);
  for (const [a, b] of board.links) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined || i === j) continue;
    if (!out[i].includes(j)) out[i].push(j);
    if (!out[j].includes(i)) out[j].push(i);
  }
  return out;
}

/** Breadth-first distances from `from` (unreached: -1). */
function distances(neighbours: number[][], from: number[]): number[] {
  const d = neighbours.map(() => -1);
  const queue = [...from];
  for (const i of from) d[i] = 0;
  for (let k = 0; k < queue.length; k++)
    for (const j of neighbours[queue[k]])
      if (d[j] < 0) {
        d[j] = d[queue[k]] + 1;
        queue.push(j);
      }
  return d;
}

export function layoutBoard(board: TurnBoard): BoardLayout {
  const n = board.territories.length;
  if (n === 0) return { width: 2 * PAD_X + MIN_COLUMNS * DX, height: PAD_TOP + PAD_BOTTOM, places: [], distance: [] };
  const neighbours = neighboursOf(board);
  const mine = board.territories.flatMap((t, i) => (t.owner === board.me ? [i] : []));
  const distance = distances(neighbours, mine);
  // Layers: by distance; what no territory of the player's reaches goes below, each part by its own distances.
  const layer = distance.slice();
  let deepest = Math.max(-1, ...layer);
  for (let start = layer.indexOf(-1); start >= 0; start = layer.indexOf(-1)) {
    const d = distances(neighbours, [start]);
    for (let i = 0; i < n; i++) if (layer[i] < 0 && d[i] >= 0) layer[i] = deepest + 1 + d[i];
    deepest = Math.max(...layer);
  }
  const layers: number[][] = [];
  for (let i = 0; i < n; i++) (layers[layer[i]] ??= []).push(i);
  const rowsOfLayers = layers.filter((l) => l && l.length > 0);
  // Barycentre passes: each layer ordered by the mean place of its neighbours in the layers above, then below.
  const order = new Map<number, number>();
  const place = () => rowsOfLayers.forEach((l) => l.forEach((t, k) => order.set(t, k - (l.length - 1) / 2)));
  place();
  const sortBy = (l: number[], near: (t: number) => number[]) => {
    const key = new Map(
      l.map((t) => {
        const ns = near(t);
        return [t, ns.length ? ns.reduce((s, x) => s + (order.get(x) ?? 0), 0) / ns.length : (order.get(t) ?? 0)];
      }),
    );
    l.sort((a, b) => (key.get(a) as number) - (key.get(b) as number) || a - b);
  };
  for (let pass = 0; pass < 4; pass++) {
    for (let r = 1; r < rowsOfLayers.length; r++) {
      const above = new Set(rowsOfLayers[r - 1]);
      sortBy(rowsOfLayers[r], (t) => neighbours[t].filter((x) => above.has(x)));
      place();
    }
    for (let r = rowsOfLayers.length - 2; r >= 0; r--) {
      const below = new Set(rowsOfLayers[r + 1]);
      sortBy(rowsOfLayers[r], (t) => neighbours[t].filter((x) => below.has(x)));
      place();
    }
  }
  // Rows: a long layer wraps.
  const rows: number[][] = rowsOfLayers.flatMap((l) => {
    const parts: number[][] = [];
    const count = Math.ceil(l.length / MAX_ROW);
    const size = Math.ceil(l.length / count);
    for (let k = 0; k < l.length; k += size) parts.push(l.slice(k, k + size));
    return parts;
  });
  const columns = Math.max(MIN_COLUMNS, ...rows.map((r) => r.length));
  const width = 2 * PAD_X + columns * DX;
  const places: BoardLayout['places'] = board.territories.map(() => ({ x: 0, y: 0, row: 0 }));
  rows.forEach((row, r) => {
    const left = PAD_X + ((columns - row.length) * DX) / 2;
    row.forEach((t, k) => (places[t] = { x: left + DX / 2 + k * DX, y: PAD_TOP + NODE_RADIUS + r * DY, row: r }));
  });
  const height = PAD_TOP + PAD_BOTTOM + 2 * NODE_RADIUS + Math.max(0, rows.length - 1) * DY;
  return { width, height, places, distance };
}
