/**
 * The built page's weight (`npm run web:size`, after `npm run web`): every file of dist/web
 * raw, and the JavaScript gzipped (level 9, what a static host typically sends), split into
 * what loads first and what loads on demand (the chart library, the chunk worker).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebSize {
  files: number;
  bytes: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** JavaScript the page loads before the first answer (index.html's script and its static imports). */
  firstJsGzipBytes: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Scripts index.html loads, and what those import statically (`import ... from "./x.js"`). */
function firstScripts(dir: string): Set<string> {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]+src="\.\/([^"]+)"/g)].map((m) => path.join(dir, m[1]));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w{}*,\s]+from\s*)?["'`](\.\/[^"'`]+)["'`]/g))
      queue.push(path.join(path.dirname(file), m[1]));
  }
  return seen;
}

export function webSize(dir: string): WebSize {
  const files = filesUnder(dir);
  const first = firstScripts(dir);
  const size: WebSize = { files: files.length, bytes: 0, jsBytes: 0, jsGzipBytes: 0, firstJsGzipBytes: 0 };
  for (const file of files) {
    const bytes = readFileSync(file);
    size.bytes += bytes.length;
    if (!file.endsWith('.js')) continue;
    const gz = gzipSync(bytes, { level: 9 }).length;
    size.jsBytes += bytes.length;
    size.jsGzipBytes += gz;
    if (first.has(file)) size.firstJsGzipBytes += gz;
  }
  return size;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('webSize.ts')) {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  const s = webSize(dir);
  process.stdout.write(
    `${path.relative(process.cwd(), dir) || dir}: ${s.files} files, ${kb(s.bytes)} raw; ` +
      `JavaScript ${kb(s.jsBytes)} raw, ${kb(s.jsGzipBytes)} gzipped ` +
      `(${kb(s.firstJsGzipBytes)} before the first answer; the rest loads on demand)\n`,
  );
}
