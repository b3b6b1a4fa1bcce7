/** A new Worker running workers/worker.ts (Vite bundles that module from this `new URL`). */
export function startWorker(name: string): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
}
