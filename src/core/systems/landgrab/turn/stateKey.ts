/**
 * How a turn state is packed into a key of whole numbers below 2^53 (mixed radix): one digit per
 * territory, `armies` while an enemy holds it (1..its armies at the start), `enemyMax + armies` while
 * I hold it (armies 1..mineMax, mineMax = every army on the board plus my reinforcements, a bound no
 * territory of mine can pass), and, when my leaders may move, one more digit for the mask of my
 * leaders. Digits are grouped into as many words as needed, each word's radix product below 2^52.
 */
import type { Board } from './board.js';

export interface KeyLayout {
  /** Words per key. */
  width: number;
  /** Word of territory t's digit (index n: the leaders' digit). */
  wordOf: Int32Array;
  /** Place value of territory t's digit in its word (index n: the leaders' digit). */
  scaleOf: Float64Array;
  /** The most armies each territory can hold while an enemy holds it (0 if mine at the start). */
  enemyMax: Int32Array;
  /** The most armies any territory of mine can hold. */
  mineMax: number;
}

const WORD_LIMIT = 2 ** 52;

/**
 * The layout for a board with `reinforcements` to place; `leaderDigit` adds the mask of my leaders.
 *
 * @example
 * keyLayout(benchBoard, false).width // 1: eight digits of radix < 40 fit one word
 */
export function keyLayout(board: Board, leaderDigit: boolean): KeyLayout {
  const n = board.names.length;
  const enemyMax = new Int32Array(n);
  let total = board.reinforcements;
  for (let t = 0; t < n; t++) {
    total += board.armies[t];
    if (!(board.mine & (1 << t))) enemyMax[t] = board.armies[t];
  }
  const mineMax = total;
  const radices: number[] = [];
  for (let t = 0; t < n; t++) radices.push(enemyMax[t] + mineMax + 1);
  if (leaderDigit) radices.push(2 ** n);
  const wordOf = new Int32Array(n + 1);
  const scaleOf = new Float64Array(n + 1);
  let word = 0;
  let scale = 1;
  radices.forEach((radix, t) => {
    if (scale * radix > WORD_LIMIT) {
      word++;
      scale = 1;
    }
    wordOf[t] = word;
    scaleOf[t] = scale;
    scale *= radix;
  });
  return { width: word + 1, wordOf, scaleOf, enemyMax, mineMax };
}
