import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  name?: string;
  version: string;
}

function readPackageJson(dir: string): PackageJson | undefined {
  const file = path.join(dir, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageJson) : undefined;
}

let root: { dir: string; manifest: PackageJson } | undefined;

/**
 * The folder holding battle-odds' package.json, from sources (src/), the build (dist/src/) or the
 * command line's bundle (dist/cli/, whose own package.json, naming no package, only makes its
 * files CommonJS: it is passed over).
 */
export function packageRoot(): string {
  return findRoot().dir;
}

function findRoot(): { dir: string; manifest: PackageJson } {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = readPackageJson(dir);
    if (manifest?.name !== undefined) return (root = { dir, manifest });
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('battle-odds: cannot find package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** The installed package's version (read once: it cannot change while the process runs). */
export function packageVersion(): string {
  return findRoot().manifest.version;
}
