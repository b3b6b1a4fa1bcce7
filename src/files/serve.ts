/**
 * `battle-odds serve`: the built web page (`npm run web` -> dist/web/) over HTTP on this
 * machine, with node:http and nothing else. Static files only: GET and HEAD, no directory
 * listings, nothing outside the folder, symbolic links included (a link is followed only to
 * a file inside the folder). Hashed assets are cached for good; the page, the service worker
 * and its file list are revalidated on every load so a rebuild shows at once. It listens on
 * 127.0.0.1 unless a host is given.
 *
 * Why not sirv or serve-static (evaluated for issue 21): both follow symbolic links out of
 * the folder (sirv 3.0.2 in both modes, send 1.2.1 through fs.stat, with no option to refuse
 * them), so the resolved-path check below would be needed with either; sirv's default mode
 * also lists the folder once at start (a rebuilt page is not seen, and a link to a large
 * tree is walked whole), and serve-static brings 13 packages. What they add beyond that
 * (ranges, ETags) a page of 1.5 MB served to this machine does not need.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  closeSync,
  constants,
  createReadStream,
  existsSync,
  fstatSync,
  openSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { packageRoot } from './packageInfo.js';
import { InputError, quoteValue } from '../core/model/inputError.js';

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

/** Starts serving; resolves once listening. An InputError for a folder with no built page, a bad host or port. */
export async function serveWeb(options: ServeOptions = {}): Promise<Serving> {
  if (options.dir === '') throw new InputError('serve', '--dir', 'is empty: name the folder of the built page');
  const dir = path.resolve(options.dir ?? defaultWebDir());
  if (!existsSync(path.join(dir, 'index.html')))
    throw new InputError('serve', '', `no built page in ${dir}: run \`npm run web\` first (it builds dist/web/)`);
  const host = checkHost(options.host ?? LOOPBACK);
  const port = options.port ?? 8080;
  const server = createServer((request, response) => respond(dir, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenRefusal(error, host, port)));
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/`,
    port: bound,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** This machine only: what `serve` listens on unless a host is given. */
export const LOOPBACK = '127.0.0.1';

/** A DNS name: labels of letters, digits and inner dashes, at most 253 characters. */
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * The address to listen on, as given: an IP address (`0.0.0.0`, `::1`, `[::1]`) or a host
 * name. An empty one is refused: Node would read it as "every interface", the opposite of
 * what an empty value suggests.
 */
export function checkHost(host: string): string {
  const bare = /^\[.*\]$/.test(host) ? host.slice(1, -1) : host;
  if (bare.trim() === '')
    throw new InputError(
      'serve',
      '--host',
      `is empty; give ${LOOPBACK} (this machine only, the default) or 0.0.0.0 (every network)`,
    );
  if (isIP(bare) === 0 && !HOST_NAME.test(bare))
    throw new InputError('serve', '--host', `${quoteValue(host)} is not an IP address or a host name`);
  return bare;
}

/** Why listening failed, in one line (a port in use, a host that does not resolve or is not this machine's). */
function listenRefusal(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new InputError(
        'serve',
        '--port',
        `${port} is already in use on ${host}; pick another, or 0 for any free port`,
      );
    case 'EACCES':
      return new InputError(
        'serve',
        '--port',
        `${port} needs more privileges than this user has (EACCES); pick one above 1023`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new InputError('serve', '--host', `${quoteValue(host)} does not resolve to an address (${code})`);
    case 'EADDRNOTAVAIL':
      return new InputError('serve', '--host', `${quoteValue(host)} is not an address of this machine (EADDRNOTAVAIL)`);
    default:
      return new InputError('serve', '', `cannot listen on ${host}:${port} (${code ?? (error as Error)?.message})`);
  }
}

/**
 * The file a URL path names inside `dir`, or null (outside the folder, a folder, missing). The
 * path is resolved with its symbolic links, and what it resolves to must be inside the folder
 * (itself resolved): a link inside `--dir` pointing out of it serves nothing.
 */
export function fileFor(dir: string, urlPath: string): string | null {
  return resolveRequest(dir, urlPath)?.file ?? null;
}

/** The resolved file and its path relative to the resolved folder, or null. */
function resolveRequest(dir: string, urlPath: string): { file: string; relative: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const asked = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = path.resolve(dir, `.${path.posix.normalize(`/${asked}`)}`);
  if (!inside(dir, file)) return null;
  try {
    const root = realpathSync(dir);
    const real = realpathSync(file);
    if (!inside(root, real) || !statSync(real).isFile()) return null;
    return { file: real, relative: path.relative(root, real) };
  } catch {
    return null;
  }
}

function inside(dir: string, file: string): boolean {
  return file !== dir && file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

function respond(dir: string, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('method not allowed\n');
    return;
  }
  const found = resolveRequest(dir, request.url ?? '/');
  const opened = found && openRegularFile(found.file);
  if (!found || !opened) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('not found\n');
    return;
  }
  const { file, relative } = found;
  const hashed = relative.split(path.sep)[0] === 'assets';
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': opened.size,
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (request.method === 'HEAD') {
    closeSync(opened.fd);
    response.end();
    return;
  }
  createReadStream(file, { fd: opened.fd }).pipe(response);
}

/**
 * The resolved file opened without following a link swapped in since it was resolved (and
 * without blocking on a FIFO), if it is still a regular file; its size from the opened file.
 */
function openRegularFile(file: string): { fd: number; size: number } | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  const stats = fstatSync(fd);
  if (stats.isFile()) return { fd, size: stats.size };
  closeSync(fd);
  return null;
}
