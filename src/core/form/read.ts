/**
 * Reading a typed value from its text, for the command line and the web page alike: one
 * definition of what `--attackers 12`, `--trials 1e6` or a field holding `4-9` means, and
 * of the words a bad value gets. The command line wraps these for commander (src/cli/parse.ts).
 */
import { MAX_TERRITORY_WORTH } from '../model/question.js';
import { MAX_SEED_CHARS, MAX_TRIALS } from '../model/run.js';
import { textProblem } from '../model/userText.js';
import type { FieldValue, QuestionField, UncertainCount } from './form.js';

/** A value a field refuses, in words both front ends show after the field's name. */
export class FormValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormValueError';
  }
}

/** A value beyond the field's stated limit (`must be at most 5000.`). */
export class FormLimitError extends FormValueError {
  constructor(message: string) {
    super(message);
    this.name = 'FormLimitError';
  }
}

/** A plain decimal number, optionally signed, with an optional exponent: no hex, no empty string. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The one way a number is written, in every flag and every field: decimal, optionally signed,
 * with an optional exponent (`12`, `-3`, `0.25`, `1e6`); underscores may group digits
 * (`1_000_000`); spaces around it are ignored. No hex (`0x10`), no `Infinity`, no spaces
 * inside. Undefined when the text is not a number so written.
 */
