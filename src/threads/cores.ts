import os from 'node:os';

/** Cores this process may use: the default and the most `--threads` a run may ask for. */
export function coreCount(): number {
  return Math.max(1, os.availableParallelism());
}
