/** Where the command line writes: the process's streams, or buffers when a test runs it in-process. */
import type { OutputStream, Streams } from '../session/streams.js';
import { whyUnwritable } from '../files/fsErrors.js';

export type CliIO = Streams;

/** Standard output could not take all the output: closed by its reader (EPIPE), full, or failing. */
export const EXIT_OUTPUT_CLOSED = 141; // as a shell reports a process ended by SIGPIPE
export const EXIT_OUTPUT_FAILED = 74; // EX_IOERR (sysexits.h)

/**
 * The process's standard output, kept from ending the program when it closes (`| head`) or fills
 * (`> /dev/full`): the first failure is kept, what is written after it is dropped, and the run goes
 * on (a results folder is still written whole); runProgram then says so in one line and exits
 * EXIT_OUTPUT_CLOSED or EXIT_OUTPUT_FAILED.
 */
export class GuardedOutput implements OutputStream {
  private failure: NodeJS.ErrnoException | undefined;
  constructor(private readonly stream: NodeJS.WriteStream) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      this.failure ??= error;
    });
  }

  get isTTY(): boolean {
    return Boolean(this.stream.isTTY);
  }

  write(text: string): boolean {
    if (this.failure) return false;
    try {
      return this.stream.write(text);
    } catch (error) {
      this.failure ??= error as NodeJS.ErrnoException;
      return false;
    }
  }

  /** Why standard output stopped taking output, or undefined. */
  get lost(): NodeJS.ErrnoException | undefined {
    return this.failure;
  }
}

/** One line for output that was lost, and the exit code that says so. */
export function lostOutput(error: NodeJS.ErrnoException): { line: string; code: number } {
  if (error.code === 'EPIPE')
    return {
      line: 'battle-odds: error: standard output was closed before everything was printed (EPIPE)\n',
      code: EXIT_OUTPUT_CLOSED,
    };
  return {
    line: `battle-odds: error: standard output cannot be written: ${whyUnwritable(error)}\n`,
    code: EXIT_OUTPUT_FAILED,
  };
}

// A failing stderr (closed, full) has nowhere to report to: its errors are dropped, never a crash.
process.stderr.on('error', () => {});

export const processIO: CliIO = { stdout: new GuardedOutput(process.stdout), stderr: process.stderr };

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
