/**
 * Bundles the built command line into dist/cli/, the installed binary's folder (issue 27: start-up
 * within 1.5x a bare node start for an exact answer, `--version` within 1.1x):
 *
 * - `main.js`, the binary: answers `--version` from the version written into it here, loading
 *   nothing else; otherwise src/cli/launcher.ts (bundled in) runs cli.js with its code cache.
 * - `cli.js`, the command line (src/cli/start.ts and all it loads, commander inside) as one CommonJS
 *   file: Node resolves and compiles one file much faster than ~230 modules (an exact answer took
 *   ~0.23 s of process time from dist/src). What a command does not need (the run, the fleet, the
 *   charts) stays in it uncompiled, its top level never run: an `import()` inside the bundle becomes a
 *   function call. The rest of the dependencies stay external (loaded from node_modules when used);
 *   the ES-module-only ones (vega) through the launcher's `import()`, as `__import()`. Plain ASCII.
 * - `cli.js.cache`: V8's code cache of cli.js after an exact answer ran, with a header naming this
 *   Node, the architecture and the CRC-32s of the bundle and of the cache's data (checked by the
 *   launcher; any mismatch compiles cli.js as plain JavaScript). Not written on a Node without
 *   zlib.crc32 (older than 20.15).
 * - `zod.js`: zod alone, required on first use (LAZY_ZOD below).
 * - `threadWorker.js`, the pool's worker, beside cli.js: the pool finds it as `./threadWorker.js`
 *   next to the code that starts it, as it does in dist/src/threads/.
 * - `package.json`, `{"type": "commonjs"}`: a CommonJS binary starts faster than an ES module one.
 *
 * `--from-src`: straight from the TypeScript sources (esbuild strips the types, checks none): what
 * `npm start` runs, a second or two instead of tsc's half a minute. `npm run build` type-checks and
 * emits dist/src (the library, the tests) first, and bundles that.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = 'dist/cli';
const INSIDE = new Set(['zod', 'commander', '@commander-js/extra-typings']);
/** Packages that are ES modules only: the bundle cannot require() them. */
const ESM_ONLY = ['vega', 'vega-lite'];
/** The command the code cache is recorded from: the quick exact answer the start-up goal is stated for. */
const TRAINING = ['odds', 'landgrab', '--attackers', '10', '--defenders', '10'];

const { version, dependencies, peerDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const fromSource = process.argv.includes('--from-src');
const source = (file) => (fromSource ? `src/${file}.ts` : `dist/src/${file}.js`);

/**
 * zod, loaded on first use, from a file of its own: the bundles' `import { z } from 'zod'` gets this
 * module's `z`, which requires dist/cli/zod.js (zod's ES module build, bundled alone) when first
 * touched. The rule systems build their schemas on first use too (core/model/lazy.ts), and a quick
 * answer from flags is checked without them (each system's `quickEntry`), so an exact answer never
 * loads zod (~20 ms of its start), and cli.js (and its code cache) holds none of zod's 0.8 MB of code
 * (V8 reads every function of a bundle it compiles, run or not). Loading it marks the process with
 * Symbol.for('battle-odds.zod'): test/cli/launcher.test.ts checks the exact answer does without.
 */
const LAZY_ZOD = `
let real;
function zod() {
  if (real === undefined) {
    real = require('./zod.js').z;
    globalThis[Symbol.for('battle-odds.zod')] = true;
  }
  return real;
}
export const z = new Proxy({}, {
  get: (_, key) => zod()[key],
  has: (_, key) => key in zod(),
  ownKeys: () => Reflect.ownKeys(zod()),
  getOwnPropertyDescriptor: (_, key) => {
    const found = Reflect.getOwnPropertyDescriptor(zod(), key);
    return found && { ...found, configurable: true };
  },
});
`;
const lazyZod = {
  name: 'lazy-zod',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: 'zod', namespace: 'lazy-zod' }));
    build.onResolve({ filter: /^\.\/zod\.js$/, namespace: 'lazy-zod' }, () => ({ path: './zod.js', external: true }));
    build.onLoad({ filter: /^zod$/, namespace: 'lazy-zod' }, () => ({ contents: LAZY_ZOD, loader: 'js' }));
  },
};

