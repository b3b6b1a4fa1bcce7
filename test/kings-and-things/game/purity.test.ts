/**
 * The game folder must run in a browser: no Node modules, and outside the folder only the
 * few dependency-free modules listed here are imported at run time (type imports are free).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../src/systems/kings-and-things/game');
const ALLOWED_OUTSIDE = ['../plan.js', '../retreat.js', '../../../kit/dice.js'];

/** Run-time imports of a module (import type ... lines and `type` specifiers alone are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
    if (m[1]) continue;
    const names = m[2]
      .replace(/[{}]/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.every((n) => n.startsWith('type '))) continue;
    out.push(m[3]);
  }
  return out;
}

describe('browser-safe imports', () => {
  const files = readdirSync(root).filter((f) => f.endsWith('.ts'));
  it('the folder imports no Node module and only the allowed modules outside it', () => {
    for (const f of files) {
      for (const spec of runtimeImports(join(root, f))) {
        expect(spec.startsWith('node:'), `${f} imports ${spec}`).toBe(false);
        if (!spec.startsWith('./')) expect(ALLOWED_OUTSIDE, `${f} imports ${spec}`).toContain(spec);
      }
    }
  });
  it('the allowed modules import nothing else at run time', () => {
    for (const spec of ALLOWED_OUTSIDE) {
      const file = normalize(join(root, spec.replace(/\.js$/, '.ts')));
      for (const inner of runtimeImports(file))
        expect(normalize(join(dirname(file), inner.replace(/\.js$/, '.ts')))).toBe(normalize(join(root, '../plan.ts')));
    }
  });
});
