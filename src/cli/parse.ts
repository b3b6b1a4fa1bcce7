/** Option value parsers for commander: bad values become clean usage errors (exit 2). */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { MAX_TRIALS } from '../engine/scenario/scenario.js';

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number.');
  return Number.parseInt(value, 10);
}

/** Trials accept 1000000, 1e6 or 1_000_000; must be a whole number >= 1. */
export function parseTrials(value: string): number {
  const text = value.replace(/_/g, '').trim();
  // Decimal digits with an optional exponent only: no hex, no empty string.
  const n = /^\d+(\.\d+)?(e\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n))
    throw new InvalidArgumentError('must be a whole number (e.g. 1000000 or 1e6).');
  if (n <= 0) throw new InvalidArgumentError('must be at least 1.');
  if (n > MAX_TRIALS) throw new InvalidArgumentError(`must be at most 1e9 (1,000,000,000).`);
  return n;
}

export function parseThreads(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > 256) throw new InvalidArgumentError('must be between 0 (run in this process) and 256.');
  return n;
}

export function parseNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('must be a number.');
  return n;
}

export function parsePrecision(value: string): number {
  const n = parseNumber(value);
  if (n <= 0 || n >= 0.5) throw new InvalidArgumentError('must be a half-width between 0 and 0.5, e.g. 0.001.');
  return n;
}

export function parseIntegerList(value: string): number[] {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^-?\d+$/.test(p)))
    throw new InvalidArgumentError('must be a comma-separated list of whole numbers, e.g. 3,2,4.');
  return parts.map((p) => Number.parseInt(p, 10));
}

/** Seeds are kept as text unless they are plain integers (so 42 and "42" agree). */
export function parseSeed(value: string): string | number {
  if (value === '') throw new InvalidArgumentError('must not be empty (any text or number).');
  return /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}
