/**
 * Bundles the built command line (dist/src/cli/main.js) and the pool's worker into
 * dist/cli/: a few files instead of ~230 modules, and zod and commander inside them. Node
 * resolves and compiles fewer, larger files much faster, which is most of a quick answer's
 * time (`odds` on an exact answer: ~0.23 s of process time from dist/src, ~0.14 s bundled).
 *
 * The rest of the dependencies stay external (loaded from node_modules when used: charts,
 * the worker pool, the fleet). Lazily imported modules stay lazy: splitting makes each one
 * a chunk of its own. The worker is an entry beside the chunks, so the pool finds it as
 * `./threadWorker.js` next to the chunk that starts it, as it does in dist/src/threads/.
 */
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const INSIDE = new Set(['zod', 'commander', '@commander-js/extra-typings']);
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// `--from-src`: straight from the TypeScript sources (esbuild strips the types, checks none):
// what `npm start` runs, a second instead of tsc's half a minute. `npm run build` type-checks
// and emits dist/src (the library, the tests) first, and bundles that.
const fromSource = process.argv.includes('--from-src');
const entryPoints = fromSource
  ? ['src/cli/main.ts', 'src/threads/threadWorker.ts']
  : ['dist/src/cli/main.js', 'dist/src/threads/threadWorker.js'];

rmSync('dist/cli', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist/cli',
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(dependencies).filter((name) => !INSIDE.has(name)),
  // commander is CommonJS: inside an ES module bundle its require('node:events') needs a require.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
