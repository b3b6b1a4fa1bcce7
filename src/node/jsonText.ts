/**
 * Checks on the text of a JSON document that `JSON.parse` cannot make afterwards:
 *
 * - integers written beyond 2^53 - 1: JSON.parse rounds `9007199254740993` to
 *   `9007199254740992` without a word, and the digits typed are gone. A seed that long
 *   must be written as a string; any other such number is refused as unreadable;
 * - nesting depth: nothing in a scenario nests deeper than a handful of levels, and a
 *   document nested thousands deep only serves to exhaust recursive code downstream.
 *
 * The scanner is iterative (no recursion, whatever the depth) and expects text that
 * `JSON.parse` has already accepted.
 */
import { InputError, formatPath } from '../engine/inputError.js';

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
}

interface Frame {
  key: string | number;
  isObject: boolean;
  expectKey: boolean;
}

/** Enough to report the first few; a file of a million huge numbers need not list them all. */
const MAX_REPORTED = 100;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * @example
 * inspectJsonText('{"seed": 9007199254740993}')
 * // { maxDepth: 1, inexactIntegers: [{ path: ['seed'], literal: '9007199254740993' }] }
 */
export function inspectJsonText(text: string): JsonTextFacts {
  const stack: Frame[] = [];
  const inexactIntegers: InexactInteger[] = [];
  let maxDepth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push({ key: c === '[' ? 0 : '', isObject: c === '{', expectKey: c === '{' });
      maxDepth = Math.max(maxDepth, stack.length);
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === ',') {
      if (top?.isObject) top.expectKey = true;
      else if (top) top.key = (top.key as number) + 1;
      i++;
    } else if (c === ':') {
      if (top) top.expectKey = false;
      i++;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.isObject && top.expectKey) top.key = JSON.parse(text.slice(i, end)) as string;
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text) as RegExpExecArray;
      const literal = match[0];
      const inexact = !match[1] && !match[2] && !Number.isSafeInteger(Number(literal));
      if (inexact && inexactIntegers.length < MAX_REPORTED)
        inexactIntegers.push({ path: stack.map((f) => f.key), literal });
      i += literal.length;
    } else {
      i++; // whitespace, or a letter of true / false / null
    }
  }
  return { maxDepth, inexactIntegers };
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
 * Refuses, as one InputError naming the file and field, the first integer beyond 2^53 - 1
 * and nesting deeper than MAX_JSON_DEPTH.
 */
export function checkJsonText(text: string, source: string): void {
  const facts = inspectJsonText(text);
  if (facts.maxDepth > MAX_JSON_DEPTH)
    throw new InputError(source, '', `nests ${facts.maxDepth} levels deep; at most ${MAX_JSON_DEPTH}`);
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
