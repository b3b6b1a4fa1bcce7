/**
 * The CLI's option parsers (src/cli/parse.ts) without commander, so a form field reads its
 * text exactly as the flag would, with the same messages. Temporary copy: once the pure
 * parsers move out of src/cli/parse.ts (it imports commander), import them from there.
 */
import type { OddsOption } from '../../cli/oddsContract.js';

/** A value the CLI would refuse, with its wording. */
export class FlagValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagValueError';
  }
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new FlagValueError('must be a whole number.');
  return Number.parseInt(value, 10);
}

export function parseNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new FlagValueError('must be a number.');
  return n;
}

export function parseIntegerList(value: string): number[] {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^-?\d+$/.test(p)))
    throw new FlagValueError('must be a comma-separated list of whole numbers, e.g. 3,2,4.');
  return parts.map((p) => Number.parseInt(p, 10));
}

/** Trials accept 1000000, 1e6 or 1_000_000; a whole number from 1 to 1e9. */
export function parseTrials(value: string): number {
  const text = value.replace(/_/g, '').trim();
  const n = /^\d+(\.\d+)?(e\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n))
    throw new FlagValueError('must be a whole number (e.g. 1000000 or 1e6).');
  if (n <= 0) throw new FlagValueError('must be at least 1.');
  if (n > 1e9) throw new FlagValueError('must be at most 1e9 (1,000,000,000).');
  return n;
}

/** Seeds stay text unless they are plain integers (so 42 and "42" agree). */
export function parseSeed(value: string): string | number {
  if (value === '') throw new FlagValueError('must not be empty (any text or number).');
  return /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/** A probability above 0 and at most 1, written 0.8 or 80%. */
export function parseTarget(value: string): number {
  const text = value.trim();
  const n = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !Number.isFinite(n) || n <= 0 || n > 1)
    throw new FlagValueError('must be a probability above 0 and at most 1, e.g. 0.8 or 80%.');
  return n;
}

/** A flag's text as its parser reads it (text flags stay text). */
export function parseFlagValue(spec: Pick<OddsOption, 'parse'>, text: string): unknown {
  if (spec.parse === 'int') return parseInteger(text);
  if (spec.parse === 'number') return parseNumber(text);
  if (spec.parse === 'int-list') return parseIntegerList(text);
  return text;
}
