/**
 * A solve's range as a player writes it (`--solve-range 1:6`, the page's field): two whole
 * numbers, low to high, joined by a colon; each read as any whole number is (read.ts).
 *
 * @example
 * parseSolveRange('1:6') // [1, 6]
 * parseSolveRange('-5:5') // [-5, 5]
 */
import { FormValueError, parseInteger } from './read.js';

export function parseSolveRange(value: string): [number, number] {
  const parts = value.split(':');
  if (parts.length !== 2) throw new FormValueError('must be low:high, two whole numbers (e.g. 1:6).');
  const [lo, hi] = parts.map((p) => parseInteger(p));
  if (lo > hi) throw new FormValueError(`must be low:high with low at most high (${lo} is above ${hi}).`);
  return [lo, hi];
}
