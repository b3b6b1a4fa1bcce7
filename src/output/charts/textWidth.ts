/**
 * Text widths in the bundled DejaVu Sans, from the font's own advance widths. Chart
 * layout (plot widths, wrapping, cell sizes) uses them, and so does Vega when it lays
 * out an SVG (render.ts), so the canvas is as wide as the text really is. Kerning is
 * ignored, which only ever overestimates a little.
 */
import { BOLD_WIDTHS, REGULAR_WIDTHS, UNITS_PER_EM } from './fontWidths.js';

function widthMap(table: Array<[number, number[]]>): Map<number, number> {
  const map = new Map<number, number>();
  for (const [first, widths] of table) widths.forEach((w, i) => w > 0 && map.set(first + i, w / UNITS_PER_EM));
  return map;
}

const REGULAR = widthMap(REGULAR_WIDTHS);
const BOLD = widthMap(BOLD_WIDTHS);
/** Characters outside the table (CJK, emoji ...): about a wide capital, so text is never underestimated. */
const FALLBACK_EM = 1;

export function textWidth(text: string, fontSize: number, bold = false): number {
  const widths = bold ? BOLD : REGULAR;
  let em = 0;
  for (const ch of text) em += widths.get(ch.codePointAt(0) ?? 0) ?? FALLBACK_EM;
  return em * fontSize;
}

/** The longest of several texts. */
export function maxTextWidth(texts: Iterable<string>, fontSize: number, bold = false): number {
  let max = 0;
  for (const t of texts) max = Math.max(max, textWidth(t, fontSize, bold));
  return max;
}

/** Cut a text to fit a width, ending in an ellipsis. */
export function truncateText(text: string, width: number, fontSize: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= width) return text;
  const chars = [...text];
  const room = width - textWidth('…', fontSize, bold);
  let fits = 0;
  let used = 0;
  for (const ch of chars) {
    used += textWidth(ch, fontSize, bold);
    if (used > room) break;
    fits++;
  }
  return `${chars.slice(0, fits).join('').trimEnd()}…`;
}

/**
 * Lines of at most `width` px, broken at spaces (a word longer than a line is cut), and
 * at most `maxLines` of them (the last one ends in an ellipsis when text is left over).
 * Newlines and tabs in the text start a new line / count as spaces.
 */
export function wrapText(text: string, width: number, fontSize: number, bold = false, maxLines = 3): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter((w) => w.length > 0)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, fontSize, bold) <= width) line = candidate;
      else {
        if (line) lines.push(line);
        line = textWidth(word, fontSize, bold) <= width ? word : truncateText(word, width, fontSize, bold);
      }
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = truncateText(`${kept[maxLines - 1]} ${lines[maxLines]}`, width, fontSize, bold);
  // The rest may fit when it came from a new paragraph: still mark that text was left out.
  if (!last.endsWith('…')) last = truncateText(`${last}…`, width, fontSize, bold);
  kept[maxLines - 1] = last;
  return kept;
}
