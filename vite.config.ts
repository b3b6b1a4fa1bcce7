/**
 * The web page's build (`npm run web`): src/web -> dist/web, a static folder any host serves.
 * Two entries: the page (index.html, which pulls in the chunk worker and, lazily, the chart
 * library) and the service worker (sw.js, at the root so its scope is the whole page).
 * After the bundle is written, precache.json lists every file for the service worker.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(root, 'src/web');

/** Every file under `dir`, relative, with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? filesUnder(full, relative) : [relative];
  });
}

/**
 * The page runs the pure core in a browser: a project file that imports a Node module
 * (node:fs, path ...) fails the build, naming the file, instead of failing in the browser.
 */
function noNodeInThePage(): Plugin {
  const builtins = new Set(builtinModules);
  const src = path.join(root, 'src') + path.sep;
  return {
    name: 'battle-odds-no-node',
    enforce: 'pre',
    resolveId(id, importer) {
      const node = id.startsWith('node:') || builtins.has(id.split('/')[0]);
      if (node && importer?.startsWith(src))
        this.error(
          `${path.relative(root, importer)} imports ${id}: the web page runs the pure core in a browser, ` +
            'where Node modules do not exist (load data as a module instead)',
        );
      return null;
    },
  };
}

function precacheList(): Plugin {
  return {
    name: 'battle-odds-precache',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir as string;
      const files = filesUnder(dir)
        .filter((f) => f !== 'sw.js' && f !== 'precache.json' && !f.endsWith('.map'))
        .sort();
      writeFileSync(path.join(dir, 'precache.json'), `${JSON.stringify({ files: ['./', ...files] }, null, 1)}\n`);
    },
  };
}

export default defineConfig({
  root: web,
  base: './',
  publicDir: false,
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { index: path.join(web, 'index.html'), sw: path.join(web, 'sw.ts') },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  worker: { format: 'es' },
  plugins: [noNodeInThePage(), precacheList()],
});