export function readDecimal(value: string): number | undefined {
  const text = value.trim().replace(/_/g, '');
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * A fraction or probability: a number as readDecimal reads it, or one with `%` right after
 * it (`80%`, `0.1%`: no space before the sign).
 */
export function readFraction(value: string): number | undefined {
  const text = value.trim();
  if (!text.endsWith('%')) return readDecimal(text);
  const body = text.slice(0, -1);
  if (body !== body.trimEnd()) return undefined;
  const n = readDecimal(body);
  return n === undefined ? undefined : n / 100;
}

/**
 * A whole number, written as trials are (12, 1e3, 1_000). A value too large for any limit
 * (9007199254740993, 1e308, 1e999) comes back as 2^53 (or -2^53): beyond every limit, and
 * beyond the safe integers when the field has none, so it is refused in those words.
 */
export function parseInteger(value: string): number {
  const n = readDecimal(value);
  if (n === undefined || !(Number.isInteger(n) || !Number.isFinite(n)))
    throw new FormValueError('must be a whole number.');
  return Math.abs(n) > Number.MAX_SAFE_INTEGER ? Math.sign(n) * 2 ** 53 : n;
}

/**
 * Trials accept 1000000, 1e6 or 1_000_000; must be a whole number from 1 to 1e9. A value
 * too large for the cap is "at most 1e9" however it is written (2^53 + 1, 1e308, 1e999),
 * not "not a whole number".
 */
export function parseTrials(value: string): number {
  const n = readDecimal(value);
  if (n === undefined) throw new FormValueError('must be a whole number (e.g. 1000000 or 1e6).');
  if (n > MAX_TRIALS) throw new FormValueError('must be at most 1e9 (1,000,000,000).');
  if (!Number.isInteger(n)) throw new FormValueError('must be a whole number (e.g. 1000000 or 1e6).');
  if (n <= 0) throw new FormValueError('must be at least 1.');
  return n;
}

export function parseNumber(value: string): number {
  const n = readDecimal(value);
  if (n === undefined || !Number.isFinite(n)) throw new FormValueError('must be a number.');
  return n;
}

/** A half-width of a probability, above 0 and below 0.5: `0.001` or `0.1%`. */
export function parsePrecision(value: string): number {
  const n = readFraction(value);
  if (n === undefined || !(n > 0 && n < 0.5))
    throw new FormValueError('must be a half-width between 0 and 0.5, e.g. 0.001 or 0.1%.');
  return n;
}

/** Whole numbers read as parseInteger reads one (a value too large for any limit comes back as 2^53). */
export function parseIntegerList(value: string): number[] {
  try {
    return value.split(',').map(parseInteger);
  } catch {
    throw new FormValueError('must be a comma-separated list of whole numbers, e.g. 3,2,4.');
  }
}

/**
 * Seeds are text unless they are integers whose decimal text survives the trip through a
 * number unchanged, so `42` and `"42"` agree, while `9007199254740993` (beyond 2^53, which
 * a number would round to ...992), `007` and `-0` stay the text that was typed. At most
 * MAX_SEED_CHARS characters, as in a scenario file (a part of a longer seed would be refused by merge).
 */
export function parseSeed(value: string): string | number {
  if (value === '') throw new FormValueError('must not be empty (any text or number).');
  if (value.length > MAX_SEED_CHARS) throw new FormValueError(`must be at most ${MAX_SEED_CHARS} characters.`);
  const problem = textProblem(value);
  if (problem) throw new FormValueError(`${problem}.`);
  if (!/^-?\d+$/.test(value)) return value;
  const n = Number(value);
  return Number.isSafeInteger(n) && String(n) === value ? n : value;
}

/** A probability above 0 and at most 1, written 0.8 or 80%. */
export function parseTarget(value: string): number {
  const n = readFraction(value);
  if (n === undefined || !Number.isFinite(n) || n <= 0 || n > 1)
    throw new FormValueError('must be a probability above 0 and at most 1, e.g. 0.8 or 80%.');
  return n;
}

/** What a territory taken is worth (objective `value`): a number of armies, 0 or more. */
export function parseWorth(value: string): number {
  const n = readDecimal(value);
  if (n === undefined || !Number.isFinite(n) || n < 0)
    throw new FormValueError('must be a number of armies, 0 or more, e.g. 10.');
  if (n > MAX_TERRITORY_WORTH) throw new FormValueError(`must be at most ${MAX_TERRITORY_WORTH} armies.`);
  return n;
}

/** Comma-separated items, trimmed, empty ones dropped: `Giant:4, Elves:2R` -> ['Giant:4', 'Elves:2R']. */
export function parseItems(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * `7` -> 7, `4-9` (or `4..9`) -> {min, max}, `3,5,8` -> {values}: a count, known or not. Each
 * number is written as parseInteger reads one (`1e1-2e1` is 10 to 20).
 */
export function parseUncertainCount(value: string): UncertainCount {
  const s = value.trim();
  try {
    if (s.includes(',')) return { values: s.split(',').map(parseInteger) };
    // The range's dash: not a leading sign, nor an exponent's sign.
    const range = /^(.+?)\s*(?:\.\.|(?<![eE])-)\s*(.+)$/.exec(s);
    if (range) return { min: parseInteger(range[1]), max: parseInteger(range[2]) };
    return parseInteger(s);
  } catch {
    throw new FormValueError('must be a number, a range like 4-9, or the possible counts like 3,5,8.');
  }
}

/**
 * A field's value from its text, within the field's stated limit. Choices and text are
 * the text as typed (a choice that is not one is left for the entry's schema to refuse in
 * its words); a multiple choice refuses names it does not offer.
 */
export function readField(field: QuestionField, text: string): FieldValue {
  switch (field.kind) {
    case 'count':
      return withinMax(parseInteger(text), field.max);
    case 'number':
      return parseNumber(text);
    case 'counts':
      return parseIntegerList(text).map((n) => withinMax(n, field.max, 'each value'));
    case 'flag':
      return text !== 'false' && text !== '0';
    case 'roster':
      return parseItems(text);
    case 'multi':
      return readChoices(field, text);
    case 'range':
      return countWithinMax(parseUncertainCount(text), field.max);
    default:
      return text;
  }
}

function withinMax(n: number, max: number | undefined, what = 'must'): number {
  if (max !== undefined && n > max)
    throw new FormLimitError(`${what === 'must' ? 'must' : `${what} must`} be at most ${max}.`);
  return n;
}

function countWithinMax(count: UncertainCount, max: number | undefined): UncertainCount {
  if (typeof count === 'number') withinMax(count, max);
  else if ('values' in count) count.values.forEach((n) => withinMax(n, max, 'each value'));
  else [count.min, count.max].forEach((n) => withinMax(n, max, 'each end'));
  return count;
}

/** `Engineering, metalworking` -> ['engineering', 'metalworking']; a name not offered is refused. */
function readChoices(field: QuestionField, text: string): string[] {
  const offered = (field.choices ?? []).map((c) => c.value);
  const names = parseItems(text.toLowerCase());
  for (const name of names) {
    if (!offered.includes(name))
      throw new FormValueError(`unknown ${field.item ?? 'choice'} "${name}": use ${offered.join(', ')}.`);
  }
  return names;
}

/** A value as a command line (and the page's URL) writes it: `3,2,4`, `4-9`, `Giant:4,Elves:2R`. */
export function valueText(value: FieldValue): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return 'min' in value ? `${value.min}-${value.max}` : value.values.join(',');
  return String(value);
}

/** Whether a value was given: not left out, not false or empty, and not the field's default. */
export function isGiven(field: QuestionField, value: FieldValue | undefined): boolean {
  if (value === undefined || value === false || value === '') return false;
  if (Array.isArray(value) && value.length === 0) return false;
  return field.default === undefined || valueText(value) !== valueText(readField(field, field.default));
}
