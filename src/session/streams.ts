/** Where a run writes its notes and progress: the process's streams, or buffers when a test runs it in-process. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Streams {
  stdout: OutputStream;
  stderr: OutputStream;
}
