/**
 * What the page needs of a Web Worker that takes `Request` messages and answers with `Reply`
 * messages (tests pass fakes of it), and the one way to start the page's worker module.
 */
export interface PageWorker<Request, Reply> {
  postMessage(message: Request): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<Reply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** A new Worker running workers/worker.ts (Vite bundles that module from this `new URL`). */
export function startWorker<Request, Reply>(name: string): PageWorker<Request, Reply> {
  return new Worker(new URL('./pageWorker.ts', import.meta.url), { type: 'module', name }) as PageWorker<
    Request,
    Reply
  >;
}
