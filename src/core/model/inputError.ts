/**
 * A problem with what the user gave us (a file, a flag, a field). The CLI prints it
 * as one line naming the file and field and exits with code 2, never a stack trace.
 *
 * The line stays short and single whatever the input held: control characters (a newline
 * in a key, a bidirectional override) are escaped, a quoted value is cut to ~80 characters,
 * and an overlong file name or field path is cut in the middle.
 */
export class InputError extends Error {
  /** The file or flag the problem is in, e.g. `scenarios/x.json` or `--attackers`. */
  readonly source: string;
  /** The field within it, e.g. `battles[0].attackers`; empty for the whole source. */
  readonly field: string;
  readonly detail: string;
  constructor(source: string, field: string, detail: string) {
    const shortSource = shortenMiddle(oneLine(source), MAX_NAME);
    const shortField = shortenMiddle(oneLine(field), MAX_NAME);
    const shortDetail = shortenDetail(oneLine(detail));
    super(`${shortSource}${shortField ? `: ${shortField}` : ''}: ${shortDetail}`);
    this.name = 'InputError';
    this.source = shortSource;
    this.field = shortField;
    this.detail = shortDetail;
  }
}

/**
 * What compile() throws when an entry passed its schema but cannot be compiled (e.g. a
 * question whose exact answer is out of reach): reported like a schema issue, at `path`.
 */
export class EntryIssue extends Error {
  constructor(
    readonly path: Array<string | number>,
    message: string,
  ) {
    super(message);
    this.name = 'EntryIssue';
  }
}

/** The most characters of an offending value an error message quotes. */
export const MAX_QUOTED = 80;
/** The most characters of a file name or field path an error message shows. */
const MAX_NAME = 120;
/** The most characters of a detail (after quoted values are shortened). */
const MAX_DETAIL = 300;

/**
 * An offending value as an error message quotes it: text in single quotes, anything else
 * as JSON, one line, at most `max` characters of it (cut with `…` and the full length).
 *
 * @example
 * quoteValue('risk') // "'risk'"
 * quoteValue('x'.repeat(500)) // "'xxx…' (500 characters)": 79 x's, then the ellipsis
 */
export function quoteValue(value: unknown, max = MAX_QUOTED): string {
  const text = typeof value === 'string' ? value : jsonText(value);
  const chars = Array.from(oneLine(text));
  const shown = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
  const quoted = typeof value === 'string' ? `'${shown}'` : shown;
  return chars.length > max ? `${quoted} (${Array.from(text).length} characters)` : quoted;
}

function jsonText(value: unknown): string {
  if (typeof value === 'bigint') return `${value}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One line: control characters (C0, DEL, C1), line and paragraph separators and the
 * bidirectional controls become `\n`, `\u202e` and so on. Backslashes are left alone, so
 * applying it twice changes nothing.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Bidirectional controls and line and paragraph separators: text a terminal would reorder or break on. */
const INVISIBLE = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Those characters as `\u202e` and so on, everything else as it was: for what is printed to a
 * terminal (labels may hold them; the files keep them). Inside JSON text the escape is the same
 * string, so printed JSON stays the same data.
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text for a terminal that may span lines: each line as oneLine writes it, so an ESC or a
 * bidirectional override typed into a flag never reaches the terminal raw.
 */
export function escapeControls(text: string): string {
  return text.split('\n').map(oneLine).join('\n');
}

/** `very/long/…/name.json`: at most `max` characters, keeping both ends. */
function shortenMiddle(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/**
 * Quoted values ('…' or "…") cut to MAX_QUOTED characters, then the whole detail capped. A
 * quote opens only after a non-word character and closes only before one, so the text between
 * two quoted values ("'Elves' is ambiguous ... write one of 'Elves:2R'") is never taken for one.
 */
export function shortenDetail(detail: string): string {
  const long = new RegExp(`(?<!\\w)(['"])([^'"]{${MAX_QUOTED + 1},})\\1(?!\\w)`, 'g');
  const quotedShort = detail.replace(long, (_, quote: string, inner: string) => {
    const chars = Array.from(inner);
    if (chars.length <= MAX_QUOTED) return `${quote}${inner}${quote}`;
    return `${quote}${chars.slice(0, MAX_QUOTED - 1).join('')}…${quote} (${chars.length} characters)`;
  });
  const chars = Array.from(quotedShort);
  return chars.length <= MAX_DETAIL ? quotedShort : `${chars.slice(0, MAX_DETAIL - 1).join('')}…`;
}

/** `battles[0].path[2].defenders` from a zod-style path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}
