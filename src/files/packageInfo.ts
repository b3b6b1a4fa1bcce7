import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding battle-odds' package.json, from sources (src/) or the build (dist/src/). */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('battle-odds: cannot find package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

let version: string | undefined;

/** The installed package's version (read once: it cannot change while the process runs). */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
