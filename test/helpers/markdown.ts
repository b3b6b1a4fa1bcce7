/**
 * The checked blocks of a Markdown file (the README's Development section describes the marks):
 * an HTML comment `<!-- checked: KIND -->` on the line before a fenced block says what a test
 * checks about it. KIND is
 * - `command`: a block with one `battle-odds` command, followed at once by a block showing its output;
 * - `library`: a JavaScript block run verbatim from an installed package, followed by its output;
 * - `excerpt of PATH`: a block that is a true excerpt of the file PATH (from the repository's root).
 * Shown text may leave text out with `...`: alone on a line, any number of lines; within a
 * line, any text. Unmarked blocks are not checked.
 */
import { readFileSync } from 'node:fs';

export interface Fenced {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
}

export interface CheckedBlock {
  kind: 'command' | 'library' | 'excerpt';
  /** Where the mark is: `README.md:123`. */
  where: string;
  block: Fenced;
  /** The output shown after a command or the library example. */
  output?: Fenced;
  /** The file an excerpt is taken from. */
  source?: string;
}

const MARK = /^<!--\s*checked:\s*(.*?)\s*-->\s*$/;
const FENCE = /^(```+)\s*([\w-]*)\s*$/;

/** The marked blocks of a Markdown text; a mark that is malformed or has no block where it should throws. */
export function checkedBlocks(markdown: string, name: string): CheckedBlock[] {
  const lines = markdown.split('\n');
  const blocks: CheckedBlock[] = [];
  // The fenced block opening at or after line index i (blank lines skipped), and the index after it.
  const fencedAt = (i: number): { block: Fenced; next: number } | null => {
    while (i < lines.length && lines[i].trim() === '') i++;
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) return null;
    const close = lines.findIndex((l, j) => j > i && l.trim() === open[1]);
    if (close < 0) throw new Error(`${name}:${i + 1}: a fenced block that is never closed`);
    return { block: { line: i + 1, lang: open[2], text: lines.slice(i + 1, close).join('\n') }, next: close + 1 };
  };
  for (let i = 0; i < lines.length; i++) {
    const mark = MARK.exec(lines[i]);
    if (!mark) continue;
    const where = `${name}:${i + 1}`;
    const found = fencedAt(i + 1);
    if (!found) throw new Error(`${where}: "${lines[i]}" is not followed by a fenced block`);
    const kind = mark[1];
    if (kind === 'command' || kind === 'library') {
      const output = fencedAt(found.next);
      if (!output) throw new Error(`${where}: the ${kind} block is not followed at once by the output it prints`);
      blocks.push({ kind, where, block: found.block, output: output.block });
    } else if (kind.startsWith('excerpt of ')) {
      blocks.push({ kind: 'excerpt', where, block: found.block, source: kind.slice('excerpt of '.length).trim() });
    } else {
      throw new Error(`${where}: unknown mark "${kind}" (command, library, or excerpt of PATH)`);
    }
  }
  return blocks;
}

export function checkedBlocksOf(file: string, name: string): CheckedBlock[] {
  return checkedBlocks(readFileSync(file, 'utf8'), name);
}

const ELISION = '...';

/** A shown line as a test: `...` within it stands for any text. */
function linePattern(shown: string): RegExp {
  const parts = shown.split(ELISION).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

/**
 * Whether `actual` is what `shown` shows: line by line (trailing spaces and blank lines at the
 * ends ignored), a line `...` standing for any number of lines and `...` within a line for any
 * text. `trimStart` compares lines without their indentation (an excerpt of a nested part).
 */
export function showsText(shown: string, actual: string, options: { trimStart?: boolean } = {}): boolean {
  const clean = (text: string) => {
    const lines = text.split('\n').map((l) => (options.trimStart ? l.trim() : l.trimEnd()));
    while (lines.length > 0 && lines[0] === '') lines.shift();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  const want = clean(shown);
  const have = clean(actual);
  const patterns = want.map((l) => (l.trim() === ELISION ? null : linePattern(l)));
  // Memoised: (shown line, actual line) -> match of the rests.
  const memo = new Map<number, boolean>();
  const match = (w: number, h: number): boolean => {
    const key = w * (have.length + 1) + h;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (w === want.length) result = h === have.length;
    else if (patterns[w] === null) result = match(w + 1, h) || (h < have.length && match(w, h + 1));
    else result = h < have.length && patterns[w]!.test(have[h]) && match(w + 1, h + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}
