/**
 * A spool: a file in a run's staging folder that grows a piece at a time as battles finish
 * and is read back once, in pieces, when the run's own files are written. What a file needs
 * from every battle (summary.csv's rows, report.json's battles, index.html's sections) waits
 * here instead of in memory, so a run's memory does not grow with its number of battles.
 */
import { appendFileSync, closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { pacer } from '../core/engine/sample/executor.js';

const PIECE = 64 * 1024;

export class Spool {
  private written = false;
  constructor(private readonly file: string) {}

  append(text: string): void {
    appendFileSync(this.file, text);
    this.written = true;
  }

  /** Every line appended (each ended by `\n`), in order; the event loop runs between pieces. */
  async forEachLine(use: (line: string) => void): Promise<void> {
    let rest = '';
    await this.forEachPiece((piece) => {
      const lines = (rest + piece).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) use(line);
    });
    if (rest) use(rest);
  }

  /** Gives what was appended to `write`, a piece at a time (the event loop runs between pieces). */
  async copyOut(write: (text: string) => void): Promise<void> {
    await this.forEachPiece(write);
  }

  /** Copies what was appended to the open file `fd`, a piece at a time. */
  async copyTo(fd: number): Promise<void> {
    await this.forEachPiece((piece) => writeSync(fd, piece));
  }

  private async forEachPiece(use: (piece: string) => void): Promise<void> {
    if (!this.written) return;
    const pace = pacer();
    const fd = openSync(this.file, 'r');
    try {
      const buffer = Buffer.alloc(PIECE);
      const decoder = new TextDecoder('utf-8');
      for (let n; (n = readSync(fd, buffer, 0, PIECE, null)) > 0;) {
        // stream: a character split between two pieces is decoded whole with the next.
        use(decoder.decode(buffer.subarray(0, n), { stream: true }));
        await pace();
      }
      const last = decoder.decode();
      if (last) use(last);
    } finally {
      closeSync(fd);
    }
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}

/** Writes a file through `write`, opened for writing and closed even when `write` fails. */
export async function writeThrough(file: string, write: (fd: number) => Promise<void>): Promise<void> {
  const fd = openSync(file, 'w', 0o666);
  try {
    await write(fd);
  } finally {
    closeSync(fd);
  }
}
