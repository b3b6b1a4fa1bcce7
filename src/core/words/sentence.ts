/**
 * Sentences built from named values. Every number (and every label that may hold digits) in
 * a verdict line is a `Quote`: the value's name in the report (`ref`), how it is written
 * (`format`) and the text written. The engine publishes the quotes beside the verdict
 * (`verdictQuotes` of the report), so a reader, the page or a test can tie every number of a
 * sentence to the value it names; `checkClaims` (test/claims/checkClaims.ts) re-reads each named value
 * from the report and checks the sentence says it, rounded as printed.
 *
 * Refs name a place in the battle's report:
 * - `metric.<key>`: the metric's shown value (exact when the battle was solved, else the estimate);
 *   `metric.<key>.low` / `.high`: the ends of its 95% interval;
 * - `decisions.<path>`: a field of the report's decisions (dotted; numeric parts index lists);
 * - `entry.<path>`: a field of the validated battle entry;
 * - `const.<name>`: one of CONSTANTS below.
 *
 * @example
 * const p = quote('metric.pAttackerWins', 0.531, 'percent');
 * say`Attack: you take it ${p} of the time.`.text; // 'Attack: you take it 53.1% of the time.'
 */
import type { Metric } from '../model/report.js';
import type { Quote, QuoteFormat, QuotedValue, Sentence } from '../model/sentence.js';
import { fixed, numberText, percent, percentShort, percentTarget, thousands, upperLimit } from './format.js';

export type { Quote, QuoteFormat, QuotedValue, Sentence } from '../model/sentence.js';

/** Numbers a sentence may state that are no value of the battle. */
export const CONSTANTS = {
  /** The confidence level of every interval. */
  confidence: 0.95,
} as const;

/**
 * Writes a value as a quote of this format writes it.
 *
 * @example
 * writeValue(0.5306, 'percent') // '53.1%'
 * writeValue([2, 2, 24], 'dashes') // '2-2-24'
 */
export function writeValue(value: QuotedValue, format: QuoteFormat, sampled = false): string {
  if (format === 'text') return String(value);
  if (format === 'dashes') {
    if (!Array.isArray(value)) throw new TypeError(`a 'dashes' quote needs a list, got ${String(value)}`);
    return value.join('-');
  }
  if (typeof value !== 'number') throw new TypeError(`a '${format}' quote needs a number, got ${String(value)}`);
  switch (format) {
    case 'percent':
      return percentShort(value, sampled);
    case 'chance':
      return percentShort(value, true);
    case 'percent2':
      return percent(value, sampled);
    case 'target':
      return percentTarget(value);
    case 'points1':
      return fixed(value * 100, 1);
    case 'fixed1':
      return fixed(value, 1);
    case 'fixed2':
      return fixed(value, 2);
    case 'signed1':
    case 'signed2': {
      const text = fixed(value, format === 'signed1' ? 1 : 2);
      return text.startsWith('-') ? text : `+${text}`;
    }
    case 'limit':
      return upperLimit(value);
    case 'number':
      return numberText(value);
    case 'count':
      if (!Number.isInteger(value)) throw new TypeError(`a 'count' quote needs a whole number, got ${value}`);
      return String(value);
    case 'thousands':
      return thousands(value);
  }
}

/**
 * A named value written in a format.
 *
 * @example
 * quote('decisions.needed.count', 17, 'count') // { ref: 'decisions.needed.count', format: 'count', text: '17' }
 */
export function quote(ref: string, value: QuotedValue, format: QuoteFormat, sampled = false): Quote {
  const q: Quote = { ref, format, text: writeValue(value, format, sampled) };
  if (sampled) q.sampled = true;
  return q;
}

/** What a sentence's `${...}` parts may be: literal text with no digits, a quote, or a sentence (its quotes kept). */
export type SentencePart = string | Quote | Sentence;

const isQuote = (part: SentencePart): part is Quote => typeof part === 'object' && 'ref' in part;

/**
 * Assembles a sentence (a tagged template). Literal text may hold no digits: every number
 * must come from a quote, so no number escapes its name.
 *
 * @example
 * say`you have ${quote('entry.attackers', 12, 'count')} armies`.text // 'you have 12 armies'
 */
export function say(strings: TemplateStringsArray | readonly string[], ...parts: SentencePart[]): Sentence {
  let text = '';
  const quotes: Quote[] = [];
  const literal = (s: string) => {
    if (/\d/.test(s)) throw new Error(`a sentence's literal text holds a number: '${s}' (quote it by name)`);
    text += s;
  };
  strings.forEach((s, i) => {
    literal(s);
    if (i >= parts.length) return;
    const part = parts[i];
    if (typeof part === 'string') literal(part);
    else if (isQuote(part)) {
      text += part.text;
      quotes.push(part);
    } else {
      text += part.text;
      quotes.push(...part.quotes);
    }
  });
  return { text, quotes };
}

/**
 * Joins sentences and literal separators into one.
 *
 * @example
 * join([say`a`, say`b`], '; ').text // 'a; b'
 */
export function join(parts: readonly SentencePart[], separator = ''): Sentence {
  const strings: string[] = [''];
  const values: SentencePart[] = [];
  parts.forEach((part, i) => {
    if (i > 0) strings[strings.length - 1] += separator;
    values.push(part);
    strings.push('');
  });
  return say(strings, ...values);
}

/** A sentence with its first letter in capitals. */
export function capitalized(s: Sentence): Sentence {
  return { text: s.text.charAt(0).toUpperCase() + s.text.slice(1), quotes: s.quotes };
}

/** A sentence with no value in it. */
export function plain(text: string): Sentence {
  return say([text]);
}

/** What the sentence helpers read of a battle's result (a ResultView, model/contract.ts, has it all). */
interface Shown {
  metric(key: string): Metric;
  shown(key: string): { value: number; sampled: boolean };
  method: 'exact' | 'monte-carlo';
}

/**
 * A metric's shown value, quoted by its key.
 *
 * @example
 * metricQuote(view, 'attackerLeftIfConquers', 'fixed1') // { ref: 'metric.attackerLeftIfConquers', text: '5.8', ... }
 */
export function metricQuote(view: Shown, key: string, format: QuoteFormat): Quote {
  const { value, sampled } = view.shown(key);
  return quote(`metric.${key}`, value, format, sampled);
}

/**
 * "73.6% of the time", with its 95% interval when the answer was sampled.
 *
 * @example
 * ofTheTime(view, 'pAttackerWins').text // '53.1% of the time (95% interval 53.0% to 53.2%)'
 */
export function ofTheTime(view: Shown, key: string, format: 'percent' | 'chance' = 'percent'): Sentence {
  const p = metricQuote(view, key, format);
  const interval = view.metric(key).ci95;
  if (view.method !== 'monte-carlo' || !interval) return say`${p} of the time`;
  return say`${p} of the time (${quote('const.confidence', CONSTANTS.confidence, 'target')} interval ${quote(
    `metric.${key}.low`,
    interval[0],
    'percent',
  )} to ${quote(`metric.${key}.high`, interval[1], 'percent')})`;
}
