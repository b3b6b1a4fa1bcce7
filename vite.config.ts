/**
 * The web page's build (`npm run web`): src/web -> dist/web, a static folder any host serves.
 * Two entries: the page (index.html, which pulls in the chunk worker and, lazily, the chart
 * library) and the service worker (sw.js, at the root so its scope is the whole page).
 * After the bundle is written, precache.json lists every file for the service worker.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { Resvg } from '@resvg/resvg-js';

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

/** The page's colours, as index.html's theme-color and the header. */
const THEME = { theme: '#0b3d5c', background: '#ffffff' };

/**
 * The web app manifest (the page can be added to a phone's home screen and opened like an
 * app) and its icons: favicon.svg drawn at 192 and 512 px by resvg at build time, so no
 * binary is committed. index.html links them; precache.json lists them, so they are there
 * offline after one visit like the rest of the page.
 */
function webAppManifest(): Plugin {
  const sizes = [192, 512];
  return {
    name: 'battle-odds-manifest',
    apply: 'build',
    generateBundle() {
      const svg = readFileSync(path.join(web, 'favicon.svg'));
      for (const size of sizes) {
        const png = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } })
          .render()
          .asPng();
        this.emitFile({ type: 'asset', fileName: `icon-${size}.png`, source: png });
      }
      const manifest = {
        name: 'battle-odds: should I attack?',
        short_name: 'battle-odds',
        description: 'Battle odds for board-game combat, exact where possible: should I attack?',
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: THEME.theme,
        background_color: THEME.background,
        icons: sizes.map((size) => ({ src: `icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
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
  plugins: [noNodeInThePage(), webAppManifest(), precacheList()],
});
