/**
 * What a sentence of a verdict is: its text and, for every number in it, a quote naming the value
 * it writes (words/sentence.ts builds them and says how each format writes).
 */

/** How a quoted value is written. */
export type QuoteFormat =
  /** A probability in a sentence, one decimal (`percentShort`); `sampled` never reads as certain. */
  | 'percent'
  /** A probability that is never certain (dice can always fail): 1 (rounded) writes as "over 99.9%". */
  | 'chance'
  /** A probability with two decimals (`percent`). */
  | 'percent2'
  /** A probability the player chose (`percentTarget`): "80%", "99.9999%". */
  | 'target'
  /** A probability difference in percentage points, one decimal: "4.2". */
  | 'points1'
  | 'fixed1'
  | 'fixed2'
  /** "+1.6" / "-0.3": a gain with its sign, one or two decimals. */
  | 'signed1'
  | 'signed2'
  /** An upper limit, two significant digits rounded up: "within 0.000016" of 0.0000153. */
  | 'limit'
  /** A number as the player gave it, up to six significant digits: "15", "2.5". */
  | 'number'
  /** A whole number as it is: "12". */
  | 'count'
  /** A whole number with thousands separators: "1,234". */
  | 'thousands'
  /** A list of whole numbers joined by hyphens: an allocation "2-2-2-24". */
  | 'dashes'
  /** Text (a name, a label): may hold digits, which are then not numbers of the sentence. */
  | 'text';

export type QuotedValue = number | string | readonly number[];

export interface Quote {
  ref: string;
  format: QuoteFormat;
  /** A sampled frequency with no exact value behind it: a 0 or 1 is not written as certain. */
  sampled?: boolean;
  text: string;
}

export interface Sentence {
  text: string;
  quotes: Quote[];
}
