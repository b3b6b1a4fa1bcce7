/** Interrupts: an executor drops a chunk whose signal aborted by rejecting with an AbortError. */
export function abortError(): Error {
  const error = new Error('the run was interrupted');
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
