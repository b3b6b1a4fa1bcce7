/**
 * The service worker: the page works offline after the first visit. The build writes
 * `precache.json` (every built file); installing caches them all, so the chunk worker and
 * the chart library are there offline even before first use. The page itself is fetched
 * network-first (a new build shows at once) and refreshes the cache from the new file
 * list; hashed assets are served cache-first (they never change under their name).
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
}

const sw = self as unknown as ServiceWorkerScope;
const CACHE = 'battle-odds-page';
const base = new URL('./', sw.registration.scope);
const PAGE = new URL('index.html', base).href;

async function fileList(): Promise<string[]> {
  const response = await fetch(new URL('precache.json', base), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`precache.json: ${response.status}`);
  const { files } = (await response.json()) as { files: string[] };
  return files.map((f) => new URL(f, base).href);
}

/** Caches every built file not cached yet, and forgets files the build no longer has. */
async function refresh(): Promise<void> {
  const files = await fileList();
  const cache = await caches.open(CACHE);
  const cached = new Set((await cache.keys()).map((r) => r.url));
  await Promise.all(files.filter((f) => !cached.has(f)).map((f) => cache.add(f)));
  const wanted = new Set(files);
  await Promise.all([...cached].filter((url) => !wanted.has(url)).map((url) => cache.delete(url)));
}

sw.addEventListener('install', (event) => {
  event.waitUntil(refresh().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(base.href)) return;
  if (request.mode === 'navigate' || request.url === PAGE) {
    event.respondWith(pageFirstFromNetwork(request, event));
    return;
  }
  event.respondWith(cacheFirst(request));
});

async function pageFirstFromNetwork(request: Request, event: ExtendableEvent): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(
        caches
          .open(CACHE)
          .then((cache) => cache.put(PAGE, copy))
          .then(refresh)
          .catch(() => undefined),
      );
    }
    return response;
  } catch {
    const cached = await caches.match(PAGE);
    return cached ?? new Response('offline, and this page was never loaded online', { status: 503 });
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.includes('/assets/')) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}
