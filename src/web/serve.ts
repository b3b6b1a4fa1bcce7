/**
 * `battle-odds serve`: the built web page (`npm run web` -> dist/web/) over HTTP on this
 * machine, with node:http and nothing else. Static files only: GET and HEAD, no directory
 * listings, nothing outside the folder. Hashed assets are cached for good; the page, the
 * service worker and its file list are revalidated on every load so a rebuild shows at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, statSync, createReadStream } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../node/packageInfo.js';
import { InputError } from '../engine/inputError.js';

export interface ServeOptions {
  /** The built page (default: dist/web of the package). */
  dir?: string;
  /** 0 picks a free port (default 8080). */
  port?: number;
  /** Default 127.0.0.1: this machine only. */
  host?: string;
}

export interface Serving {
  /** `http://127.0.0.1:8080/` */
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function defaultWebDir(): string {
  return path.join(packageRoot(), 'dist', 'web');
}

/** Starts serving; resolves once listening. An InputError when the folder holds no built page. */
export async function serveWeb(options: ServeOptions = {}): Promise<Serving> {
  const dir = path.resolve(options.dir ?? defaultWebDir());
  if (!existsSync(path.join(dir, 'index.html')))
    throw new InputError('serve', '', `no built page in ${dir}: run \`npm run web\` first (it builds dist/web/)`);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => respond(dir, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The file a URL path names inside `dir`, or null (outside the folder, a folder, missing). */
export function fileFor(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
  if (file !== dir && !file.startsWith(dir + path.sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function respond(dir: string, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('method not allowed\n');
    return;
  }
  const file = fileFor(dir, request.url ?? '/');
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('not found\n');
    return;
  }
  const hashed = path.relative(dir, file).split(path.sep)[0] === 'assets';
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': statSync(file).size,
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
