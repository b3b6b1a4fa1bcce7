/**
 * Interrupts: an executor drops a chunk whose signal aborted by rejecting with an error
 * named `AbortError` (the convention of AbortSignal, DOMException and piscina alike), so
 * the engine can tell "stopped on request" from a failure whatever the executor.
 */
export class ChunkAbortedError extends Error {
  constructor(reason?: unknown) {
    super('the chunk was dropped: the run was interrupted', { cause: reason });
    this.name = 'AbortError';
  }
}

/** True for an error that means "aborted on request" (ours, piscina's, or a DOMException). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