/**
 * commander requires node:child_process when it loads, for subcommands that are programs of their own
 * (this CLI has none): with net and dgram behind it, ~2 ms of every start. It gets the module on first use.
 */
const LAZY_CHILD_PROCESS = `
let real;
module.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });
`;
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'lazy-child-process' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: LAZY_CHILD_PROCESS,
      loader: 'js',
    }));
  },
};

/** What every bundle shares: CommonJS for Node 20, `import.meta.url` as the file's own URL, zod on first use. */
const common = {
  plugins: [lazyZod, lazyChildProcessForCommander],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The fleet's packages (BullMQ, ioredis) are optional peers: loaded only by --queue and worker, when installed.
  external: [...Object.keys(dependencies), ...Object.keys(peerDependencies)].filter((name) => !INSIDE.has(name)),
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: 'var __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  // Whitespace and comments out (names stay: errors and stacks read as before). The output is ASCII.
  minifyWhitespace: true,
  charset: 'ascii',
  sourcemap: true,
  logLevel: 'warning',
};

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'package.json'), '{ "type": "commonjs" }\n');

// The command line. Its output is rewritten before it is written: `import("vega")` -> `__import("vega")`.
const cli = await build({ ...common, entryPoints: [source('cli/start')], outfile: `${OUT}/cli.js`, write: false });
for (const file of cli.outputFiles) {
  let text = file.text;
  if (file.path.endsWith('.js')) {
    for (const name of ESM_ONLY) text = text.replaceAll(`import(${JSON.stringify(name)})`, `__import("${name}")`);
    const stray = /(?<![\w$])import\(/.exec(text);
    if (stray)
      throw new Error(
        `bundle-cli: an import() the launcher does not provide: ${text.slice(stray.index, stray.index + 80)}`,
      );
    if (/[^\x00-\x7f]/.test(text)) throw new Error('bundle-cli: cli.js is not ASCII (the launcher reads it as such)');
  }
  writeFileSync(file.path, text);
}

await build({ ...common, entryPoints: [source('threads/threadWorker')], outfile: `${OUT}/threadWorker.js` });

// zod alone (its ES module build), for the bundles' zod shim.
await build({
  ...common,
  plugins: [],
  stdin: { contents: "export { z } from 'zod';", resolveDir: '.', sourcefile: 'zod.js' },
  outfile: `${OUT}/zod.js`,
  external: [],
  define: {},
  banner: {},
});

// The binary: `--version` first, from the version written here, before the launcher (and what it
// requires) loads; then the launcher. Required rather than run (the build, the tests): the launcher.
await build({
  ...common,
  stdin: {
    contents:
      `const { isVersionQuestion, writeVersion } = require('./${source('cli/version')}');\n` +
      `if (require.main !== module) module.exports = require('./${source('cli/launcher')}');\n` +
      `else if (isVersionQuestion(process.argv)) writeVersion(${JSON.stringify(`${version}\n`)});\n` +
      `else require('./${source('cli/launcher')}').launch(__dirname);\n`,
    resolveDir: '.',
    sourcefile: 'main.js',
  },
  outfile: `${OUT}/main.js`,
  banner: { js: '#!/usr/bin/env node' },
  sourcemap: false,
});

// The code cache: the bundle compiled here, an exact answer run through it (its output dropped), then
// what V8 compiled for it, saved.
if (typeof zlib.crc32 !== 'function') {
  console.warn(`bundle-cli: no code cache (Node ${process.version} has no zlib.crc32): the CLI starts slower`);
} else {
  const launcher = createRequire(import.meta.url)(path.resolve(OUT, 'main.js'));
  const { loadBundle, cacheFileContents, CACHE_FILE, BUNDLE_FILE } = launcher;
  const { bundle, script } = loadBundle(path.resolve(OUT), false);
  const quiet = { stdout: { write: () => true }, stderr: { write: () => true } };
  const { runProgram } = await bundle.loadProgram();
  const code = await runProgram(['node', 'battle-odds', ...TRAINING], quiet);
  if (code !== 0) throw new Error(`bundle-cli: battle-odds ${TRAINING.join(' ')} exited ${code}`);
  const contents = cacheFileContents(readFileSync(path.join(OUT, BUNDLE_FILE)), script.createCachedData(), zlib.crc32);
  writeFileSync(path.join(OUT, CACHE_FILE), contents);
}
