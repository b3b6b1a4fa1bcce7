/** Where the command line writes: the process's streams, or buffers when a test runs it in-process. */
import type { Streams } from '../session/streams.js';

export type CliIO = Streams;

export const processIO: CliIO = { stdout: process.stdout, stderr: process.stderr };

/** Buffers for running the command line in-process (tests, the library). */
export function bufferIO(): CliIO & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    out: () => out,
    err: () => err,
  };
}
