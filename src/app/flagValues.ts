/**
 * Reading a flag's text as its value, for the command line and the web page's form alike
 * (one definition of what `--attackers 12` or `--trials 1e6` means, and of the words a bad
 * value gets). Pure: the CLI wraps these for commander (src/cli/parse.ts).
 */
import type { OddsOption } from '../cli/oddsContract.js';
import { MAX_TRIALS } from '../engine/scenario/scenario.js';
import { textProblem } from '../engine/scenario/userText.js';
import { MAX_TERRITORY_WORTH } from '../engine/contract.js';

/** A value a flag refuses, in the words the user sees. */
export class FlagValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagValueError';
  }
}

/** A value beyond the flag's stated limit (`must be at most 5000.`). */
export class FlagLimitError extends FlagValueError {
  constructor(message: string) {
    super(message);
    this.name = 'FlagLimitError';
  }
}

/** A plain decimal number, optionally signed, with an optional exponent: no hex, no empty string. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A whole number, written as trials are (12, 1e3, 1_000). The flag's own limit is checked
 * where the value is used (the entry's schema: "must be at most 5000"), so a value too large
 * for any limit (9007199254740993, 1e308, 1e999) comes back as 2^53 (or -2^53): beyond every
 * limit, and beyond the safe integers when the field has none, so it is refused in those words.
 */
export function parseInteger(value: string): number {
  const text = value.replace(/_/g, '').trim();
  const n = Number(text);
  if (!DECIMAL.test(text) || !(Number.isInteger(n) || !Number.isFinite(n)))
    throw new FlagValueError('must be a whole number.');
  return Math.abs(n) > Number.MAX_SAFE_INTEGER ? Math.sign(n) * 2 ** 53 : n;
}

/**
 * Trials accept 1000000, 1e6 or 1_000_000; must be a whole number from 1 to 1e9. A value
 * too large for the cap is "at most 1e9" however it is written (2^53 + 1, 1e308, 1e999),
 * not "not a whole number".
 */
export function parseTrials(value: string): number {
  const text = value.replace(/_/g, '').trim();
  if (!DECIMAL.test(text)) throw new FlagValueError('must be a whole number (e.g. 1000000 or 1e6).');
  const n = Number(text);
  if (n > MAX_TRIALS) throw new FlagValueError('must be at most 1e9 (1,000,000,000).');
  if (!Number.isInteger(n)) throw new FlagValueError('must be a whole number (e.g. 1000000 or 1e6).');
  if (n <= 0) throw new FlagValueError('must be at least 1.');
  return n;
}

export function parseNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new FlagValueError('must be a number.');
  return n;
}

export function parsePrecision(value: string): number {
  const n = parseNumber(value);
  if (n <= 0 || n >= 0.5) throw new FlagValueError('must be a half-width between 0 and 0.5, e.g. 0.001.');
  return n;
}

/** Whole numbers read as parseInteger reads one (a value too large for any limit comes back as 2^53). */
export function parseIntegerList(value: string): number[] {
  try {
    return value.split(',').map(parseInteger);
  } catch {
    throw new FlagValueError('must be a comma-separated list of whole numbers, e.g. 3,2,4.');
  }
}

/**
 * Seeds are text unless they are integers whose decimal text survives the trip through a
 * number unchanged, so `42` and `"42"` agree, while `9007199254740993` (beyond 2^53, which
 * a number would round to ...992), `007` and `-0` stay the text that was typed.
 */
export function parseSeed(value: string): string | number {
  if (value === '') throw new FlagValueError('must not be empty (any text or number).');
  const problem = textProblem(value);
  if (problem) throw new FlagValueError(`${problem}.`);
  if (!/^-?\d+$/.test(value)) return value;
  const n = Number(value);
  return Number.isSafeInteger(n) && String(n) === value ? n : value;
}

/** A probability above 0 and at most 1, written 0.8 or 80%. */
export function parseTarget(value: string): number {
  const text = value.trim();
  const n = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !Number.isFinite(n) || n <= 0 || n > 1)
    throw new FlagValueError('must be a probability above 0 and at most 1, e.g. 0.8 or 80%.');
  return n;
}

/** What a territory taken is worth (`--territory-worth`): a number of armies, 0 or more. */
export function parseWorth(value: string): number {
  const text = value.trim();
  const n = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(n) || n < 0)
    throw new FlagValueError('must be a number of armies, 0 or more, e.g. 10.');
  if (n > MAX_TERRITORY_WORTH) throw new FlagValueError(`must be at most ${MAX_TERRITORY_WORTH} armies.`);
  return n;
}

/** A system flag's text as its parser reads it (text flags stay text), within the flag's stated limit. */
export function parseFlagValue(spec: Pick<OddsOption, 'parse' | 'max'>, text: string): unknown {
  if (spec.parse === 'int') return withinMax(parseInteger(text), spec.max);
  if (spec.parse === 'number') return parseNumber(text);
  if (spec.parse === 'int-list') return parseIntegerList(text).map((n) => withinMax(n, spec.max, 'each value'));
  return text;
}

function withinMax(n: number, max: number | undefined, what = 'must'): number {
  if (max !== undefined && n > max)
    throw new FlagLimitError(`${what === 'must' ? 'must' : `${what} must`} be at most ${max}.`);
  return n;
}
