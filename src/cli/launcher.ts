/**
 * The installed binary, dist/cli/main.js (CommonJS, built by scripts/bundle-cli.mjs), past `--version`
 * (answered first, from the version the build wrote into it, loading nothing): it runs the command
 * line's bundle, dist/cli/cli.js, compiled with the V8 code cache the build recorded beside
 * it (cli.js.cache): V8 then skips parsing and compiling what a quick answer runs, most of the time a
 * quick answer took (issue 27: an exact answer in 2.6x a bare node start without it).
 *
 * The cache is used only when it is the one made for this bundle by this Node on this machine's
 * architecture: its first line names the Node version, the architecture, the bundle's length and
 * CRC-32 and the CRC-32 of the cache's own data, all checked (V8 itself checks only its own version,
 * its flags and the source's length, and trusts the data). Any mismatch (another Node than the one
 * that built the package, a rebuilt or edited bundle, a damaged or missing cache, a Node 20 older
 * than 20.15, which has no zlib.crc32) compiles the bundle as plain JavaScript: the same program,
 * only slower to start. V8 may still refuse a cache whose header fits (other V8 flags:
 * `cachedDataRejected`); it compiles the source then too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import type { loadProgram, startCli } from './start.js';

/** The bundle (src/cli/start.ts and all it loads) and its code cache, in dist/cli/. */
export const BUNDLE_FILE = 'cli.js';
export const CACHE_FILE = 'cli.js.cache';

/** What the bundle exports. */
export interface CliBundle {
  startCli: typeof startCli;
  loadProgram: typeof loadProgram;
}

/** The cache's first line: for which Node and architecture, of which bundle, and its own data's CRC-32. */
interface CacheHeader {
  node: string;
  arch: string;
  bytes: number;
  crc32: number;
  dataCrc32: number;
}

/**
 * The bundle's body becomes this function's (a CommonJS module's wrapper, and `__import` for the
 * `import()` of ES-module-only packages, which code compiled by `vm` cannot call itself: the build
 * rewrites the bundle's `import("vega")` to `__import("vega")`).
 */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname, __import) {';
const WRAPPER_END = '\n})';

type Crc32 = (data: Uint8Array) => number;

/** A cache file's contents for this process: its header line, then V8's `data` for the bundle (its bytes). */
export function cacheFileContents(bundle: Buffer, data: Buffer, crc32: Crc32): Buffer {
  const header: CacheHeader = {
    node: process.version,
    arch: process.arch,
    bytes: bundle.length,
    crc32: crc32(bundle),
    dataCrc32: crc32(data),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'latin1'), data]);
}

/** V8's data from a cache file, if its header is this bundle's for this process; undefined otherwise. */
function cachedData(file: string, bundle: Buffer, require: NodeJS.Require): Buffer | undefined {
  let contents: Buffer;
  try {
    contents = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = contents.indexOf(10);
  if (end < 0) return undefined;
  let header: Partial<CacheHeader>;
  try {
    header = JSON.parse(contents.toString('latin1', 0, end)) as Partial<CacheHeader>;
  } catch {
    return undefined;
  }
  if (header.node !== process.version || header.arch !== process.arch || header.bytes !== bundle.length)
    return undefined;
  const { crc32 } = require('node:zlib') as { crc32?: Crc32 };
  if (typeof crc32 !== 'function' || header.crc32 !== crc32(bundle)) return undefined;
  const data = contents.subarray(end + 1);
  return header.dataCrc32 === crc32(data) ? data : undefined;
}

/**
 * What became of the code cache: `used`; `unfit` (none, or not this bundle's and this Node's: the
 * header said so, and V8 never saw it); `rejected` (V8 refused it: other V8 flags).
 */
export type CacheUse = 'used' | 'unfit' | 'rejected';

/**
 * Compiles and runs the bundle in `dir` (its top level only: the program itself loads when
 * `startCli` or `loadProgram` is called), with its code cache when `useCache` and the cache fits.
 * The script is returned for the build, which records the cache from it after running a command.
 */
export function loadBundle(dir: string, useCache = true): { bundle: CliBundle; script: Script; cache: CacheUse } {
  const file = path.join(dir, BUNDLE_FILE);
  const require = createRequire(file);
  const bytes = readFileSync(file);
  // The build checks the bundle is ASCII: one byte a character, read as such (utf8 decoding costs more).
  const source = bytes.toString('latin1');
  const data = useCache ? cachedData(path.join(dir, CACHE_FILE), bytes, require) : undefined;
  const script = new Script(WRAPPER_START + source + WRAPPER_END, { filename: file, cachedData: data });
  const module = { exports: {} as CliBundle };
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  const importModule = (specifier: string) => import(specifier);
  body.call(module.exports, module.exports, require, module, file, dir, importModule);
  const cache = data === undefined ? 'unfit' : script.cachedDataRejected ? 'rejected' : 'used';
  return { bundle: module.exports, script, cache };
}

/** dist/cli/main.js past `--version` (answered before this loads): the command line from the bundle in `dir`. */
export function launch(dir: string): void {
  const { bundle } = loadBundle(dir);
  bundle.startCli().catch((error: unknown) => {
    // What an uncaught error in the entry module did before: printed by Node, exit code 1.
    process.nextTick(() => {
      throw error;
    });
  });
}
