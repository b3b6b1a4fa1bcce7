/**
 * Ctrl-C handling: the first interrupt stops dispatching new chunks; chunks already
 * running finish and what finished is written, marked partial. A second one quits.
 */
let interrupted = false;

/** True once the user pressed Ctrl-C: the process then exits 130 after writing what finished. */
export function wasInterrupted(): boolean {
  return interrupted;
}

export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(
      '\nbattle-odds: interrupted; finishing the running chunks and writing partial results (Ctrl-C again to quit now)\n',
    );
    interrupted = true;
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
    },
  };
}
