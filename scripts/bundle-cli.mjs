/**
 * Bundles the built command line into dist/cli/, the installed binary's folder (issue 27: start-up
 * within 1.5x a bare node start for an exact answer, `--version` within 1.1x):
 *
 * - `main.js`, the binary: src/cli/launcher.ts, a few KB of CommonJS. `--version` prints the version
 *   written into it here and loads nothing else; anything else loads cli.js with its code cache.
 * - `cli.js`, the command line (src/cli/start.ts and all it loads, zod and commander inside) as one
 *   CommonJS file: Node resolves and compiles one file much faster than ~230 modules (an exact answer
 *   took ~0.23 s of process time from dist/src). What a command does not need (the run, the fleet, the
 *   charts) stays in it uncompiled, its top level never run: an `import()` inside the bundle becomes a
 *   function call. The rest of the dependencies stay external (loaded from node_modules when used);
 *   the ES-module-only ones (vega) through the launcher's `import()`, as `__import()`.
 * - `cli.js.cache`: V8's code cache of cli.js after an exact answer ran, with a header naming this
 *   Node, the architecture and the bundle's CRC-32 (checked by the launcher; any mismatch compiles
 *   cli.js as plain JavaScript). Not written on a Node without zlib.crc32 (older than 20.15).
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

const { version, dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const fromSource = process.argv.includes('--from-src');
const source = (file) => (fromSource ? `src/${file}.ts` : `dist/src/${file}.js`);

/**
 * zod, loaded on first use: the bundles' `import { z } from 'zod'` gets this module's `z`, which loads
 * the real one when first touched. The rule systems build their schemas on first use too (lazy.ts),
 * and a quick answer from flags is checked without them (each system's `quickEntry`), so an exact
 * answer never loads zod (~20 ms of a quick answer's start). Loading it marks the process with
 * Symbol.for('battle-odds.zod'): test/cli/launcher.test.ts checks the exact answer does without.
 */
const LAZY_ZOD = `
let real;
function zod() {
  if (real === undefined) {
    real = require('zod').z;
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
    build.onResolve({ filter: /^zod$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      if (args.namespace !== 'lazy-zod') return { path: 'zod', namespace: 'lazy-zod' };
      // The shim's own require('zod'): zod's ES module build, as an import would have it (not its CommonJS one).
      return build.resolve('zod', { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: 'real' });
    });
    build.onLoad({ filter: /^zod$/, namespace: 'lazy-zod' }, () => ({
      contents: LAZY_ZOD,
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

/** What every bundle shares: CommonJS for Node 20, `import.meta.url` as the file's own URL, zod on first use. */
const common = {
  plugins: [lazyZod],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: Object.keys(dependencies).filter((name) => !INSIDE.has(name)),
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

// The binary: the launcher, and the version it answers.
await build({
  ...common,
  stdin: {
    contents:
      `import { launch } from './${source('cli/launcher')}';\n` +
      `export * from './${source('cli/launcher')}';\n` +
      `if (require.main === module) launch(__dirname, ${JSON.stringify(version)});\n`,
    resolveDir: '.',
    sourcefile: 'main.js',
  },
  outfile: `${OUT}/main.js`,
  banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
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
