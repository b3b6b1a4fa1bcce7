/**
 * The work a computation takes: this process's CPU time (every thread's), in milliseconds. A test that
 * promises "at once" or "in well under 100 ms" checks the work, not the wall time: the two agree whenever
 * the process has a core, and on a loaded machine the wall time also counts the waits for one.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `compute` and says how much work it took (cpuMs). */
export function work<T>(compute: () => T): { value: T; ms: number } {
  const before = cpuMs();
  const value = compute();
  return { value, ms: cpuMs() - before };
}
