/**
 * Text a user writes (battle and variant labels, scenario descriptions, player, nation and
 * creature names, axis values and titles, seeds) reaches charts (SVG, where XML forbids most
 * control characters and the renderer fails after the whole run), the terminal (where ESC
 * starts an escape sequence), HTML, CSV and file names. One check refuses, at validation,
 * what no such text needs: control characters (C0, DEL, C1), unpaired surrogates (half an
 * emoji: not text) and Unicode noncharacters (U+FFFE, U+FDD0 ...). Everything else is valid
 * text and renders: any script, right-to-left, emoji, combining marks.
 */
import { z } from 'zod';

export interface TextRules {
  /** Line breaks and tabs are allowed (a description may span lines); other controls are not. */
  lineBreaks?: boolean;
}

/** U+FDD0-U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE ...). */
function isNoncharacter(code: number): boolean {
  return (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
}

function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What is wrong with a text, in words (`contains a control character (U+001B) at position
 * 5`), or undefined when it is fine. Positions count characters (code points) from 1.
 *
 * @example
 * textProblem('ok 攻撃 🎲') // undefined
 * textProblem('red\u001b[31m') // 'contains a control character (U+001B) at position 4'
 */
export function textProblem(text: string, rules: TextRules = {}): string | undefined {
  let position = 0;
  for (let i = 0; i < text.length; i++) {
    position++;
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const code = (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
        if (isNoncharacter(code)) return `contains a noncharacter (${hex(code)}) at position ${position}`;
        i++;
        continue;
      }
      return `contains an unpaired surrogate (${hex(unit)}) at position ${position}; it is not text`;
    }
    if (isControl(unit)) {
      if (rules.lineBreaks && (unit === 0x0a || unit === 0x09 || unit === 0x0d)) continue;
      return `contains a control character (${hex(unit)}) at position ${position}`;
    }
    if (isNoncharacter(unit)) return `contains a noncharacter (${hex(unit)}) at position ${position}`;
  }
  return undefined;
}

/** Text a user writes: `schema` (a plain string by default) that also refuses what textProblem finds. */
export function userText<T extends z.ZodString = z.ZodString>(schema?: T, rules: TextRules = {}): T {
  return (schema ?? z.string()).superRefine((text, ctx) => {
    const problem = textProblem(text, rules);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  }) as T;
}
