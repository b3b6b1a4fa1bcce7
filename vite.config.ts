/**
 * The web page's build (`npm run web`): src/web -> dist/web, a static folder any host serves.
 * Two entries: the page (index.html, which pulls in the chunk worker and, lazily, the chart
 * library) and the service worker (sw.js, at the root so its scope is the whole page).
 * After the bundle is written, precache.json lists every file for the service worker.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
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
  plugins: [precacheList()],
});
