/**
 * Checks on the text of a JSON document that `JSON.parse` cannot make afterwards:
 *
 * - integers written beyond 2^53 - 1: JSON.parse rounds `9007199254740993` to
 *   `9007199254740992` without a word, and the digits typed are gone. A seed that long
 *   must be written as a string; any other such number is refused as unreadable;
 * - nesting depth: nothing in a scenario nests deeper than a handful of levels, and a
 *   document nested thousands deep only serves to exhaust recursive code downstream;
 * - duplicate keys: JSON.parse keeps the last of `{"attackers": 5, "attackers": 50}` without a
 *   word, so a pasted-in line silently overrides the one above it.
 *
 * The scanner is iterative (no recursion, whatever the depth) and expects text that
 * `JSON.parse` has already accepted.
 */
import { InputError, formatPath, quoteValue } from '../core/model/inputError.js';

/** Deeper than any scenario needs (they nest about 6 levels) and far below any stack limit. */
export const MAX_JSON_DEPTH = 64;

export interface InexactInteger {
  /** Where it is, as keys and indices from the top, e.g. `['battles', 0, 'attackers']`. */
  path: (string | number)[];
  /** The digits as written. */
  literal: string;
}

export interface JsonTextFacts {
  maxDepth: number;
  /** Integer literals (no fraction, no exponent) a double cannot hold exactly, in document order. */
  inexactIntegers: InexactInteger[];
  /** The first key written twice in one object, as the path to it (the key last), if any. */
  duplicateKey?: (string | number)[];
}

interface Frame {
  key: string | number;
  isObject: boolean;
  expectKey: boolean;
  /** An object has had a key: `key` is then the last one. */
  hasKey?: boolean;
  /** An object's keys so far (made on its second key: most objects here are small). */
  keys?: Set<string>;
}

/** Enough to report the first few; a file of a million huge numbers need not list them all. */
const MAX_REPORTED = 100;

/**
 * @example
 * inspectJsonText('{"seed": 9007199254740993}')
 * // { maxDepth: 1, inexactIntegers: [{ path: ['seed'], literal: '9007199254740993' }] }
 */
export function inspectJsonText(text: string): JsonTextFacts {
  const stack: Frame[] = [];
  const inexactIntegers: InexactInteger[] = [];
  let duplicateKey: (string | number)[] | undefined;
  let maxDepth = 0;
  let i = 0;
  // Character codes, not one-character strings: a 4 MiB file is read in tens of milliseconds.
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === BRACE || c === BRACKET) {
      stack.push({ key: c === BRACKET ? 0 : '', isObject: c === BRACE, expectKey: c === BRACE });
      maxDepth = Math.max(maxDepth, stack.length);
      i++;
    } else if (c === BRACE_END || c === BRACKET_END) {
      stack.pop();
      i++;
    } else if (c === COMMA) {
      if (top?.isObject) top.expectKey = true;
      else if (top) top.key = (top.key as number) + 1;
      i++;
    } else if (c === COLON) {
      if (top) top.expectKey = false;
      i++;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top?.isObject && top.expectKey) {
        const raw = text.slice(i + 1, end - 1);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (top.hasKey && !duplicateKey && seenBefore(top, key))
          duplicateKey = [...stack.slice(0, -1).map((f) => f.key), key];
        top.key = key;
        top.hasKey = true;
      }
      i = end;
    } else if (c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      // Only a long run of digits can be beyond 2^53 - 1 (16 digits and more).
      if (end - i > 15) {
        const literal = text.slice(i, end);
        const inexact = /^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal));
        if (inexact && inexactIntegers.length < MAX_REPORTED)
          inexactIntegers.push({ path: stack.map((f) => f.key), literal });
      }
      i = end;
    } else {
      i++; // a letter of true / false / null
    }
  }
  return { maxDepth, inexactIntegers, ...(duplicateKey ? { duplicateKey } : {}) };
}

const [BRACE, BRACE_END, BRACKET, BRACKET_END, COMMA, COLON, QUOTE, MINUS, DIGIT_0, DIGIT_9] = [...'{}[],:"-09'].map(
  (c) => c.charCodeAt(0),
);

/** Digits, sign, point and exponent: what a JSON number is made of. */
function isNumberChar(c: number): boolean {
  return (c >= DIGIT_0 && c <= DIGIT_9) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;
}

/** Whether `key` was already a key of the object `frame` (whose current key is the one before it). */
function seenBefore(frame: Frame, key: string): boolean {
  frame.keys ??= new Set([frame.key as string]);
  if (frame.keys.has(key)) return true;
  frame.keys.add(key);
  return false;
}

/** The index just past the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/**
 * Refuses, as one InputError naming the file and field, nesting deeper than MAX_JSON_DEPTH,
 * the first key written twice in one object, and the first integer beyond 2^53 - 1.
 */
export function checkJsonText(text: string, source: string): void {
  const facts = inspectJsonText(text);
  if (facts.maxDepth > MAX_JSON_DEPTH)
    throw new InputError(source, '', `nests ${facts.maxDepth} levels deep; at most ${MAX_JSON_DEPTH}`);
  if (facts.duplicateKey) {
    const key = facts.duplicateKey[facts.duplicateKey.length - 1];
    throw new InputError(
      source,
      formatPath(facts.duplicateKey),
      `the key ${quoteValue(key)} appears twice in one object (JSON would keep only the last); remove one`,
    );
  }
  const first = facts.inexactIntegers[0];
  if (!first) return;
  const field = formatPath(first.path);
  const short = first.literal.length <= 40;
  const number = short ? first.literal : `a ${first.literal.replace('-', '').length}-digit number`;
  const why = `${number} is beyond 2^53 - 1 (${Number.MAX_SAFE_INTEGER}) and cannot be read exactly`;
  const isSeed = first.path[first.path.length - 1] === 'seed';
  const advice = short ? `write it as a string: "${first.literal}"` : 'write it as a string';
  throw new InputError(source, field, isSeed ? `${why}; ${advice}` : why);
}
